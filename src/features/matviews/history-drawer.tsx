import '@mantine/core/styles/Drawer.css';
import { Alert, Anchor, Center, Drawer, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { localDateTime } from '../../lib/time';
import { HISTORY_PAGE_SIZE, matviewHistoryOptions } from './api';
import { PrevNextPager } from '../../components/prev-next-pager';
import { formatCount } from '../../lib/format';
import { TRIGGER_LABEL } from './format';
import { LiveRefreshState } from './refresh-state';

/** Every refresh of one view, newest first: why it ran, its state, times, error, execution. */
export function HistoryDrawer(props: {
  ctx: string;
  fullName: string | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={props.fullName !== null}
      onClose={props.onClose}
      position="right"
      size="xl"
      title={props.fullName ? `Refreshes of ${props.fullName}` : 'Refreshes'}
    >
      {props.fullName && <History key={props.fullName} ctx={props.ctx} fullName={props.fullName} />}
    </Drawer>
  );
}

function History({ ctx, fullName }: { ctx: string; fullName: string }) {
  const [offset, setOffset] = useState(0);
  const history = useQuery(matviewHistoryOptions(ctx, fullName, offset));
  if (history.isPending)
    return (
      <Center h={120}>
        <Loader size="sm" aria-label="Loading the refreshes" />
      </Center>
    );
  if (history.isError)
    return (
      <Alert color="red" title="Could not read the refreshes" role="alert">
        {history.error.message}
      </Alert>
    );
  const { refreshes, next_offset: next } = history.data;
  return (
    <Stack gap="sm">
      {refreshes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No refreshes yet.
        </Text>
      ) : (
        <Table verticalSpacing="xs" aria-label="Refreshes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Trigger</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Started</Table.Th>
              <Table.Th>Ended</Table.Th>
              <Table.Th ta="right">Rows</Table.Th>
              <Table.Th>Execution</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {refreshes.map((r) => (
              <Table.Tr key={r.execution_id} data-testid="refresh-row">
                <Table.Td>{TRIGGER_LABEL[r.trigger] ?? r.trigger}</Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <LiveRefreshState ctx={ctx} executionId={r.execution_id} state={r.state} />
                    {r.error && (
                      <Text size="xs" c="red" ff="monospace" style={{ wordBreak: 'break-word' }}>
                        {r.error}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {localDateTime(r.submitted_at)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {r.ended_at ? localDateTime(r.ended_at) : '—'}
                </Table.Td>
                <Table.Td ta="right">
                  {r.row_count === null ? '—' : formatCount(r.row_count)}
                </Table.Td>
                <Table.Td>
                  <Anchor
                    size="sm"
                    renderRoot={(rootProps) => (
                      <Link
                        to="/executions/$executionId"
                        params={{ executionId: r.execution_id }}
                        {...rootProps}
                      />
                    )}
                  >
                    Open
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
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
