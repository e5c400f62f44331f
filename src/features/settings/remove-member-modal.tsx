import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRemoveMember } from './api';
import { ErrorNote } from './error-note';

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
    <Modal
      opened={member !== null}
      onClose={close}
      title={leaving ? `Leave ${props.team}?` : 'Remove member?'}
    >
      {member && (
        <Stack>
          <Text size="sm">
            {leaving ? (
              <>
                You will lose access to everything <b>{props.team}</b> owns, unless an admin adds
                you again.
              </>
            ) : (
              <>
                Remove <b>{member}</b> from <b>{props.team}</b>? They lose access to everything the
                team owns.
              </>
            )}
          </Text>
          <ErrorNote error={remove.error} title="Not removed" />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(member, {
                  onSuccess: () => {
                    notifications.show({
                      message: leaving
                        ? `You left ${props.team}`
                        : `Removed ${member} from ${props.team}`,
                      color: 'teal',
                    });
                    close();
                    if (leaving) props.onLeft();
                  },
                })
              }
            >
              {leaving ? 'Leave team' : 'Remove member'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
