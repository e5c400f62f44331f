import { wireTypeName } from '../engine/result-types.js';
import type { Page } from '../engine/results.js';
import { STATES, TERMINAL, type ExecutionRecord } from './execution-record.js';

/** The state a caller sees: a completed result past `expires_at` is expired even before the sweep. */
export function visibleState(e: ExecutionRecord, now = Date.now()): ExecutionRecord['state'] {
  if (
    (e.state === STATES.completed || e.state === STATES.partial) &&
    e.expires_at &&
    Date.parse(e.expires_at) <= now
  ) {
    return STATES.expired;
  }
  return e.state;
}

/** Fields shared by status and results (compat-reference 3.1 and 3.2); absent ones are omitted. */
export function envelope(e: ExecutionRecord) {
  const state = visibleState(e);
  return {
    execution_id: e.id,
    query_id: e.query_id,
    state,
    is_execution_finished: TERMINAL.has(state),
    submitted_at: e.submitted_at,
    ...(e.started_at ? { execution_started_at: e.started_at } : {}),
    ...(e.ended_at ? { execution_ended_at: e.ended_at } : {}),
    ...(e.cancelled_at ? { cancelled_at: e.cancelled_at } : {}),
    ...(e.expires_at ? { expires_at: e.expires_at } : {}),
    ...(e.error ? { error: e.error } : {}),
  };
}

/** Result metadata; `page` narrows row_count and result_set_bytes to one page and its columns. */
export function resultMetadata(
  e: ExecutionRecord,
  page?: Pick<Page, 'columns' | 'rowCount' | 'totalRowCount' | 'pageBytes'>,
) {
  const names = page ? page.columns.map((c) => c.name) : (e.column_names ?? []);
  const types = page ? page.columns.map((c) => c.type) : (e.column_types ?? []);
  const total = page ? page.totalRowCount : (e.row_count ?? 0);
  return {
    column_names: names,
    column_types: types.map(wireTypeName),
    row_count: page ? page.rowCount : (e.row_count ?? 0),
    result_set_bytes: page ? page.pageBytes : (e.result_bytes ?? 0),
    total_row_count: total,
    total_result_set_bytes: e.result_bytes ?? 0,
    datapoint_count: total * names.length,
    pending_time_millis: e.pending_time_ms ?? 0,
    execution_time_millis: e.execution_time_ms ?? 0,
  };
}

export function statusView(
  e: ExecutionRecord,
  live: { queuePosition?: number; maxInflight: number; inflightReached: number },
) {
  const base = envelope(e);
  return {
    ...base,
    ...(base.state === STATES.pending && live.queuePosition !== undefined
      ? { queue_position: live.queuePosition }
      : {}),
    execution_cost_credits: e.cost_credits,
    max_inflight_interactive_executions: live.maxInflight,
    max_inflight_interactive_reached: live.inflightReached,
    ...(base.state === STATES.completed ? { result_metadata: resultMetadata(e) } : {}),
  };
}

/**
 * The results body as the text before and after the rows' JSON array: the envelope (and the
 * fields of `extra`, an endpoint's own additions), with the page's rows (written by DuckDB, never
 * parsed) streamed in between; without a page, `head` is the whole body.
 */
export function resultsBody(
  e: ExecutionRecord,
  page: Omit<Page, 'rows'> | undefined,
  next: { offset?: number; uri?: string },
  extra: Record<string, unknown> = {},
): { head: string; tail: string } {
  const head: Record<string, unknown> = { ...envelope(e), ...extra };
  if (next.offset !== undefined) head.next_offset = next.offset;
  if (next.uri !== undefined) head.next_uri = next.uri;
  const text = JSON.stringify(head);
  if (!page) return { head: text, tail: '' };
  return {
    head: `${text.slice(0, -1)},"result":{"rows":`,
    tail: `,"metadata":${JSON.stringify(resultMetadata(e, page))}}}`,
  };
}
