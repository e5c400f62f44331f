import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Modal.css';
import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ApiKeySummary } from '../../../contract/accounts';
import { useRevokeApiKey } from './api';
import { ErrorNote } from './error-note';

/** Asks before revoking a key: programs using it are refused at once. */
export function RevokeKeyModal(props: {
  ctx: string;
  apiKey: ApiKeySummary | null;
  onClose: () => void;
}) {
  const revoke = useRevokeApiKey(props.ctx);
  const close = () => {
    revoke.reset();
    props.onClose();
  };
  const key = props.apiKey;
  const label = key ? key.name || key.prefix : '';
  return (
    <Modal opened={key !== null} onClose={close} title="Revoke API key?">
      {key && (
        <Stack>
          <Text size="sm">
            Revoke <b>{label}</b> (<Code>{key.prefix}…</Code>) of <b>{key.context}</b>? Programs
            using it get 401 from the next request on. This cannot be undone.
          </Text>
          <ErrorNote error={revoke.error} title="The key was not revoked" />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(key.id, {
                  onSuccess: () => {
                    notifications.show({ message: `Revoked ${label}`, color: 'teal' });
                    close();
                  },
                })
              }
            >
              Revoke key
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
