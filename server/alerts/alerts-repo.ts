import type { AlertDestinationInput } from '../../contract/alerts.js';
import type { AlertNotify, AlertState } from '../../contract/rules/enums.js';
import type { ParameterValue } from '../../contract/parameters.js';
import type { TierName } from '../engine/tiers.js';
import { nowIso, parseJson } from '../store/db.js';
import { flag, isSet, type Store } from '../store/store.js';
import type { Condition } from '../../shared/alerts/alert-condition.js';
import { claimSlot, type SlotColumn } from '../scheduling/slot-scheduler.js';

const SLOT: SlotColumn = { table: 'alerts', key: 'id', column: 'next_evaluation_time' };

export type Destination = AlertDestinationInput;

/** What a user sets on an alert. */
export type AlertFields = {
  name: string;
  queryId: number;
  condition: Condition;
  parameters: Record<string, ParameterValue | null>;
  performance: TierName;
  cronExpression: string;
  notify: AlertNotify;
  destinations: Destination[];
  isPaused: boolean;
  /** The next slot; null while paused. */
  nextEvaluationTime: string | null;
};

export type AlertRecord = AlertFields & {
  id: number;
  ownerId: number;
  createdBy: number | null;
  state: AlertState;
  stateChangedAt: string | null;
  lastEvaluatedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

type AlertRow = {
  id: number;
  owner_id: number;
  created_by: number | null;
  name: string;
  query_id: number;
  condition: string;
  parameters: string;
  performance: string;
  cron_expression: string;
  next_evaluation_time: string | null;
  notify: AlertNotify;
  destinations: string;
  is_paused: number;
  state: AlertState;
  state_changed_at: string | null;
  last_evaluated_at: string | null;
  created_at: string;
  updated_at: string;
};

const toAlert = (r: AlertRow): AlertRecord => ({
  id: r.id,
  ownerId: r.owner_id,
  createdBy: r.created_by,
  name: r.name,
  queryId: r.query_id,
  condition: parseJson<Condition>(r.condition, { op: 'any_rows' }),
  parameters: parseJson(r.parameters, {}),
  performance: r.performance as TierName,
  cronExpression: r.cron_expression,
  nextEvaluationTime: r.next_evaluation_time,
  notify: r.notify,
  destinations: parseJson<Destination[]>(r.destinations, []),
  isPaused: isSet(r.is_paused),
  state: r.state,
  stateChangedAt: r.state_changed_at,
  lastEvaluatedAt: r.last_evaluated_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const fieldColumns = (f: AlertFields) => ({
  name: f.name,
  query_id: f.queryId,
  condition: JSON.stringify(f.condition),
  parameters: JSON.stringify(f.parameters),
  performance: f.performance,
  cron_expression: f.cronExpression,
  notify: f.notify,
  destinations: JSON.stringify(f.destinations),
  is_paused: flag(f.isPaused),
  next_evaluation_time: f.nextEvaluationTime,
});

/** The alerts table: SQL only (their history: alert-history-repo.ts). */
export class AlertsRepo {
  constructor(private readonly store: Store) {}

  async byId(id: number): Promise<AlertRecord | undefined> {
    const row = await this.store.db
      .selectFrom('alerts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toAlert(row);
  }

  /** The context's alerts (on one query, if given) by id, and whether more follow. */
  async list(ownerId: number, limit: number, offset: number, queryId?: number) {
    let q = this.store.db.selectFrom('alerts').selectAll().where('owner_id', '=', ownerId);
    if (queryId !== undefined) q = q.where('query_id', '=', queryId);
    const rows = await q
      .orderBy('id')
      .limit(limit + 1)
      .offset(offset)
      .execute();
    return { alerts: rows.slice(0, limit).map(toAlert), more: rows.length > limit };
  }

  async countOwned(ownerId: number): Promise<number> {
    const r = await this.store.db
      .selectFrom('alerts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async insert(f: AlertFields & { ownerId: number; createdBy: number | null }) {
    const now = nowIso();
    const { id } = await this.store.db
      .insertInto('alerts')
      .values({
        ...fieldColumns(f),
        owner_id: f.ownerId,
        created_by: f.createdBy,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await this.byId(id))!;
  }

  async update(id: number, f: AlertFields): Promise<AlertRecord> {
    await this.store.db
      .updateTable('alerts')
      .set({ ...fieldColumns(f), updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    return (await this.byId(id))!;
  }

  async delete(id: number): Promise<void> {
    await this.store.db.deleteFrom('alerts').where('id', '=', id).execute();
  }

  /** Alerts whose next slot is at or before `now`. */
  async due(now: Date): Promise<AlertRecord[]> {
    const rows = await this.store.db
      .selectFrom('alerts')
      .selectAll()
      .where('next_evaluation_time', 'is not', null)
      .where('next_evaluation_time', '<=', nowIso(now))
      .orderBy('next_evaluation_time')
      .orderBy('id')
      .execute();
    return rows.map(toAlert);
  }

  /** Compare-and-set of the next slot (scheduling/slot-scheduler.ts). */
  claimSlot(id: number, due: string, next: string | null): Promise<boolean> {
    return claimSlot(this.store.db, SLOT, id, due, next);
  }

  /** Compare-and-set of the state: `from` → `to` only if it still is `from`. */
  async setState(id: number, from: AlertState, to: AlertState, at: string): Promise<boolean> {
    const r = await this.store.db
      .updateTable('alerts')
      .set((eb) => ({
        state: to,
        last_evaluated_at: at,
        state_changed_at: from === to ? eb.ref('state_changed_at') : at,
      }))
      .where('id', '=', id)
      .where('state', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
