import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconHistory, IconLock, IconRefresh, IconTrash } from '@tabler/icons-react';
import { AnchorLink } from '../../components/anchor-link';
import { CopyNameButton } from '../../components/copy-name-button';
import { DataTable } from '../../components/data-table';
import { RelativeTime } from '../../components/relative-time';
import { formatBytes, formatCount } from '../../lib/format';
import { localDateTime } from '../../lib/time';
import { fullNameOf, isFinishedState, type Matview } from './api';
import { TRIGGER_LABEL } from './format';
import { freshness } from './freshness';
import { LiveRefreshState } from './refresh-state';
import { scheduleIntervalMinutes } from '../../../shared/cron/cron-rules';
import { describeCron, utcDateTime } from '../../../shared/cron/cron-words';
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
        <CopyNameButton value={full} />
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
    <DataTable
      label="Materialized views"
      minWidth={1000}
      highlightOnHover
      rows={props.views}
      rowKey={fullNameOf}
      rowTestId="matview-row"
      columns={[
        { header: 'View', cell: (v) => <NameCell v={v} /> },
        {
          header: 'Source query',
          cell: (v) => (
            <AnchorLink to="/queries/$queryId" params={{ queryId: String(v.query_id) }} size="sm">
              {v.query_name || `Query #${v.query_id}`}
            </AnchorLink>
          ),
        },
        { header: 'Schedule', cell: (v) => <ScheduleCell v={v} /> },
        {
          header: 'Rows',
          align: 'right',
          testId: 'row-count',
          cell: (v) => (v.refreshed_at ? formatCount(v.row_count) : '—'),
        },
        {
          header: 'Size',
          align: 'right',
          nowrap: true,
          cell: (v) => (v.refreshed_at ? formatBytes(v.table_size_bytes) : '—'),
        },
        { header: 'Last refresh', cell: (v) => <LastRefreshCell ctx={props.ctx} v={v} /> },
        { header: 'Freshness', cell: (v) => <FreshnessBadge v={v} /> },
        {
          cell: (v) => <RowActions v={v} refreshing={props.refreshing} onAction={props.onAction} />,
        },
      ]}
    />
  );
}

function FreshnessBadge({ v }: { v: Matview }) {
  const fresh = freshness({
    refreshed_at: v.refreshed_at,
    last_refresh: v.last_refresh,
    intervalMinutes: scheduleIntervalMinutes(v.schedule?.cron_expression),
  });
  return (
    <Tooltip label={fresh.reason} withArrow multiline maw={260}>
      <Badge color={fresh.color} variant="dot" data-testid="freshness">
        {fresh.label}
      </Badge>
    </Tooltip>
  );
}

function RowActions(props: {
  v: Matview;
  refreshing: string | null;
  onAction: (action: RowAction, view: Matview) => void;
}) {
  const { v } = props;
  const full = fullNameOf(v);
  const running = v.last_refresh !== null && !isFinishedState(v.last_refresh.state);
  return (
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
  );
}
