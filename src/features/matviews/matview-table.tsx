import {
  ActionIcon,
  Anchor,
  Badge,
  CopyButton,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconCheck,
  IconCopy,
  IconEdit,
  IconHistory,
  IconLock,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { RelativeTime } from '../../components/relative-time';
import { formatBytes, formatCount } from '../../lib/format';
import { localDateTime } from '../../lib/time';
import { fullNameOf, isFinishedState, type Matview } from './api';
import { TRIGGER_LABEL } from './format';
import { freshness } from './freshness';
import { LiveRefreshState } from './refresh-state';
import { describeCron, scheduleIntervalMinutes, utcDateTime } from './schedule';
import { IconAction } from '../../components/icon-action';

export type RowAction = 'refresh' | 'edit' | 'history' | 'delete';

/** A time as "3 hours ago" / "in 5 hours", exact (UTC and local) on hover. */
export function When({ iso, size = 'sm' }: { iso: string; size?: 'xs' | 'sm' }) {
  return (
    <RelativeTime
      iso={iso}
      size={size}
      dimmed={size === 'xs'}
      label={`${utcDateTime(new Date(iso))} · ${localDateTime(iso)} local`}
      openDelay={200}
    />
  );
}

function NameCell({ v }: { v: Matview }) {
  const full = fullNameOf(v);
  return (
    <Stack gap={4} align="flex-start">
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Text ff="monospace" size="sm" fw={500} data-testid="matview-name">
          {full}
        </Text>
        <CopyButton value={full} timeout={1500}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy full name'} withArrow>
              <ActionIcon
                size="sm"
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                aria-label={`Copy ${full}`}
                onClick={copy}
              >
                {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      {v.is_private && (
        <Badge size="xs" variant="light" color="gray" leftSection={<IconLock size={10} />}>
          Private
        </Badge>
      )}
    </Stack>
  );
}

function ScheduleCell({ v }: { v: Matview }) {
  const s = v.schedule;
  if (!s)
    return (
      <Text size="sm" c="dimmed">
        On demand
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm" data-testid="schedule-words">
        {describeCron(s.cron_expression) ?? s.cron_expression}
      </Text>
      {s.next_execution_time ? (
        <Group gap={4} wrap="nowrap" data-testid="next-run">
          <Text size="xs" c="dimmed">
            Next
          </Text>
          <When iso={s.next_execution_time} size="xs" />
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          Schedule ended
        </Text>
      )}
    </Stack>
  );
}

function LastRefreshCell({ ctx, v }: { ctx: string; v: Matview }) {
  const last = v.last_refresh;
  if (!last)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={2} align="flex-start">
      <LiveRefreshState ctx={ctx} executionId={last.execution_id} state={last.state} />
      <Group gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {TRIGGER_LABEL[last.trigger] ?? last.trigger}
        </Text>
        <When iso={last.ended_at ?? last.submitted_at} size="xs" />
      </Group>
    </Stack>
  );
}

/** The context's views: name, source, schedule, numbers, last refresh, freshness, actions. */
export function MatviewTable(props: {
  ctx: string;
  views: Matview[];
  /** The view whose refresh is being started. */
  refreshing: string | null;
  onAction: (action: RowAction, view: Matview) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Materialized views">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>View</Table.Th>
            <Table.Th>Source query</Table.Th>
            <Table.Th>Schedule</Table.Th>
            <Table.Th ta="right">Rows</Table.Th>
            <Table.Th ta="right">Size</Table.Th>
            <Table.Th>Last refresh</Table.Th>
            <Table.Th>Freshness</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.views.map((v) => {
            const full = fullNameOf(v);
            const fresh = freshness({
              refreshed_at: v.refreshed_at,
              last_refresh: v.last_refresh,
              intervalMinutes: scheduleIntervalMinutes(v.schedule?.cron_expression),
            });
            const running = v.last_refresh !== null && !isFinishedState(v.last_refresh.state);
            return (
              <Table.Tr key={full} data-testid="matview-row">
                <Table.Td>
                  <NameCell v={v} />
                </Table.Td>
                <Table.Td>
                  <Anchor
                    renderRoot={(rootProps) => (
                      <Link
                        to="/queries/$queryId"
                        params={{ queryId: String(v.query_id) }}
                        {...rootProps}
                      />
                    )}
                    size="sm"
                  >
                    {v.query_name || `Query #${v.query_id}`}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <ScheduleCell v={v} />
                </Table.Td>
                <Table.Td ta="right" data-testid="row-count">
                  {v.refreshed_at ? formatCount(v.row_count) : '—'}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {v.refreshed_at ? formatBytes(v.table_size_bytes) : '—'}
                </Table.Td>
                <Table.Td>
                  <LastRefreshCell ctx={props.ctx} v={v} />
                </Table.Td>
                <Table.Td>
                  <Tooltip label={fresh.reason} withArrow multiline maw={260}>
                    <Badge color={fresh.color} variant="dot" data-testid="freshness">
                      {fresh.label}
                    </Badge>
                  </Tooltip>
                </Table.Td>
                <Table.Td>
                  <Group gap={2} justify="flex-end" wrap="nowrap">
                    <IconAction
                      label={`Refresh ${full} now`}
                      icon={IconRefresh}
                      color="blue"
                      loading={props.refreshing === full}
                      disabled={running}
                      onClick={() => props.onAction('refresh', v)}
                    />
                    <IconAction
                      label={`Edit ${full}`}
                      icon={IconEdit}
                      onClick={() => props.onAction('edit', v)}
                    />
                    <IconAction
                      label={`Refresh history of ${full}`}
                      icon={IconHistory}
                      onClick={() => props.onAction('history', v)}
                    />
                    <IconAction
                      label={`Delete ${full}`}
                      icon={IconTrash}
                      color="red"
                      onClick={() => props.onAction('delete', v)}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
