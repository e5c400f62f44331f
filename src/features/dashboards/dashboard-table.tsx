import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  Menu,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconArchive, IconArchiveOff, IconDots, IconLock, IconSettings } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { DashboardResponse } from '../../../contract/dashboards';

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
    <Table highlightOnHover verticalSpacing="xs" aria-label="Dashboards">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th visibleFrom="sm">Link</Table.Th>
          <Table.Th>Tags</Table.Th>
          <Table.Th visibleFrom="md">Updated</Table.Th>
          <Table.Th w={48}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.dashboards.map((d) => (
          <Table.Tr key={d.dashboard_id} data-testid="dashboard-row">
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Anchor
                  renderRoot={(rootProps) => (
                    <Link
                      to="/dashboards/$dashboardId"
                      params={{ dashboardId: String(d.dashboard_id) }}
                      {...rootProps}
                    />
                  )}
                  fw={500}
                  size="sm"
                >
                  {d.name}
                </Anchor>
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
            </Table.Td>
            <Table.Td visibleFrom="sm">
              <Text size="xs" c="dimmed" ff="monospace">
                /{d.owner_handle}/{d.slug}
              </Text>
            </Table.Td>
            <Table.Td>
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
            </Table.Td>
            <Table.Td visibleFrom="md">
              <Text size="sm" c="dimmed">
                {when(d.updated_at)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${d.name}`}>
                    <IconDots size={16} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    leftSection={<IconSettings size={14} />}
                    onClick={() => props.onSettings(d)}
                  >
                    Rename, slug and tags
                  </Menu.Item>
                  {d.is_archived ? (
                    <Menu.Item
                      leftSection={<IconArchiveOff size={14} />}
                      onClick={() => props.onArchive(d, false)}
                    >
                      Unarchive
                    </Menu.Item>
                  ) : (
                    <Menu.Item
                      leftSection={<IconArchive size={14} />}
                      onClick={() => props.onArchive(d, true)}
                    >
                      Archive
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
