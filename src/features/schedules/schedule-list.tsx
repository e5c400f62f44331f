import { Badge, Button, Group, Paper, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { utcDateTime } from '../../../shared/cron/cron-words';
import type { Schedule } from './target';
import { IconAction } from '../../components/icon-action';
import { RelativeTime } from '../../components/relative-time';
import { localDateTime } from '../../lib/time';
import { RUN_STATES } from './run-states';

export type ScheduleActions = {
  onEnabled: (id: number, enabled: boolean) => void;
  onRunNow: (id: number) => void;
  onRemove: (id: number) => void;
  /** The schedule an action is in flight for (its buttons show it). */
  busy: number | null;
  /** Changes are offered in the owner context only. */
  canChange: boolean;
};

/** When a run is: the UTC time it is scheduled at, and how far that is (local time on hover). */
function When(props: { label: string; iso: string; testId: string }) {
  return (
    <Group gap={4} wrap="nowrap" data-testid={props.testId}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text size="xs">{utcDateTime(props.iso)}</Text>
      <RelativeTime
        iso={props.iso}
        size="xs"
        label={`${utcDateTime(props.iso)} · ${localDateTime(props.iso)} local`}
      />
    </Group>
  );
}

type Describe = {
  describeCron?: (cron: string) => string | null;
  /** A schedule's values in words. */
  describeValues: (s: Schedule) => string;
  /** A schedule's recent runs, shown under it on demand. */
  renderRuns?: (s: Schedule) => ReactNode;
};

/**
 * What the buttons of a schedule call it: its times in words and its values when it has some
 * ("Every day at 06:00 UTC, n = 5"), never its internal id.
 */
export function scheduleName(words: string, values: string): string {
  return values === 'default values' ? words : `${words}, ${values}`;
}

function Row(props: Describe & { s: Schedule; actions: ScheduleActions }) {
  const { s, actions } = props;
  const words = props.describeCron?.(s.cron_expression) ?? null;
  const values = props.describeValues(s);
  const name = `“${scheduleName(words ?? s.cron_expression, values)}”`;
  const state = s.last_state ? RUN_STATES[s.last_state] : null;
  const busy = actions.busy === s.schedule_id;
  const [runsOpen, setRunsOpen] = useState(false);
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="schedule-row">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text size="sm" fw={600} data-testid="schedule-words">
              {words ?? s.cron_expression}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {s.cron_expression}
            </Text>
            <Badge size="sm" variant="light" color="gray" tt="none">
              {s.performance}
            </Badge>
          </Group>
          <Text size="sm" data-testid="schedule-values">
            {values}
          </Text>
          {s.next_run_at ? (
            <When label="Next run" iso={s.next_run_at} testId="next-run" />
          ) : (
            <Text size="xs" c="dimmed" data-testid="next-run">
              Paused
            </Text>
          )}
          {s.last_run_at && (
            <Group gap="xs" wrap="nowrap">
              <When label="Last run" iso={s.last_run_at} testId="last-run" />
              {state && (
                <Badge size="sm" variant="light" color={state.color} data-testid="last-state">
                  {state.label}
                </Badge>
              )}
            </Group>
          )}
          {props.renderRuns && (
            <Button
              variant="subtle"
              size="compact-xs"
              w="fit-content"
              leftSection={
                runsOpen ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />
              }
              aria-expanded={runsOpen}
              onClick={() => setRunsOpen((o) => !o)}
            >
              Recent runs
            </Button>
          )}
          {s.last_error && (
            <Text size="xs" c="red" role="alert" style={{ overflowWrap: 'anywhere' }}>
              {s.last_error}
            </Text>
          )}
        </Stack>
        {actions.canChange && (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={`${s.enabled ? 'Pause' : 'Resume'} ${name}`} withArrow openDelay={300}>
              <Switch
                size="sm"
                checked={s.enabled}
                disabled={busy}
                aria-label={`${name} enabled`}
                onChange={(e) => actions.onEnabled(s.schedule_id, e.currentTarget.checked)}
              />
            </Tooltip>
            <IconAction
              label={`Run ${name} now`}
              icon={IconPlayerPlay}
              disabled={busy || s.last_state === 'running'}
              onClick={() => actions.onRunNow(s.schedule_id)}
            />
            <IconAction
              label={`Remove ${name}`}
              icon={IconTrash}
              color="red"
              disabled={busy}
              onClick={() => actions.onRemove(s.schedule_id)}
            />
          </Group>
        )}
      </Group>
      {runsOpen && props.renderRuns && (
        <Stack mt="sm" data-testid="schedule-runs">
          {props.renderRuns(s)}
        </Stack>
      )}
    </Paper>
  );
}

/** A target's schedules: when, with what, the next and the last run, and their actions. */
export function ScheduleList(
  props: Describe & { schedules: Schedule[]; actions: ScheduleActions },
) {
  if (!props.schedules.length)
    return (
      <Text size="sm" c="dimmed" data-testid="no-schedules">
        No schedules yet.
      </Text>
    );
  return (
    <Stack gap="xs" aria-label="Schedules">
      {props.schedules.map((s) => (
        <Row
          key={s.schedule_id}
          s={s}
          describeCron={props.describeCron}
          describeValues={props.describeValues}
          renderRuns={props.renderRuns}
          actions={props.actions}
        />
      ))}
    </Stack>
  );
}
