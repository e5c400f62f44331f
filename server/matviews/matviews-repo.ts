import { RUNNING_EXECUTION_STATES } from '../../contract/rules/enums.js';
import type { TierName } from '../engine/tiers.js';
import { nowIso, parseJson } from '../store/db.js';
import { flag, isSet, type Store } from '../store/store.js';
import { claimSlot, type SlotColumn } from '../scheduling/slot-scheduler.js';

const SLOT: SlotColumn = { table: 'matviews', key: 'id', column: 'next_execution_time' };

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
  error: { type: string; message: string } | null;
  rowCount: number | null;
};

export type MatviewFields = {
  name: string;
  isPrivate: boolean;
  cronExpression: string | null;
  expiresAt: string | null;
  nextExecutionTime: string | null;
  performance: TierName;
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

const toRecord = (r: Row): MatviewRecord => ({
  id: r.id,
  ownerId: r.owner_id,
  createdBy: r.created_by,
  name: r.name,
  fullName: `${CATALOG}.${r.owner_handle}.${r.name}`,
  queryId: r.query_id,
  isPrivate: isSet(r.is_private),
  cronExpression: r.cron_expression,
  expiresAt: r.expires_at,
  nextExecutionTime: r.next_execution_time,
  performance: r.performance as TierName,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The matviews and matview_refreshes tables (and the lake_tables rows of views): SQL only. */
export class MatviewsRepo {
  constructor(private readonly store: Store) {}

  /** Views with their owner's handle in lower case (the lake schema of the view). */
  private views() {
    return this.store.db
      .selectFrom('matviews as m')
      .innerJoin('accounts as a', 'a.id', 'm.owner_id')
      .selectAll('m')
      .select((eb) => eb.fn<string>('lower', ['a.handle']).as('owner_handle'));
  }

  async byId(id: number): Promise<MatviewRecord | undefined> {
    const row = await this.views().where('m.id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async byQuery(queryId: number): Promise<MatviewRecord | undefined> {
    const row = await this.views().where('m.query_id', '=', queryId).executeTakeFirst();
    return row && toRecord(row);
  }

  async byOwnerName(ownerId: number, name: string): Promise<MatviewRecord | undefined> {
    const row = await this.views()
      .where('m.owner_id', '=', ownerId)
      .where('m.name', '=', name.toLowerCase())
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** By owner handle (any case: compared lower-cased, indexed in both dialects) and short name. */
  async byHandleName(handle: string, name: string): Promise<MatviewRecord | undefined> {
    const row = await this.views()
      .where((eb) => eb(eb.fn('lower', ['a.handle']), '=', handle.toLowerCase()))
      .where('m.name', '=', name.toLowerCase())
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async insert(
    v: MatviewFields & { ownerId: number; createdBy: number | null; queryId: number },
  ): Promise<MatviewRecord> {
    const now = nowIso();
    const { id } = await this.store.db
      .insertInto('matviews')
      .values({
        owner_id: v.ownerId,
        created_by: v.createdBy,
        name: v.name,
        query_id: v.queryId,
        is_private: flag(v.isPrivate),
        cron_expression: v.cronExpression,
        expires_at: v.expiresAt,
        next_execution_time: v.nextExecutionTime,
        performance: v.performance,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await this.byId(id))!;
  }

  async update(id: number, v: MatviewFields): Promise<MatviewRecord> {
    await this.store.db
      .updateTable('matviews')
      .set({
        name: v.name,
        is_private: flag(v.isPrivate),
        cron_expression: v.cronExpression,
        expires_at: v.expiresAt,
        next_execution_time: v.nextExecutionTime,
        performance: v.performance,
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    return (await this.byId(id))!;
  }

  async delete(id: number): Promise<void> {
    await this.store.db.deleteFrom('matviews').where('id', '=', id).execute();
  }

  /** Renames the lake table of a view (and sets its privacy); a view with no snapshot has none. */
  async renameTable(
    schema: string,
    from: string,
    to: { name: string; isPrivate: boolean },
  ): Promise<void> {
    await this.store.db
      .updateTable('lake_tables')
      .set({ table_name: to.name, is_private: flag(to.isPrivate), updated_at: nowIso() })
      .where('catalog', '=', CATALOG)
      .where('schema_name', '=', schema)
      .where('table_name', '=', from)
      .where('kind', '=', 'matview')
      .execute();
  }

  /** The context's views by name, and whether more follow. */
  async list(ownerId: number, limit: number, offset: number) {
    const rows = await this.views()
      .where('m.owner_id', '=', ownerId)
      .orderBy('m.name')
      .limit(limit + 1)
      .offset(offset)
      .execute();
    return { views: rows.slice(0, limit).map(toRecord), more: rows.length > limit };
  }

  /** The refresh of a view that is pending or running, if any. */
  async inFlight(matviewId: number): Promise<string | undefined> {
    const row = await this.store.db
      .selectFrom('matview_refreshes as r')
      .innerJoin('executions as e', 'e.id', 'r.execution_id')
      .select('r.execution_id')
      .where('r.matview_id', '=', matviewId)
      .where('e.state', 'in', RUNNING_EXECUTION_STATES)
      .orderBy('r.execution_id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.execution_id;
  }

  async addRefresh(executionId: string, matviewId: number, trigger: RefreshTrigger) {
    await this.store.db
      .insertInto('matview_refreshes')
      .values({ execution_id: executionId, matview_id: matviewId, trigger, created_at: nowIso() })
      .execute();
  }

  /** Refreshes of a view, newest first, and whether more follow. */
  async refreshes(matviewId: number, limit: number, offset: number) {
    const rows = await this.store.db
      .selectFrom('matview_refreshes as r')
      .innerJoin('executions as e', 'e.id', 'r.execution_id')
      .select([
        'r.execution_id',
        'r.trigger',
        'r.created_at',
        'e.state',
        'e.performance',
        'e.submitted_at',
        'e.ended_at',
        'e.error',
        'e.row_count',
      ])
      .where('r.matview_id', '=', matviewId)
      .orderBy('r.execution_id', 'desc')
      .limit(limit + 1)
      .offset(offset)
      .execute();
    const refreshes: RefreshRecord[] = rows.slice(0, limit).map((r) => ({
      executionId: r.execution_id,
      trigger: r.trigger,
      createdAt: r.created_at,
      state: r.state,
      performance: r.performance,
      submittedAt: r.submitted_at,
      endedAt: r.ended_at,
      error: parseJson<RefreshRecord['error']>(r.error, null),
      rowCount: r.row_count,
    }));
    return { refreshes, more: rows.length > limit };
  }

  /** Views whose next slot is at or before `now`. */
  async due(now: Date): Promise<MatviewRecord[]> {
    const rows = await this.views()
      .where('m.next_execution_time', 'is not', null)
      .where('m.next_execution_time', '<=', nowIso(now))
      .orderBy('m.next_execution_time')
      .orderBy('m.id')
      .execute();
    return rows.map(toRecord);
  }

  /** Compare-and-set of the next slot (scheduling/slot-scheduler.ts). */
  claimSlot(id: number, due: string, next: string | null): Promise<boolean> {
    return claimSlot(this.store.db, SLOT, id, due, next);
  }
}
