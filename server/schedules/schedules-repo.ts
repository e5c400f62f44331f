import type { DashboardScheduleValue, ScheduleValue } from '../../contract/schedules.js';
import type { TierName } from '../engine/tiers.js';
import { nowIso, parseJson } from '../store/db.js';
import { flag, isSet, type Store } from '../store/store.js';
import { claimSlot, type SlotColumn } from '../scheduling/slot-scheduler.js';

const SLOT: SlotColumn = { table: 'query_schedules', key: 'id', column: 'next_run_at' };

/** What a schedule runs: a saved query, or every widget's query of a dashboard. */
export type ScheduleTarget = { kind: 'query' | 'dashboard'; id: number };

export type QueryValues = Record<string, ScheduleValue>;
export type DashboardValues = DashboardScheduleValue[];

export type ScheduleRecord = {
  id: number;
  ownerId: number;
  createdBy: number | null;
  target: ScheduleTarget;
  cronExpression: string;
  /** Values by key (a query's schedule), or by query and key (a dashboard's). */
  parameters: QueryValues | DashboardValues;
  performance: TierName;
  enabled: boolean;
  nextRunAt: string | null;
  lastRunAt: string | null;
  lastExecutionIds: string[];
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
};

/** The fields a create or a change sets. */
export type ScheduleFields = Pick<
  ScheduleRecord,
  'cronExpression' | 'parameters' | 'performance' | 'enabled' | 'nextRunAt'
>;

const toRecord = (r: {
  id: number;
  owner_id: number;
  created_by: number | null;
  query_id: number | null;
  dashboard_id: number | null;
  cron_expression: string;
  parameters: string;
  performance: string;
  is_enabled: number;
  next_run_at: string | null;
  last_run_at: string | null;
  last_execution_ids: string;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}): ScheduleRecord => ({
  id: r.id,
  ownerId: r.owner_id,
  createdBy: r.created_by,
  target:
    r.query_id !== null
      ? { kind: 'query', id: r.query_id }
      : { kind: 'dashboard', id: r.dashboard_id! },
  cronExpression: r.cron_expression,
  parameters: parseJson<QueryValues | DashboardValues>(r.parameters, r.query_id ? {} : []),
  performance: r.performance as TierName,
  enabled: isSet(r.is_enabled),
  nextRunAt: r.next_run_at,
  lastRunAt: r.last_run_at,
  lastExecutionIds: parseJson<string[]>(r.last_execution_ids, []),
  lastError: r.last_error,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const column = (t: ScheduleTarget) => (t.kind === 'query' ? 'query_id' : 'dashboard_id');

/** The query_schedules table: SQL only (schedules-service.ts holds the rules). */
export class SchedulesRepo {
  constructor(private readonly store: Store) {}

  async byId(id: number): Promise<ScheduleRecord | undefined> {
    const row = await this.store.db
      .selectFrom('query_schedules')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** The schedules of a query or a dashboard, oldest first. */
  async listFor(target: ScheduleTarget): Promise<ScheduleRecord[]> {
    const rows = await this.store.db
      .selectFrom('query_schedules')
      .selectAll()
      .where(column(target), '=', target.id)
      .orderBy('id')
      .execute();
    return rows.map(toRecord);
  }

  /** How many schedules the context owns (queries' and dashboards' together). */
  async countOwned(ownerId: number): Promise<number> {
    const row = await this.store.db
      .selectFrom('query_schedules')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(
    s: ScheduleFields & { ownerId: number; createdBy: number | null; target: ScheduleTarget },
  ): Promise<ScheduleRecord> {
    const now = nowIso();
    const { id } = await this.store.db
      .insertInto('query_schedules')
      .values({
        owner_id: s.ownerId,
        created_by: s.createdBy,
        query_id: s.target.kind === 'query' ? s.target.id : null,
        dashboard_id: s.target.kind === 'dashboard' ? s.target.id : null,
        cron_expression: s.cronExpression,
        parameters: JSON.stringify(s.parameters),
        performance: s.performance,
        is_enabled: flag(s.enabled),
        next_run_at: s.nextRunAt,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await this.byId(id))!;
  }

  async update(id: number, s: ScheduleFields): Promise<ScheduleRecord> {
    await this.store.db
      .updateTable('query_schedules')
      .set({
        cron_expression: s.cronExpression,
        parameters: JSON.stringify(s.parameters),
        performance: s.performance,
        is_enabled: flag(s.enabled),
        next_run_at: s.nextRunAt,
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    return (await this.byId(id))!;
  }

  async delete(id: number): Promise<void> {
    await this.store.db.deleteFrom('query_schedules').where('id', '=', id).execute();
  }

  /** Enabled schedules whose next slot is at or before `now`, earliest first. */
  async due(now: Date): Promise<ScheduleRecord[]> {
    const rows = await this.store.db
      .selectFrom('query_schedules')
      .selectAll()
      .where('next_run_at', 'is not', null)
      .where('next_run_at', '<=', nowIso(now))
      .orderBy('next_run_at')
      .orderBy('id')
      .execute();
    return rows.map(toRecord);
  }

  /** Compare-and-set of the next slot (scheduling/slot-scheduler.ts). */
  claimSlot(id: number, due: string, next: string | null): Promise<boolean> {
    return claimSlot(this.store.db, SLOT, id, due, next);
  }

  /** What the last run did: when, the executions it started, why (part of) it could not start. */
  async recordRun(
    id: number,
    run: { at: Date; executionIds: string[]; error: string | null },
  ): Promise<void> {
    await this.store.db
      .updateTable('query_schedules')
      .set({
        last_run_at: nowIso(run.at),
        last_execution_ids: JSON.stringify(run.executionIds),
        last_error: run.error,
      })
      .where('id', '=', id)
      .execute();
  }
}
