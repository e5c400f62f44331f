import type { Db } from './db.js';
import { nowIso, parseJson } from './db.js';

export const STATES = {
  pending: 'QUERY_STATE_PENDING',
  executing: 'QUERY_STATE_EXECUTING',
  completed: 'QUERY_STATE_COMPLETED',
  partial: 'QUERY_STATE_COMPLETED_PARTIAL',
  failed: 'QUERY_STATE_FAILED',
  cancelled: 'QUERY_STATE_CANCELLED',
  expired: 'QUERY_STATE_EXPIRED',
} as const;
export type ExecutionState = (typeof STATES)[keyof typeof STATES];
export const TERMINAL: ReadonlySet<string> = new Set([
  STATES.completed,
  STATES.partial,
  STATES.failed,
  STATES.cancelled,
  STATES.expired,
]);

export type ExecutionError = {
  type: string;
  message: string;
  metadata?: { line: number; column: number };
};

export type ExecutionRecord = {
  id: string;
  query_id: number;
  query_version: number | null;
  context_id: number;
  user_id: number | null;
  api_key_id: string | null;
  source: string;
  sql: string;
  parameters: Record<string, unknown>;
  params_key: string;
  performance: string;
  state: ExecutionState;
  submitted_at: string;
  started_at: string | null;
  ended_at: string | null;
  cancelled_at: string | null;
  expires_at: string | null;
  error: ExecutionError | null;
  column_names: string[] | null;
  /** DuckDB type names of the columns, as the query produced them. */
  column_types: string[] | null;
  row_count: number | null;
  result_bytes: number | null;
  result_file: string | null;
  execution_time_ms: number | null;
  pending_time_ms: number | null;
  cost_credits: number;
};

type Row = Omit<ExecutionRecord, 'parameters' | 'error' | 'column_names' | 'column_types'> & {
  parameters: string;
  error: string | null;
  column_names: string | null;
  column_types: string | null;
};

const fromRow = (r: Row): ExecutionRecord => ({
  ...r,
  parameters: parseJson(r.parameters, {}),
  error: parseJson(r.error, null),
  column_names: parseJson(r.column_names, null),
  column_types: parseJson(r.column_types, null),
});

export type NewExecution = Pick<
  ExecutionRecord,
  | 'id'
  | 'query_id'
  | 'query_version'
  | 'context_id'
  | 'user_id'
  | 'api_key_id'
  | 'source'
  | 'sql'
  | 'parameters'
  | 'params_key'
  | 'performance'
>;

/** Executions in SQLite: every state change is one UPDATE guarded by the state it leaves. */
export class ExecutionsRepo {
  constructor(private readonly db: Db) {}

  insert(e: NewExecution): ExecutionRecord {
    this.db
      .prepare(
        `INSERT INTO executions (id, query_id, query_version, context_id, user_id, api_key_id, source, sql, parameters,
           params_key, performance, state, submitted_at)
         VALUES (@id, @query_id, @query_version, @context_id, @user_id, @api_key_id, @source, @sql, @parameters,
           @params_key, @performance, '${STATES.pending}', @now)`,
      )
      .run({ ...e, parameters: JSON.stringify(e.parameters), now: nowIso() });
    return this.get(e.id)!;
  }

  get(id: string): ExecutionRecord | undefined {
    const row = this.db.prepare('SELECT * FROM executions WHERE id = ?').get(id) as Row | undefined;
    return row && fromRow(row);
  }

  markExecuting(id: string, startedAt: Date): void {
    this.db
      .prepare(
        `UPDATE executions SET state = '${STATES.executing}', started_at = ?,
           pending_time_ms = CAST(ROUND((julianday(?) - julianday(submitted_at)) * 86400000) AS INTEGER)
         WHERE id = ? AND state = '${STATES.pending}'`,
      )
      .run(nowIso(startedAt), nowIso(startedAt), id);
  }

  markCompleted(
    id: string,
    r: {
      endedAt: Date;
      expiresAt: Date;
      columnNames: string[];
      columnTypes: string[];
      rowCount: number;
      resultBytes: number;
      resultFile: string;
      executionMs: number;
      credits: number;
    },
  ): void {
    this.db
      .prepare(
        `UPDATE executions SET state = '${STATES.completed}', ended_at = ?, expires_at = ?, column_names = ?,
           column_types = ?, row_count = ?, result_bytes = ?, result_file = ?, execution_time_ms = ?, cost_credits = ?
         WHERE id = ? AND state = '${STATES.executing}'`,
      )
      .run(
        nowIso(r.endedAt),
        nowIso(r.expiresAt),
        JSON.stringify(r.columnNames),
        JSON.stringify(r.columnTypes),
        r.rowCount,
        r.resultBytes,
        r.resultFile,
        r.executionMs,
        r.credits,
        id,
      );
  }

