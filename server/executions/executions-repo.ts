import { sql, type Selectable } from 'kysely';
import { nowIso, parseJson } from '../store/db.js';
import type { ExecutionsTable } from '../store/schema.js';
import type { Store } from '../store/store.js';
import type { SqlMark } from '../../shared/sql/offsets.js';
import { LIVE_NODE_IDS } from '../cluster/cluster-node.js';
import {
  STATES,
  type Adoption,
  type ExecutionError,
  type ExecutionRecord,
  type ExecutionState,
  type NewExecution,
} from './execution-record.js';

type Row = Selectable<ExecutionsTable>;

const fromRow = ({
  expired: _expired,
  runner_node: _node,
  written_sql: _written,
  sql_marks: _marks,
  ...r
}: Row): ExecutionRecord => ({
  ...r,
  state: r.state as ExecutionState,
  parameters: parseJson(r.parameters, {}),
  error: parseJson(r.error, null),
  column_names: parseJson(r.column_names, null),
  column_types: parseJson(r.column_types, null),
});

const UNFINISHED = [STATES.pending, STATES.executing];
const WITH_RESULT = [STATES.completed, STATES.partial];

/**
 * Executions in the metadata store: SQL only (the rules are in executions-service.ts). Every
 * state change is one UPDATE guarded by the state it leaves, so a later write (a run unwinding
 * after a cancel) cannot overwrite an end already recorded.
 */
export class ExecutionsRepo {
  constructor(private readonly store: Store) {}

