import type { TierName } from '../engine/tiers.js';
import { type Db, nowIso, parseJson } from '../store/db.js';
import { STATES, type ExecutionError } from '../executions/execution-record.js';

/** Views live in this catalog: `dune.<owner handle>.<name>`. */
export const CATALOG = 'dune';

export type RefreshTrigger = 'upsert' | 'manual' | 'schedule' | 'pipeline';

export type MatviewRecord = {
  id: number;
  ownerId: number;
  createdBy: number | null;
  /** Short name, lower case: result_x */
  name: string;
  /** dune.<owner handle, lower case>.result_x */
  fullName: string;
  queryId: number;
  isPrivate: boolean;
  cronExpression: string | null;
  expiresAt: string | null;
  nextExecutionTime: string | null;
  performance: TierName;
  createdAt: string;
  updatedAt: string;
};

/** One refresh with its execution's outcome. */
export type RefreshRecord = {
  executionId: string;
  trigger: RefreshTrigger;
  createdAt: string;
  state: string;
  performance: string;
  submittedAt: string;
  endedAt: string | null;
  error: ExecutionError | null;
  rowCount: number | null;
};

type Row = {
  id: number;
  owner_id: number;
  owner_handle: string;
  created_by: number | null;
  name: string;
  query_id: number;
  is_private: number;
  cron_expression: string | null;
  expires_at: string | null;
  next_execution_time: string | null;
  performance: string;
  created_at: string;
  updated_at: string;
};

const SELECT = `SELECT m.*, lower(a.handle) AS owner_handle FROM matviews m JOIN accounts a ON a.id = m.owner_id`;

