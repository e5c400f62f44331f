import '@mantine/core/styles/Code.css';
import { ActionIcon, Badge, Code, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ApiKeySummary } from '../../../contract/accounts';
import { DataTable } from '../../components/data-table';
import { ErrorNote } from '../../components/error-alert';
import { apiKeysQueryOptions } from './api';
import { formatDateTime, formatLastUsed, SCOPE_LABEL } from './format';

/** The live API keys of `ctx`; nothing of another context is ever shown (the key holds ctx). */
export function ApiKeyTable(props: {
  ctx: string;
  canManage: boolean;
  onRevoke: (key: ApiKeySummary) => void;
}) {
  const keys = useQuery(apiKeysQueryOptions(props.ctx));
  if (keys.isError) return <ErrorNote error={keys.error} title="Could not load the API keys" />;
  if (keys.data?.length === 0)
    return (
      <Text c="dimmed" size="sm" py="md">
        No API keys in <b>{props.ctx}</b> yet.
      </Text>
    );
  return (
    <DataTable
      label={`API keys of ${props.ctx}`}
      minWidth={720}
      verticalSpacing="xs"
      loadingRows={2}
      rows={keys.data}
      rowKey={(k) => k.id}
      rowTestId="api-key-row"
      columns={[
        { header: 'Name', cell: (k) => k.name || <Text c="dimmed">unnamed</Text> },
        { header: 'Prefix', cell: (k) => <Code>{k.prefix}…</Code> },
        {
          header: 'Scope',
          cell: (k) => (
            <Badge variant="light" color={k.scope === 'read' ? 'gray' : 'indigo'}>
              {SCOPE_LABEL[k.scope]}
            </Badge>
          ),
        },
        { header: 'Created', cell: (k) => formatDateTime(k.created_at) },
        { header: 'Created by', cell: (k) => k.created_by ?? '—' },
        {
          header: 'Last used',
          title: (k) => (k.last_used_at ? formatDateTime(k.last_used_at) : undefined),
          cell: (k) => formatLastUsed(k.last_used_at),
        },
        {
          w: 48,
          cell: (k) =>
            props.canManage && (
              <Tooltip label="Revoke">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Revoke ${k.name || k.prefix}`}
                  onClick={() => props.onRevoke(k)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            ),
        },
      ]}
    />
  );
}
