import '@mantine/core/styles/Code.css';
import { Code } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { fullNameOf, type Matview } from './api';
import { useDeleteMatview } from './mutations';

/** Asks before deleting a view; the user types its name to confirm. */
export function DeleteMatviewModal(props: {
  ctx: string;
  view: Matview | null;
  onClose: () => void;
}) {
  const remove = useDeleteMatview(props.ctx);
  const close = () => {
    remove.reset();
    props.onClose();
  };
  const v = props.view;
  return (
    <ConfirmDialog
      opened={v !== null}
      title="Delete materialized view?"
      confirmLabel="Delete view"
      typeToConfirm={v?.name ?? ''}
      typeToConfirmLabel="Name to confirm"
      pending={remove.isPending}
      error={remove.error}
      errorTitle="Not deleted"
      onClose={close}
      onConfirm={() =>
        v &&
        remove.mutate(fullNameOf(v), {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: `Deleted ${fullNameOf(v)}` });
            close();
          },
        })
      }
    >
      <Code>{v && fullNameOf(v)}</Code> and its stored data go away, with its schedule. Queries that
      read it will fail. The source query stays.
    </ConfirmDialog>
  );
}
