import { Badge, Group, Text } from '@mantine/core';
import type { ScheduleRun } from '../../../contract/schedules';
import { utcDateTime } from '../../../shared/cron/cron-words';
import { AnchorLink } from '../../components/anchor-link';
import { History, StateWithError } from '../../components/history-drawer';
import { RelativeTime } from '../../components/relative-time';
import { localDateTime } from '../../lib/time';
import { RUNS_PAGE, scheduleRunsOptions } from './api';
import { RUN_STATES } from './run-states';
import type { ScheduleTarget } from './target';

/**
 * A schedule's recent runs, newest first: when each fired, how it went (why it could not start)
 * and a link to each result it made (one per query of a dashboard).
 */
export function ScheduleRuns(props: {
  ctx: string;
  target: Pick<ScheduleTarget, 'kind' | 'id'>;
  scheduleId: number;
}) {
  const { ctx, target, scheduleId } = props;
  return (
    <History
      page={(offset) => scheduleRunsOptions(ctx, target, scheduleId, offset)}
      rows={(data) => ({ rows: data.runs, next: data.next_offset })}
      pageSize={RUNS_PAGE}
      label="Recent runs"
      what="the runs"
      empty="No runs yet: the first comes at the next run time, or with Run now."
      rowKey={(r) => `${r.run_at} ${r.executions[0]?.execution_id ?? ''}`}
      rowTestId="schedule-run"
      columns={[
        {
          header: 'Ran',
          nowrap: true,
          cell: (r) => (
            <Group gap={6} wrap="nowrap">
              <Text size="sm">{utcDateTime(r.run_at)}</Text>
              <RelativeTime
                iso={r.run_at}
                size="xs"
                label={`${utcDateTime(r.run_at)} · ${localDateTime(r.run_at)} local`}
              />
            </Group>
          ),
        },
        {
          header: 'State',
          cell: (r) => (
            <StateWithError
              badge={
                <Badge size="sm" variant="light" color={RUN_STATES[r.state].color}>
                  {RUN_STATES[r.state].label}
                </Badge>
              }
              error={r.error}
            />
          ),
        },
        {
          header: 'Result',
          cell: (r) => <RunResults run={r} dashboard={target.kind === 'dashboard'} />,
        },
      ]}
    />
  );
}

/** Links to a run's results: "Open" for a query's, one per query for a dashboard's. */
function RunResults({ run, dashboard }: { run: ScheduleRun; dashboard: boolean }) {
  if (!run.executions.length) return '—';
  return (
    <Group gap="xs">
      {run.executions.map((e) => (
        <AnchorLink
          key={e.execution_id}
          size="sm"
          to="/executions/$executionId"
          params={{ executionId: e.execution_id }}
        >
          {dashboard && e.query_id !== null ? `Query ${e.query_id}` : 'Open'}
        </AnchorLink>
      ))}
    </Group>
  );
}
