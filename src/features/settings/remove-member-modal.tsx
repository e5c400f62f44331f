import { notifications } from '@mantine/notifications';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useRemoveMember } from './api';

/** Asks before removing a member (or leaving, when the member is the user). */
export function RemoveMemberModal(props: {
  team: string;
  self: string;
  member: string | null;
  onClose: () => void;
  onLeft: () => void;
}) {
  const remove = useRemoveMember(props.team, props.self);
  const close = () => {
    remove.reset();
    props.onClose();
  };
  const member = props.member;
  const leaving = member === props.self;
  return (
    <ConfirmDialog
      opened={member !== null}
      title={leaving ? `Leave ${props.team}?` : 'Remove member?'}
      confirmLabel={leaving ? 'Leave team' : 'Remove member'}
      pending={remove.isPending}
      error={remove.error}
      errorTitle="Not removed"
      onClose={close}
      onConfirm={() =>
        member &&
        remove.mutate(member, {
          onSuccess: () => {
            notifications.show({
              message: leaving ? `You left ${props.team}` : `Removed ${member} from ${props.team}`,
              color: 'teal',
            });
            close();
            if (leaving) props.onLeft();
          },
        })
      }
    >
      {leaving ? (
        <>
          You will lose access to everything <b>{props.team}</b> owns, unless an admin adds you
          again.
        </>
      ) : (
        <>
          Remove <b>{member}</b> from <b>{props.team}</b>? They lose access to everything the team
          owns.
        </>
      )}
    </ConfirmDialog>
  );
}
