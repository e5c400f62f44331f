import { ActionIcon, Badge, Group, Menu, Stack, Text } from '@mantine/core';
import {
  IconTerminal2,
  IconDotsVertical,
  IconEraser,
  IconFileUpload,
  IconLock,
  IconTrash,
} from '@tabler/icons-react';
import type { UploadedTable } from './api';
import { CopyNameButton } from '../../components/copy-name-button';
import { DataTable } from '../../components/data-table';
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
    <DataTable
      label="Uploaded tables"
      minWidth={760}
      highlightOnHover
      rows={props.tables}
      rowKey={(t) => t.full_name}
      rowTestId="upload-row"
      columns={[
        {
          header: 'Table',
          cell: (t) => (
            <Stack gap={2}>
              <Group gap={6} wrap="nowrap">
                <Text ff="monospace" size="sm" fw={500}>
                  {t.full_name}
                </Text>
                <CopyNameButton value={t.full_name} />
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
          ),
        },
        { header: 'Columns', align: 'right', cell: (t) => formatCount(t.columns.length) },
        {
          header: 'Rows',
          align: 'right',
          testId: 'row-count',
          cell: (t) => formatCount(t.row_count),
        },
        {
          header: 'Size',
          align: 'right',
          nowrap: true,
          cell: (t) => formatBytes(Number(t.table_size_bytes)),
        },
        { header: 'Updated', cell: (t) => <RelativeTime iso={t.updated_at} /> },
        { cell: (t) => <RowActions t={t} onAction={props.onAction} /> },
      ]}
    />
  );
}

function RowActions({
  t,
  onAction,
}: {
  t: UploadedTable;
  onAction: (action: RowAction, table: UploadedTable) => void;
}) {
  return (
    <Group gap={2} justify="flex-end" wrap="nowrap">
      <IconAction
        label={`Open ${t.full_name} in the editor`}
        icon={IconTerminal2}
        onClick={() => onAction('open', t)}
      />
      <IconAction
        label={`Append a CSV to ${t.full_name}`}
        icon={IconFileUpload}
        onClick={() => onAction('append', t)}
      />
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${t.full_name}`}>
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconEraser size={16} />} onClick={() => onAction('clear', t)}>
            Clear rows…
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => onAction('delete', t)}
          >
            Delete table…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
