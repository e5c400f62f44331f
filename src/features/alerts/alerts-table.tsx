import { Badge, Group, Stack, Text } from '@mantine/core';
import {
  IconEdit,
  IconHistory,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
  IconBolt,
} from '@tabler/icons-react';
import { describeCron } from '../../../shared/cron/cron-words';
import { AnchorLink } from '../../components/anchor-link';
import { DataTable } from '../../components/data-table';
import { IconAction } from '../../components/icon-action';
import { RelativeTime } from '../../components/relative-time';
import { valuesText } from '../../lib/parameter-values';
import type { Alert } from './api';
import { AlertStateBadge, conditionText, shownValue } from './alert-state';

export type AlertAction = 'run' | 'pause' | 'resume' | 'edit' | 'history' | 'delete';

function StateCell({ a }: { a: Alert }) {
  return (
    <Stack gap={2} align="flex-start">
      <AlertStateBadge state={a.state} />
      {a.state === 'failed' && a.last_error ? (
        <Text size="xs" c="red" lineClamp={2} title={a.last_error}>
          {a.last_error}
        </Text>
      ) : (
        a.last_evaluated_at && (
          <Text size="xs" c="dimmed">
            value {shownValue(a.last_value)}
          </Text>
        )
      )}
    </Stack>
  );
}

function ScheduleCell({ a }: { a: Alert }) {
  return (
    <Stack gap={0}>
      <Text size="sm" title={a.cron_expression} data-testid="alert-schedule">
        {describeCron(a.cron_expression) ?? a.cron_expression}
      </Text>
      {a.next_evaluation_time ? (
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed">
            Next
          </Text>
          <RelativeTime iso={a.next_evaluation_time} size="xs" />
        </Group>
      ) : (
        <Badge size="xs" color="gray" variant="light">
          Paused
        </Badge>
      )}
    </Stack>
  );
}

/** The context's alerts: name, query, condition, state, schedule, last run, actions. */
export function AlertsTable(props: {
  alerts: Alert[];
  /** The alert being run now. */
  running: number | null;
  onAction: (action: AlertAction, alert: Alert) => void;
}) {
  const act = (action: AlertAction, a: Alert) => () => props.onAction(action, a);
  return (
    <DataTable
      label="Alerts"
      minWidth={900}
      highlightOnHover
      rows={props.alerts}
      rowKey={(a) => a.id}
      rowTestId="alert-row"
      columns={[
        {
          header: 'Alert',
          cell: (a) => (
            <Text size="sm" fw={500} data-testid="alert-name">
              {a.name}
            </Text>
          ),
        },
        {
          header: 'Query',
          cell: (a) => (
            <Stack gap={0} align="flex-start">
              <AnchorLink to="/queries/$queryId" params={{ queryId: String(a.query_id) }} size="sm">
                {a.query_name || `Query #${a.query_id}`}
              </AnchorLink>
              <Text size="xs" c="dimmed" data-testid="alert-values" lineClamp={2}>
                {valuesText(a.query_parameters)}
              </Text>
            </Stack>
          ),
        },
        {
          header: 'Condition',
          cell: (a) => (
            <Text size="sm" ff="monospace">
              {conditionText(a.condition)}
            </Text>
          ),
        },
        { header: 'State', cell: (a) => <StateCell a={a} /> },
        { header: 'Schedule (UTC)', cell: (a) => <ScheduleCell a={a} /> },
        {
          header: 'Last run',
          nowrap: true,
          cell: (a) => (a.last_evaluated_at ? <RelativeTime iso={a.last_evaluated_at} /> : '—'),
        },
        {
          cell: (a) => (
            <Group gap={2} justify="flex-end" wrap="nowrap">
              <IconAction
                label={`Run ${a.name} now`}
                icon={IconBolt}
                color="blue"
                loading={props.running === a.id}
                onClick={act('run', a)}
              />
              {a.is_paused ? (
                <IconAction
                  label={`Resume ${a.name}`}
                  icon={IconPlayerPlay}
                  onClick={act('resume', a)}
                />
              ) : (
                <IconAction
                  label={`Pause ${a.name}`}
                  icon={IconPlayerPause}
                  onClick={act('pause', a)}
                />
              )}
              <IconAction label={`Edit ${a.name}`} icon={IconEdit} onClick={act('edit', a)} />
              <IconAction
                label={`History of ${a.name}`}
                icon={IconHistory}
                onClick={act('history', a)}
              />
              <IconAction
                label={`Delete ${a.name}`}
                icon={IconTrash}
                color="red"
                onClick={act('delete', a)}
              />
            </Group>
          ),
        },
      ]}
    />
  );
}
