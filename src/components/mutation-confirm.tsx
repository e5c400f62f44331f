import { notifications } from '@mantine/notifications';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

/** The part of a React Query mutation a confirm dialog runs. */
type ConfirmMutation<V> = {
  mutate: (variables: V, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: { message: string } | null;
};

/**
 * A ConfirmDialog about `item` (open while it is not null) that runs `mutation` on it, says
 * `done` in a notification when it worked and closes; a failure stays in the dialog.
 */
export function MutationConfirm<T, V>(
  props: Omit<ConfirmDialogProps, 'opened' | 'onConfirm' | 'pending' | 'error'> & {
    item: T | null;
    mutation: ConfirmMutation<V>;
    variables: (item: T) => V;
    /** The notification once done: "Deleted dune.team.t". */
    done: (item: T) => string;
    /** After the dialog closed on success. */
    onDone?: () => void;
  },
) {
  const { item, mutation, variables, done, onDone, onClose, ...dialog } = props;
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      {...dialog}
      opened={item !== null}
      pending={mutation.isPending}
      error={mutation.error}
      onClose={close}
      onConfirm={() =>
        item !== null &&
        mutation.mutate(variables(item), {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: done(item) });
            close();
            onDone?.();
          },
        })
      }
    />
  );
}
