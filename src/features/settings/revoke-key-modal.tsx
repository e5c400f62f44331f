import '@mantine/core/styles/Code.css';
import { Code } from '@mantine/core';
import type { ApiKeySummary } from '../../../contract/accounts';
import { MutationConfirm } from '../../components/mutation-confirm';
import { useRevokeApiKey } from './api';

const labelOf = (key: ApiKeySummary) => key.name || key.prefix;

/** Asks before revoking a key: programs using it are refused at once. */
export function RevokeKeyModal(props: {
  ctx: string;
  apiKey: ApiKeySummary | null;
  onClose: () => void;
}) {
  const key = props.apiKey;
  return (
    <MutationConfirm
      item={key}
      mutation={useRevokeApiKey(props.ctx)}
      variables={(k) => k.id}
      done={(k) => `Revoked ${labelOf(k)}`}
      title="Revoke API key?"
      confirmLabel="Revoke key"
      errorTitle="The key was not revoked"
      onClose={props.onClose}
    >
      Revoke <b>{key ? labelOf(key) : ''}</b> (<Code>{key?.prefix}…</Code>) of <b>{key?.context}</b>
      ? Programs using it get 401 from the next request on. This cannot be undone.
    </MutationConfirm>
  );
}
