import '@mantine/core/styles/Drawer.css';
import { Drawer, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink } from '../../components/anchor-link';
import { DataTable } from '../../components/data-table';
import { localDateTime } from '../../lib/time';
import { HISTORY_PAGE_SIZE, matviewHistoryOptions } from './api';
import { PrevNextPager } from '../../components/prev-next-pager';
import { formatCount } from '../../lib/format';
import { TRIGGER_LABEL } from './format';
import { LiveRefreshState } from './refresh-state';
import { CenteredLoader } from '../../components/page-loader';
import { ErrorAlert } from '../../components/error-alert';

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
  if (history.isPending) return <CenteredLoader h={120} label="Loading the refreshes" />;
  if (history.isError)
    return <ErrorAlert title="Could not read the refreshes">{history.error.message}</ErrorAlert>;
  const { refreshes, next_offset: next } = history.data;
  return (
    <Stack gap="sm">
      {refreshes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No refreshes yet.
        </Text>
      ) : (
        <DataTable
          label="Refreshes"
          verticalSpacing="xs"
          rows={refreshes}
          rowKey={(r) => r.execution_id}
          rowTestId="refresh-row"
          columns={[
            { header: 'Trigger', cell: (r) => TRIGGER_LABEL[r.trigger] ?? r.trigger },
            {
              header: 'State',
              cell: (r) => (
                <Stack gap={4} align="flex-start">
                  <LiveRefreshState ctx={ctx} executionId={r.execution_id} state={r.state} />
                  {r.error && (
                    <Text size="xs" c="red" ff="monospace" style={{ wordBreak: 'break-word' }}>
                      {r.error}
                    </Text>
                  )}
                </Stack>
              ),
            },
            { header: 'Started', nowrap: true, cell: (r) => localDateTime(r.submitted_at) },
            {
              header: 'Ended',
              nowrap: true,
              cell: (r) => (r.ended_at ? localDateTime(r.ended_at) : '—'),
            },
            {
              header: 'Rows',
              align: 'right',
              cell: (r) => (r.row_count === null ? '—' : formatCount(r.row_count)),
            },
            {
              header: 'Execution',
              cell: (r) => (
                <AnchorLink
                  size="sm"
                  to="/executions/$executionId"
                  params={{ executionId: r.execution_id }}
                >
                  Open
                </AnchorLink>
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
