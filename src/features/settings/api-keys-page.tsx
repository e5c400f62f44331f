import '@mantine/core/styles/Code.css';
import { Anchor, Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { ApiKeySummary } from '../../../contract/accounts';
import { useSession } from '../../lib/session';
import { ApiKeyTable } from './api-key-table';
import { CreateKeyModal } from './create-key-modal';
import { RevokeKeyModal } from './revoke-key-modal';

/** Settings → API keys of the active context: list, create (secret shown once), revoke. */
export function ApiKeysPage() {
  const { context, ctx } = useSession();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  // The personal context's owner and team admins manage keys; members only see them.
  const canManage = context.type === 'user' || context.role === 'admin';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={3}>API keys</Title>
            <Badge variant="light" color={context.type === 'team' ? 'grape' : 'indigo'}>
              {context.type === 'team' ? 'team' : 'personal'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" maw={640}>
            Keys of <b>{ctx}</b>, the active context. A program using a key acts in this context
            with the key&apos;s scope. Switch the context in the header to manage another
            context&apos;s keys.
          </Text>
          <Text size="sm" maw={640}>
            Send a key in the <Code>x-service-api-key</Code> header. Every endpoint, with its
            parameters and answers, is in the{' '}
            <Anchor href="/api/docs" target="_blank" rel="noopener">
              API reference
            </Anchor>{' '}
            (<Anchor href="/api/v1/openapi.json">OpenAPI document</Anchor>).
          </Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setCreating(true)}
          disabled={!canManage}
        >
          Create API key
        </Button>
      </Group>
      {!canManage && (
        <Text size="sm" c="dimmed">
          <IconKey size={14} style={{ verticalAlign: -2 }} /> Only admins of {ctx} create and revoke
          its keys.
        </Text>
      )}
      <Paper withBorder radius="md" p="xs">
        <ApiKeyTable ctx={ctx} canManage={canManage} onRevoke={setRevoking} />
      </Paper>
      <CreateKeyModal key={ctx} ctx={ctx} opened={creating} onClose={() => setCreating(false)} />
      <RevokeKeyModal
        ctx={ctx}
        apiKey={revoking?.context === ctx ? revoking : null}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}