const toRecord = (r: Row): MatviewRecord => ({
  id: r.id,
  ownerId: r.owner_id,
  createdBy: r.created_by,
  name: r.name,
  fullName: `${CATALOG}.${r.owner_handle}.${r.name}`,
  queryId: r.query_id,
  isPrivate: r.is_private === 1,
  cronExpression: r.cron_expression,
  expiresAt: r.expires_at,
  nextExecutionTime: r.next_execution_time,
  performance: r.performance as TierName,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export type MatviewFields = {
  name: string;
  isPrivate: boolean;
  cronExpression: string | null;
  expiresAt: string | null;
  nextExecutionTime: string | null;
  performance: TierName;
};

/** The matviews and matview_refreshes tables. */
export class MatviewsRepo {
  constructor(private readonly db: Db) {}

  byId(id: number): MatviewRecord | undefined {
    const row = this.db.prepare(`${SELECT} WHERE m.id = ?`).get(id) as Row | undefined;
    return row && toRecord(row);
  }

  byQuery(queryId: number): MatviewRecord | undefined {
    const row = this.db.prepare(`${SELECT} WHERE m.query_id = ?`).get(queryId) as Row | undefined;
    return row && toRecord(row);
  }

  byOwnerName(ownerId: number, name: string): MatviewRecord | undefined {
    const row = this.db
      .prepare(`${SELECT} WHERE m.owner_id = ? AND m.name = ?`)
      .get(ownerId, name.toLowerCase()) as Row | undefined;
    return row && toRecord(row);
  }

  /** By owner handle (any case) and short name. */
  byHandleName(handle: string, name: string): MatviewRecord | undefined {
    const row = this.db
      .prepare(`${SELECT} WHERE a.handle = ? AND m.name = ?`)
      .get(handle, name.toLowerCase()) as Row | undefined;
    return row && toRecord(row);
  }

  insert(v: MatviewFields & { ownerId: number; createdBy: number | null; queryId: number }) {
    const now = nowIso();
    const info = this.db
      .prepare(
        `INSERT INTO matviews (owner_id, created_by, name, query_id, is_private, cron_expression, expires_at,
           next_execution_time, performance, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        v.ownerId,
        v.createdBy,
        v.name,
        v.queryId,
        v.isPrivate ? 1 : 0,
        v.cronExpression,
        v.expiresAt,
        v.nextExecutionTime,
        v.performance,
        now,
        now,
      );
    return this.byId(Number(info.lastInsertRowid))!;
  }

  update(id: number, v: MatviewFields): MatviewRecord {
    this.db
      .prepare(
        `UPDATE matviews SET name = ?, is_private = ?, cron_expression = ?, expires_at = ?,
           next_execution_time = ?, performance = ?, updated_at = ? WHERE id = ?`,
      )
      .run(
        v.name,
        v.isPrivate ? 1 : 0,
        v.cronExpression,
        v.expiresAt,
        v.nextExecutionTime,
        v.performance,
        nowIso(),
        id,
      );
    return this.byId(id)!;
  }

  delete(id: number): void {
    this.db.prepare('DELETE FROM matviews WHERE id = ?').run(id);
  }

  /** The context's views by name, and whether more follow. */
  list(ownerId: number, limit: number, offset: number) {
    const rows = this.db
      .prepare(`${SELECT} WHERE m.owner_id = ? ORDER BY m.name LIMIT ? OFFSET ?`)
      .all(ownerId, limit + 1, offset) as Row[];
    return { views: rows.slice(0, limit).map(toRecord), more: rows.length > limit };
  }

  /** The refresh of a view that is pending or running, if any. */
  inFlight(matviewId: number): string | undefined {
    return this.db
      .prepare(
        `SELECT r.execution_id FROM matview_refreshes r JOIN executions e ON e.id = r.execution_id
         WHERE r.matview_id = ? AND e.state IN ('${STATES.pending}', '${STATES.executing}')
         ORDER BY r.execution_id DESC LIMIT 1`,
      )
      .pluck()
      .get(matviewId) as string | undefined;
  }

  addRefresh(executionId: string, matviewId: number, trigger: RefreshTrigger): void {
    this.db
      .prepare(
        'INSERT INTO matview_refreshes (execution_id, matview_id, trigger, created_at) VALUES (?, ?, ?, ?)',
      )
      .run(executionId, matviewId, trigger, nowIso());
  }

  /** Refreshes of a view, newest first, and whether more follow. */
  refreshes(matviewId: number, limit: number, offset: number) {
    const rows = this.db
      .prepare(
        `SELECT r.execution_id, r.trigger, r.created_at, e.state, e.performance, e.submitted_at, e.ended_at,
           e.error, e.row_count
         FROM matview_refreshes r JOIN executions e ON e.id = r.execution_id
         WHERE r.matview_id = ? ORDER BY r.execution_id DESC LIMIT ? OFFSET ?`,
      )
      .all(matviewId, limit + 1, offset) as {
      execution_id: string;
      trigger: RefreshTrigger;
      created_at: string;
      state: string;
      performance: string;
      submitted_at: string;
      ended_at: string | null;
      error: string | null;
      row_count: number | null;
    }[];
    const refreshes: RefreshRecord[] = rows.slice(0, limit).map((r) => ({
      executionId: r.execution_id,
      trigger: r.trigger,
      createdAt: r.created_at,
      state: r.state,
      performance: r.performance,
      submittedAt: r.submitted_at,
      endedAt: r.ended_at,
      error: parseJson<ExecutionError | null>(r.error, null),
      rowCount: r.row_count,
    }));
    return { refreshes, more: rows.length > limit };
  }

  /** Views whose next slot is at or before `now`. */
  due(now: Date): MatviewRecord[] {
    return (
      this.db
        .prepare(
          `${SELECT} WHERE m.next_execution_time IS NOT NULL AND m.next_execution_time <= ?
           ORDER BY m.next_execution_time, m.id`,
        )
        .all(nowIso(now)) as Row[]
    ).map(toRecord);
  }

  /**
   * Compare-and-set of the next slot: moves it from `due` to `next` only if it still is `due`
   * (one statement, so two schedulers, or a scheduler and an upsert, never both win a slot).
   */
  claimSlot(id: number, due: string, next: string | null): boolean {
    return (
      this.db
        .prepare(
          'UPDATE matviews SET next_execution_time = ? WHERE id = ? AND next_execution_time = ?',
        )
        .run(next, id, due).changes === 1
    );
  }
}
