import { ExecutionLink, HistoryDrawer, StateWithError } from '../../components/history-drawer';
import { formatCount } from '../../lib/format';
import { localDateTime } from '../../lib/time';
import { HISTORY_PAGE_SIZE, matviewHistoryOptions } from './api';
import { TRIGGER_LABEL } from './format';
import { LiveRefreshState } from './refresh-state';

/** Every refresh of one view, newest first: why it ran, its state, times, error, execution. */
export function RefreshHistoryDrawer(props: {
  ctx: string;
  fullName: string | null;
  onClose: () => void;
}) {
  const { ctx, fullName } = props;
  return (
    <HistoryDrawer
      subject={fullName}
      onClose={props.onClose}
      size="xl"
      title={fullName ? `Refreshes of ${fullName}` : 'Refreshes'}
      page={(offset) => matviewHistoryOptions(ctx, fullName ?? '', offset)}
      rows={(data) => ({ rows: data.refreshes, next: data.next_offset })}
      pageSize={HISTORY_PAGE_SIZE}
      what="the refreshes"
      empty="No refreshes yet."
      label="Refreshes"
      rowKey={(r) => r.execution_id}
      rowTestId="refresh-row"
      columns={[
        { header: 'Trigger', cell: (r) => TRIGGER_LABEL[r.trigger] ?? r.trigger },
        {
          header: 'State',
          cell: (r) => (
            <StateWithError
              badge={<LiveRefreshState ctx={ctx} executionId={r.execution_id} state={r.state} />}
              error={r.error}
              monospace
            />
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
        { header: 'Execution', cell: (r) => <ExecutionLink id={r.execution_id} /> },
      ]}
    />
  );
}
