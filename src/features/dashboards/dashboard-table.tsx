import { ActionIcon, Badge, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconDots, IconLock, IconSettings } from '@tabler/icons-react';
import type { DashboardResponse } from '../../../contract/dashboards';
import { AnchorLink } from '../../components/anchor-link';
import { DataTable } from '../../components/data-table';

type Props = {
  dashboards: DashboardResponse[];
  activeTags: string[];
  onTag: (tag: string) => void;
  onSettings: (d: DashboardResponse) => void;
  onArchive: (d: DashboardResponse, archive: boolean) => void;
};

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium' });

/** The context's dashboards: name (with private and archived markers), link, tags, actions. */
export function DashboardTable(props: Props) {
  return (
    <DataTable
      label="Dashboards"
      verticalSpacing="xs"
      highlightOnHover
      rows={props.dashboards}
      rowKey={(d) => d.dashboard_id}
      rowTestId="dashboard-row"
      columns={[
        {
          header: 'Name',
          cell: (d) => (
            <Group gap={6} wrap="nowrap">
              <AnchorLink
                to="/dashboards/$dashboardId"
                params={{ dashboardId: String(d.dashboard_id) }}
                fw={500}
                size="sm"
              >
                {d.name}
              </AnchorLink>
              {d.is_private && (
                <Tooltip label="Private: only this context can open it">
                  <IconLock size={14} aria-label="Private" role="img" />
                </Tooltip>
              )}
              {d.is_archived && (
                <Badge size="xs" variant="outline" color="gray">
                  Archived
                </Badge>
              )}
            </Group>
          ),
        },
        {
          header: 'Link',
          visibleFrom: 'sm',
          cell: (d) => (
            <Text size="xs" c="dimmed" ff="monospace">
              /{d.owner_handle}/{d.slug}
            </Text>
          ),
        },
        {
          header: 'Tags',
          cell: (d) => (
            <Group gap={4}>
              {d.tags.map((t) => (
                <Badge
                  key={t}
                  size="sm"
                  variant={props.activeTags.includes(t) ? 'filled' : 'light'}
                  style={{ cursor: 'pointer' }}
                  onClick={() => props.onTag(t)}
                  component="button"
                  aria-label={`Filter by tag ${t}`}
                >
                  {t}
                </Badge>
              ))}
            </Group>
          ),
        },
        {
          header: 'Updated',
          visibleFrom: 'md',
          cell: (d) => (
            <Text size="sm" c="dimmed">
              {when(d.updated_at)}
            </Text>
          ),
        },
        { w: 48, cell: (d) => <DashboardMenu d={d} {...props} /> },
      ]}
    />
  );
}

function DashboardMenu({ d, onSettings, onArchive }: Props & { d: DashboardResponse }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${d.name}`}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconSettings size={14} />} onClick={() => onSettings(d)}>
          Rename, slug and tags
        </Menu.Item>
        {d.is_archived ? (
          <Menu.Item leftSection={<IconArchiveOff size={14} />} onClick={() => onArchive(d, false)}>
            Unarchive
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconArchive size={14} />} onClick={() => onArchive(d, true)}>
            Archive
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
