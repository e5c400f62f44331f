import { SCHEDULE_LIMITS } from '../../contract/rules/limits.js';
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

/** An execution a run started, and its query (null when a migrated run did not say). */
export type RunExecution = { execution_id: string; query_id: number | null };

/** One run of a schedule, as its history keeps it. */
export type ScheduleRunRecord = {
  runAt: string;
  executions: RunExecution[];
  error: string | null;
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

  /**
   * What a run did: when, the executions it started (by query), why (part of) it could not
   * start. It becomes the schedule's last run and the newest of its history, which keeps the
   * last SCHEDULE_LIMITS.runsKept.
   */
  async recordRun(
    id: number,
    run: {
      at: Date;
      executions: { execution_id: string; query_id: number }[];
      error: string | null;
    },
  ): Promise<void> {
    const at = nowIso(run.at);
    await this.store.transaction(async () => {
      await this.store.db
        .updateTable('query_schedules')
        .set({
          last_run_at: at,
          last_execution_ids: JSON.stringify(run.executions.map((e) => e.execution_id)),
          last_error: run.error,
        })
        .where('id', '=', id)
        .execute();
      await this.store.db
        .insertInto('query_schedule_runs')
        .values({
          schedule_id: id,
          run_at: at,
          executions: JSON.stringify(run.executions),
          error: run.error,
        })
        .execute();
      await this.store.db
        .deleteFrom('query_schedule_runs')
        .where('schedule_id', '=', id)
        .where('id', 'not in', (eb) =>
          eb
            .selectFrom('query_schedule_runs')
            .select('id')
            .where('schedule_id', '=', id)
            .orderBy('id', 'desc')
            .limit(SCHEDULE_LIMITS.runsKept),
        )
        .execute();
    });
  }

  /** A schedule's runs, newest first. */
  async runs(id: number, limit: number, offset: number): Promise<ScheduleRunRecord[]> {
    const rows = await this.store.db
      .selectFrom('query_schedule_runs')
      .select(['run_at', 'executions', 'error'])
      .where('schedule_id', '=', id)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => ({
      runAt: r.run_at,
      executions: parseJson<RunExecution[]>(r.executions, []),
      error: r.error,
    }));
  }
}
