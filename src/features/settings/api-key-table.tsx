import '@mantine/core/styles/Code.css';
import {
  ActionIcon,
  Badge,
  Code,
  Skeleton,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ApiKeySummary } from '../../../contract/accounts';
import { ErrorNote } from './error-note';
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
    <Table.ScrollContainer minWidth={720}>
      <Table
        verticalSpacing="xs"
        aria-label={`API keys of ${props.ctx}`}
        aria-busy={keys.isPending}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Prefix</Table.Th>
            <Table.Th>Scope</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Created by</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.isPending
            ? [0, 1].map((i) => (
                <Table.Tr key={i}>
                  <Table.Td colSpan={7}>
                    <Skeleton h={20} />
                  </Table.Td>
                </Table.Tr>
              ))
            : keys.data.map((k) => (
                <Table.Tr key={k.id} data-testid="api-key-row">
                  <Table.Td>{k.name || <Text c="dimmed">unnamed</Text>}</Table.Td>
                  <Table.Td>
                    <Code>{k.prefix}…</Code>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={k.scope === 'read' ? 'gray' : 'indigo'}>
                      {SCOPE_LABEL[k.scope]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDateTime(k.created_at)}</Table.Td>
                  <Table.Td>{k.created_by ?? '—'}</Table.Td>
                  <Table.Td title={k.last_used_at ? formatDateTime(k.last_used_at) : undefined}>
                    {formatLastUsed(k.last_used_at)}
                  </Table.Td>
                  <Table.Td>
                    {props.canManage && (
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
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
