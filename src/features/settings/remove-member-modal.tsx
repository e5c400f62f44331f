import { MutationConfirm } from '../../components/mutation-confirm';
import { useRemoveMember } from './api';

/** Asks before removing a member (or leaving, when the member is the user). */
export function RemoveMemberModal(props: {
  team: string;
  self: string;
  member: string | null;
  onClose: () => void;
  onLeft: () => void;
}) {
  const { team, member } = props;
  const leaving = member === props.self;
  return (
    <MutationConfirm
      item={member}
      mutation={useRemoveMember(team, props.self)}
      variables={(m) => m}
      done={(m) => (leaving ? `You left ${team}` : `Removed ${m} from ${team}`)}
      onDone={leaving ? props.onLeft : undefined}
      title={leaving ? `Leave ${team}?` : 'Remove member?'}
      confirmLabel={leaving ? 'Leave team' : 'Remove member'}
      errorTitle="Not removed"
      onClose={props.onClose}
    >
      {leaving ? (
        <>
          You will lose access to everything <b>{team}</b> owns, unless an admin adds you again.
        </>
      ) : (
        <>
          Remove <b>{member}</b> from <b>{team}</b>? They lose access to everything the team owns.
        </>
      )}
    </MutationConfirm>
  );
}
