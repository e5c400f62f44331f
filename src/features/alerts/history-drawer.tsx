import '@mantine/core/styles/Drawer.css';
import { Badge, Drawer, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink } from '../../components/anchor-link';
import { DataTable } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { CenteredLoader } from '../../components/page-loader';
import { PrevNextPager } from '../../components/prev-next-pager';
import { localDateTime } from '../../lib/time';
import { alertHistoryOptions, HISTORY_PAGE_SIZE, type Evaluation } from './api';
import { AlertStateBadge, shownValue } from './alert-state';

/** Every kept evaluation of one alert, newest first, with what each delivery did. */
export function AlertHistoryDrawer(props: {
  ctx: string;
  alertId: number | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={props.alertId !== null}
      onClose={props.onClose}
      position="right"
      size={960}
      title="Alert history"
    >
      {props.alertId !== null && <History key={props.alertId} ctx={props.ctx} id={props.alertId} />}
    </Drawer>
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

function History({ ctx, id }: { ctx: string; id: number }) {
  const [offset, setOffset] = useState(0);
  const history = useQuery(alertHistoryOptions(ctx, id, offset));
  if (history.isPending) return <CenteredLoader h={120} label="Loading the history" />;
  if (history.isError)
    return <ErrorAlert title="Could not read the history">{history.error.message}</ErrorAlert>;
  const { evaluations, next_offset: next } = history.data;
  return (
    <Stack gap="sm">
      {evaluations.length === 0 ? (
        <Text size="sm" c="dimmed">
          Not evaluated yet.
        </Text>
      ) : (
        <DataTable
          label="Evaluations"
          verticalSpacing="xs"
          rows={evaluations}
          rowKey={(e) => e.id}
          rowTestId="evaluation-row"
          columns={[
            { header: 'When', nowrap: true, cell: (e) => localDateTime(e.started_at) },
            { header: 'Trigger', cell: (e) => (e.trigger === 'schedule' ? 'Schedule' : 'Run now') },
            {
              header: 'State',
              cell: (e) => (
                <Stack gap={4} align="flex-start">
                  <AlertStateBadge state={e.state} />
                  {e.error && (
                    <Text size="xs" c="red" style={{ wordBreak: 'break-word' }}>
                      {e.error}
                    </Text>
                  )}
                </Stack>
              ),
            },
            { header: 'Value', cell: (e) => <Text size="sm">{shownValue(e.value)}</Text> },
            { header: 'Deliveries', cell: (e) => <Deliveries e={e} /> },
            {
              header: 'Execution',
              cell: (e) =>
                e.execution_id ? (
                  <AnchorLink
                    size="sm"
                    to="/executions/$executionId"
                    params={{ executionId: e.execution_id }}
                  >
                    Open
                  </AnchorLink>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      )}
      {(offset > 0 || next !== undefined) && (
        <PrevNextPager
          justify="flex-end"
          previousLabel="Newer"
          nextLabel="Older"
          hasPrevious={offset > 0}
          hasNext={next !== undefined}
          onPrevious={() => setOffset(Math.max(0, offset - HISTORY_PAGE_SIZE))}
          onNext={() => next !== undefined && setOffset(next)}
        />
      )}
    </Stack>
  );
}
