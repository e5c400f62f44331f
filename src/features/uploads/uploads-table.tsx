import {
  ActionIcon,
  Badge,
  CopyButton,
  Group,
  Menu,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconCheck,
  IconTerminal2,
  IconCopy,
  IconDotsVertical,
  IconEraser,
  IconFileUpload,
  IconLock,
  IconTrash,
} from '@tabler/icons-react';
import type { UploadedTable } from './api';
import { RelativeTime } from '../../components/relative-time';
import { formatBytes, formatCount } from '../../lib/format';
import { IconAction } from '../../components/icon-action';

export type RowAction = 'open' | 'append' | 'clear' | 'delete';

/** The uploaded tables with their numbers and what can be done with each. */
export function UploadsTable(props: {
  tables: UploadedTable[];
  onAction: (action: RowAction, table: UploadedTable) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Uploaded tables">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Table</Table.Th>
            <Table.Th ta="right">Columns</Table.Th>
            <Table.Th ta="right">Rows</Table.Th>
            <Table.Th ta="right">Size</Table.Th>
            <Table.Th>Updated</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.tables.map((t) => (
            <Table.Tr key={t.full_name} data-testid="upload-row">
              <Table.Td>
                <Stack gap={2}>
                  <Group gap={6} wrap="nowrap">
                    <Text ff="monospace" size="sm" fw={500}>
                      {t.full_name}
                    </Text>
                    <CopyButton value={t.full_name} timeout={1500}>
                      {({ copied, copy }) => (
                        <Tooltip label={copied ? 'Copied' : 'Copy full name'} withArrow>
                          <ActionIcon
                            size="sm"
                            variant="subtle"
                            color={copied ? 'teal' : 'gray'}
                            aria-label={`Copy ${t.full_name}`}
                            onClick={copy}
                          >
                            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </CopyButton>
                    {t.is_private && (
                      <Badge
                        size="sm"
                        variant="light"
                        color="gray"
                        leftSection={<IconLock size={12} />}
                      >
                        Private
                      </Badge>
                    )}
                  </Group>
                  {t.description && (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {t.description}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td ta="right">{formatCount(t.columns.length)}</Table.Td>
              <Table.Td ta="right" data-testid="row-count">
                {formatCount(t.row_count)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatBytes(Number(t.table_size_bytes))}
              </Table.Td>
              <Table.Td>
                <RelativeTime iso={t.updated_at} />
              </Table.Td>
              <Table.Td>
                <Group gap={2} justify="flex-end" wrap="nowrap">
                  <IconAction
                    label={`Open ${t.full_name} in the editor`}
                    icon={IconTerminal2}
                    onClick={() => props.onAction('open', t)}
                  />
                  <IconAction
                    label={`Append a CSV to ${t.full_name}`}
                    icon={IconFileUpload}
                    onClick={() => props.onAction('append', t)}
                  />
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`More actions for ${t.full_name}`}
                      >
                        <IconDotsVertical size={18} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item
                        leftSection={<IconEraser size={16} />}
                        onClick={() => props.onAction('clear', t)}
                      >
                        Clear rows…
                      </Menu.Item>
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={16} />}
                        onClick={() => props.onAction('delete', t)}
                      >
                        Delete table…
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
