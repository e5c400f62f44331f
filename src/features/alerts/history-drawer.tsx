import { Badge, Group, Stack, Text } from '@mantine/core';
import { ExecutionLink, HistoryDrawer, StateWithError } from '../../components/history-drawer';
import { localDateTime } from '../../lib/time';
import { alertHistoryOptions, HISTORY_PAGE_SIZE, type Evaluation } from './api';
import { AlertStateBadge, conditionText, shownValue } from './alert-state';

/** Every kept evaluation of one alert, newest first, with what each delivery did. */
export function AlertHistoryDrawer(props: {
  ctx: string;
  alertId: number | null;
  onClose: () => void;
}) {
  const { ctx, alertId } = props;
  return (
    <HistoryDrawer
      subject={alertId}
      onClose={props.onClose}
      size={960}
      title="Alert history"
      page={(offset) => alertHistoryOptions(ctx, alertId ?? 0, offset)}
      rows={(data) => ({ rows: data.evaluations, next: data.next_offset })}
      pageSize={HISTORY_PAGE_SIZE}
      what="the history"
      empty="Not evaluated yet."
      label="Evaluations"
      rowKey={(e) => e.id}
      rowTestId="evaluation-row"
      columns={[
        { header: 'When', nowrap: true, cell: (e) => localDateTime(e.started_at) },
        { header: 'Trigger', cell: (e) => (e.trigger === 'schedule' ? 'Schedule' : 'Run now') },
        {
          header: 'State',
          cell: (e) => (
            <StateWithError badge={<AlertStateBadge state={e.state} />} error={e.error} />
          ),
        },
        { header: 'Value', cell: (e) => <Text size="sm">{shownValue(e.value)}</Text> },
        {
          // The condition this evaluation checked: a later edit explains a different state.
          header: 'Condition',
          cell: (e) => (
            <Text size="sm" ff="monospace" data-testid="evaluation-condition">
              {e.condition ? conditionText(e.condition) : '—'}
            </Text>
          ),
        },
        { header: 'Deliveries', cell: (e) => <Deliveries e={e} /> },
        { header: 'Execution', cell: (e) => <ExecutionLink id={e.execution_id} /> },
      ]}
    />
  );
}

function Deliveries({ e }: { e: Evaluation }) {
  if (e.deliveries.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {e.state === 'running' ? '—' : 'none sent'}
      </Text>
    );
  return (
    <Stack gap={2}>
      {e.deliveries.map((d, i) => (
        <Group key={i} gap={4} wrap="nowrap" align="flex-start" data-testid="delivery">
          <Badge
            size="xs"
            color={d.ok ? 'green' : 'red'}
            variant="light"
            style={{ minWidth: 'max-content' }}
          >
            {d.ok ? 'sent' : 'failed'}
          </Badge>
          <Text size="xs" style={{ wordBreak: 'break-all' }}>
            {d.destination}
            {d.attempts > 1 ? ` (${d.attempts} tries)` : ''}
            {d.error ? ` — ${d.error}` : ''}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