  markFailed(
    id: string,
    error: ExecutionError,
    r: { endedAt: Date; executionMs: number | null; credits: number },
  ): void {
    this.db
      .prepare(
        `UPDATE executions SET state = '${STATES.failed}', ended_at = ?, error = ?, execution_time_ms = ?, cost_credits = ?
         WHERE id = ? AND state IN ('${STATES.pending}', '${STATES.executing}')`,
      )
      .run(nowIso(r.endedAt), JSON.stringify(error), r.executionMs, r.credits, id);
  }

  /** Cancelled: `ended_at` only if it had started. */
  markCancelled(
    id: string,
    r: { cancelledAt: Date; executionMs: number | null; credits: number },
  ): void {
    this.db
      .prepare(
        `UPDATE executions SET state = '${STATES.cancelled}', cancelled_at = ?,
           ended_at = CASE WHEN started_at IS NULL THEN NULL ELSE ? END, execution_time_ms = ?, cost_credits = ?
         WHERE id = ? AND state IN ('${STATES.pending}', '${STATES.executing}')`,
      )
      .run(nowIso(r.cancelledAt), nowIso(), r.executionMs, r.credits, id);
  }

  /** On start-up: whatever was pending or running when the process died has failed. */
  failInterrupted(message: string): ExecutionRecord[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM executions WHERE state IN ('${STATES.pending}', '${STATES.executing}')`,
      )
      .all() as Row[];
    const error = JSON.stringify({ type: 'FAILED_TYPE_EXECUTION_FAILED', message });
    const now = nowIso();
    const update = this.db.prepare(
      `UPDATE executions SET state = '${STATES.failed}', ended_at = ?, error = ? WHERE id = ?`,
    );
    this.db.transaction(() => rows.forEach((r) => update.run(now, error, r.id)))();
    return rows.map(fromRow);
  }

  /** Completed executions whose results are past `expires_at`. */
  dueForExpiry(now: Date): ExecutionRecord[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM executions WHERE state IN ('${STATES.completed}', '${STATES.partial}') AND expires_at <= ? LIMIT 1000`,
      )
      .all(nowIso(now)) as Row[];
    return rows.map(fromRow);
  }

  /** The context's kept results, oldest first (the first to go when results need room). */
  resultsOldestFirst(contextId: number): ExecutionRecord[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM executions WHERE context_id = ? AND result_file IS NOT NULL
         ORDER BY ended_at, id LIMIT 10000`,
      )
      .all(contextId) as Row[];
    return rows.map(fromRow);
  }

  markExpired(id: string): void {
    this.db
      .prepare(`UPDATE executions SET state = '${STATES.expired}', result_file = NULL WHERE id = ?`)
      .run(id);
  }

  /**
   * The newest execution of a query run by one of `contextIds` (with these parameter values, if
   * given), completed ones first.
   */
  latestForQuery(
    queryId: number,
    contextIds: number[],
    paramsKey?: string,
  ): ExecutionRecord | undefined {
    const where = paramsKey === undefined ? '' : 'AND params_key = ?';
    const args: unknown[] = [
      queryId,
      ...contextIds,
      ...(paramsKey === undefined ? [] : [paramsKey]),
    ];
    const row = this.db
      .prepare(
        `SELECT * FROM executions WHERE query_id = ? AND context_id IN (${contextIds.map(() => '?').join(', ')}) ${where}
         ORDER BY CASE WHEN state IN ('${STATES.completed}', '${STATES.partial}') THEN 0 ELSE 1 END, submitted_at DESC, id DESC
         LIMIT 1`,
      )
      .get(...args) as Row | undefined;
    return row && fromRow(row);
  }

  /**
   * Makes an ad-hoc run (or a run of the same query) a run of saved query `queryId` at `version`,
   * recorded with that query's parameter key and values (see engine/run-adoption.ts).
   */
  adopt(
    id: string,
    a: { queryId: number; version: number; paramsKey: string; parameters: Record<string, unknown> },
  ): void {
    this.db
      .prepare(
        `UPDATE executions SET query_id = ?, query_version = ?, params_key = ?, parameters = ?
         WHERE id = ? AND query_id IN (0, ?)`,
      )
      .run(a.queryId, a.version, a.paramsKey, JSON.stringify(a.parameters), id, a.queryId);
  }

  creditsUsed(contextId: number, from: Date, to: Date): number {
    return (
      (this.db
        .prepare(
          'SELECT COALESCE(SUM(cost_credits), 0) FROM executions WHERE context_id = ? AND submitted_at >= ? AND submitted_at < ?',
        )
        .pluck()
        .get(contextId, nowIso(from), nowIso(to)) as number) ?? 0
    );
  }
}
