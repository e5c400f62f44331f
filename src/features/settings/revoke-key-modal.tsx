import '@mantine/core/styles/Code.css';
import { Code } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ApiKeySummary } from '../../../contract/accounts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useRevokeApiKey } from './api';

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
    <ConfirmDialog
      opened={key !== null}
      title="Revoke API key?"
      confirmLabel="Revoke key"
      pending={revoke.isPending}
      error={revoke.error}
      errorTitle="The key was not revoked"
      onClose={close}
      onConfirm={() =>
        key &&
        revoke.mutate(key.id, {
          onSuccess: () => {
            notifications.show({ message: `Revoked ${label}`, color: 'teal' });
            close();
          },
        })
      }
    >
      Revoke <b>{label}</b> (<Code>{key?.prefix}…</Code>) of <b>{key?.context}</b>? Programs using
      it get 401 from the next request on. This cannot be undone.
    </ConfirmDialog>
  );
}