  /**
   * Records a pending run. `run` says how any node may run it: the node it must run on (its
   * result is stored there), and the SQL as written with where its placeholders were.
   */
  async insert(
    e: NewExecution,
    run: {
      runnerNode: string | null;
      writtenSql: string;
      marks: SqlMark[];
      /** Recorded as executing from this time (a referenced query run inside its reader's run). */
      startedAt?: Date;
    },
  ): Promise<ExecutionRecord> {
    const now = nowIso(run.startedAt);
    const row = await this.store.db
      .insertInto('executions')
      .values({
        ...e,
        runner_node: run.runnerNode,
        written_sql: run.writtenSql === e.sql ? null : run.writtenSql,
        sql_marks: run.marks.length ? JSON.stringify(run.marks) : null,
        parameters: JSON.stringify(e.parameters),
        state: run.startedAt ? STATES.executing : STATES.pending,
        submitted_at: now,
        ...(run.startedAt && { started_at: now, pending_time_ms: 0 }),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return fromRow(row);
  }

  async get(id: string): Promise<ExecutionRecord | undefined> {
    const row = await this.store.db
      .selectFrom('executions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && fromRow(row);
  }

  /** The state of each of `ids` that exists, in one statement. */
  async states(ids: string[]): Promise<Map<string, ExecutionState>> {
    if (!ids.length) return new Map();
    const rows = await this.store.db
      .selectFrom('executions')
      .select(['id', 'state'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.state as ExecutionState]));
  }

  /** Pending → executing; `pendingMs` is the time it waited in the queue. */
  async markExecuting(id: string, startedAt: Date, pendingMs: number): Promise<void> {
    await this.store.db
      .updateTable('executions')
      .set({ state: STATES.executing, started_at: nowIso(startedAt), pending_time_ms: pendingMs })
      .where('id', '=', id)
      .where('state', '=', STATES.pending)
      .execute();
  }

  async markCompleted(
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
  ): Promise<boolean> {
    const out = await this.store.db
      .updateTable('executions')
      .set({
        state: STATES.completed,
        ended_at: nowIso(r.endedAt),
        expires_at: nowIso(r.expiresAt),
        column_names: JSON.stringify(r.columnNames),
        column_types: JSON.stringify(r.columnTypes),
        row_count: r.rowCount,
        result_bytes: r.resultBytes,
        result_file: r.resultFile,
        execution_time_ms: r.executionMs,
        cost_credits: r.credits,
      })
      .where('id', '=', id)
      .where('state', '=', STATES.executing)
      .executeTakeFirst();
    return out.numUpdatedRows > 0n;
  }

  async markFailed(
    id: string,
    error: ExecutionError,
    r: { endedAt: Date; executionMs: number | null; credits: number },
  ): Promise<void> {
    await this.store.db
      .updateTable('executions')
      .set({
        state: STATES.failed,
        ended_at: nowIso(r.endedAt),
        error: JSON.stringify(error),
        execution_time_ms: r.executionMs,
        cost_credits: r.credits,
      })
      .where('id', '=', id)
      .where('state', 'in', UNFINISHED)
      .execute();
  }

  /**
   * Cancelled: `ended_at` only if it had started; `error` says why when the caller did not ask
   * (the server stopped). True if this call recorded it.
   */
  async markCancelled(
    id: string,
    r: { cancelledAt: Date; executionMs: number | null; credits: number; error?: ExecutionError },
  ): Promise<boolean> {
    const out = await this.store.db
      .updateTable('executions')
      .set((eb) => ({
        state: STATES.cancelled,
        cancelled_at: nowIso(r.cancelledAt),
        ended_at: eb.case().when('started_at', 'is', null).then(null).else(nowIso()).end(),
        execution_time_ms: r.executionMs,
        cost_credits: r.credits,
        ...(r.error ? { error: JSON.stringify(r.error) } : {}),
      }))
      .where('id', '=', id)
      .where('state', 'in', UNFINISHED)
      .executeTakeFirst();
    return out.numUpdatedRows > 0n;
  }

  /**
   * On start-up: whatever was pending or running when the process died has failed. In a
   * cluster, `dead nodes` fails only what nodes whose lease ran out (or that left) had claimed or
   * were to run (PostgreSQL).
   */
  async failInterrupted(
    message: string,
    of: 'all' | 'dead nodes' = 'all',
  ): Promise<ExecutionRecord[]> {
    let q = this.store.db
      .updateTable('executions')
      .set({
        state: STATES.failed,
        ended_at: nowIso(),
        error: JSON.stringify({ type: 'FAILED_TYPE_EXECUTION_FAILED', message }),
      })
      .where('state', 'in', UNFINISHED);
    if (of === 'dead nodes')
      q = q
        .where('runner_node', 'is not', null)
        .where((eb) => eb.not(eb('runner_node', 'in', LIVE_NODE_IDS)));
    const rows = await q.returningAll().execute();
    return rows.map(fromRow);
  }

  /** Completed executions whose results are past `expires_at`. */
  async dueForExpiry(now: Date): Promise<ExecutionRecord[]> {
    const rows = await this.store.db
      .selectFrom('executions')
      .selectAll()
      .where('state', 'in', WITH_RESULT)
      .where('expires_at', '<=', nowIso(now))
      .limit(1000)
      .execute();
    return rows.map(fromRow);
  }

  /** The bytes of the context's kept results. */
  async resultBytes(contextId: number): Promise<number> {
    const row = await this.store.db
      .selectFrom('executions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('result_bytes'), sql<number>`0`).as('n'))
      .where('context_id', '=', contextId)
      .where('result_file', 'is not', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The context's kept results, oldest first (the first to go when results need room). */
  async resultsOldestFirst(contextId: number): Promise<ExecutionRecord[]> {
    const rows = await this.store.db
      .selectFrom('executions')
      .selectAll()
      .where('context_id', '=', contextId)
      .where('result_file', 'is not', null)
      .orderBy('ended_at')
      .orderBy('id')
      .limit(10000)
      .execute();
    return rows.map(fromRow);
  }

  async markExpired(id: string): Promise<void> {
    await this.store.db
      .updateTable('executions')
      .set({ state: STATES.expired, result_file: null })
      .where('id', '=', id)
      .execute();
  }

  /**
   * The newest execution of a query run by one of `contextIds` (with these parameter values, if
   * given), completed ones first.
   */
  latestForQuery(
    queryId: number,
    contextIds: number[],
    paramsKey?: string,
  ): Promise<ExecutionRecord | undefined> {
    return this.newestRun(queryId, contextIds, paramsKey, { resultsFirst: true });
  }

  /** The newest run of a query by `contextId` in any state (with these values, if given). */
  newestFor(
    queryId: number,
    contextId: number,
    paramsKey?: string,
  ): Promise<ExecutionRecord | undefined> {
    return this.newestRun(queryId, [contextId], paramsKey, {});
  }

  /**
   * The newest run of a query by one of `contextIds`, with these values if given; with
   * `resultsFirst`, one with a result before any other.
   */
  private async newestRun(
    queryId: number,
    contextIds: number[],
    paramsKey: string | undefined,
    opts: { resultsFirst?: boolean },
  ): Promise<ExecutionRecord | undefined> {
    let q = this.store.db
      .selectFrom('executions')
      .selectAll()
      .where('query_id', '=', queryId)
      .where('context_id', 'in', contextIds);
    if (paramsKey !== undefined) q = q.where('params_key', '=', paramsKey);
    if (opts.resultsFirst)
      q = q.orderBy((eb) =>
        eb.case().when('state', 'in', WITH_RESULT).then(sql.lit(0)).else(sql.lit(1)).end(),
      );
    const row = await q
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && fromRow(row);
  }

  /**
   * Makes an ad-hoc run (or a run of the same query) a run of saved query `queryId` at `version`,
   * recorded with that query's parameter key and values (see run-adoption.ts).
   */
  async adopt(id: string, a: Adoption): Promise<void> {
    await this.store.db
      .updateTable('executions')
      .set({
        query_id: a.queryId,
        query_version: a.version,
        params_key: a.paramsKey,
        parameters: JSON.stringify(a.parameters),
      })
      .where('id', '=', id)
      .where('query_id', 'in', [0, a.queryId])
      .execute();
  }

  async creditsUsed(contextId: number, from: Date, to: Date): Promise<number> {
    const row = await this.store.db
      .selectFrom('executions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('cost_credits'), sql<number>`0`).as('n'))
      .where('context_id', '=', contextId)
      .where('submitted_at', '>=', nowIso(from))
      .where('submitted_at', '<', nowIso(to))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
