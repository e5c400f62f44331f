import { parseJson } from '../store/db.js';
import { flag, isSet, type Store } from '../store/store.js';
import type { Condition, Outcome } from '../../shared/alerts/alert-condition.js';
import type { Destination } from './alerts-repo.js';

export type EvaluationState = 'running' | Outcome['state'];

export type DeliveryRecord = {
  kind: Destination['type'];
  destination: string;
  ok: boolean;
  attempts: number;
  error: string | null;
  deliveredAt: string;
};

export type EvaluationRecord = {
  id: number;
  alertId: number;
  trigger: 'schedule' | 'manual';
  executionId: string | null;
  state: EvaluationState;
  value: unknown;
  valueTruncated: boolean;
  /** The condition checked; null for evaluations recorded before it was kept. */
  condition: Condition | null;
  error: string | null;
  notified: boolean;
  startedAt: string;
  evaluatedAt: string | null;
};

type EvaluationRow = {
  id: number;
  alert_id: number;
  trigger: 'schedule' | 'manual';
  execution_id: string | null;
  state: EvaluationState;
  value: string | null;
  value_truncated: number;
  condition: string | null;
  error: string | null;
  notified: number;
  started_at: string;
  evaluated_at: string | null;
};

const toEvaluation = (r: EvaluationRow): EvaluationRecord => ({
  id: r.id,
  alertId: r.alert_id,
  trigger: r.trigger,
  executionId: r.execution_id,
  state: r.state,
  value: parseJson<unknown>(r.value, null),
  valueTruncated: isSet(r.value_truncated),
  condition: parseJson<Condition | null>(r.condition, null),
  error: r.error,
  notified: isSet(r.notified),
  startedAt: r.started_at,
  evaluatedAt: r.evaluated_at,
});

/** The alert_evaluations and alert_deliveries tables: SQL only. */
export class AlertHistoryRepo {
  constructor(private readonly store: Store) {}

  async addEvaluation(e: {
    alertId: number;
    trigger: 'schedule' | 'manual';
    condition: Condition;
    startedAt: string;
  }): Promise<number> {
    const { id } = await this.store.db
      .insertInto('alert_evaluations')
      .values({
        alert_id: e.alertId,
        trigger: e.trigger,
        state: 'running',
        condition: JSON.stringify(e.condition),
        started_at: e.startedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async setExecution(evaluationId: number, executionId: string): Promise<void> {
    await this.store.db
      .updateTable('alert_evaluations')
      .set({ execution_id: executionId })
      .where('id', '=', evaluationId)
      .execute();
  }

  async evaluation(id: number): Promise<EvaluationRecord | undefined> {
    const row = await this.store.db
      .selectFrom('alert_evaluations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toEvaluation(row);
  }

  /** Ends a running evaluation with its outcome; false when it is not running (any more). */
  async finishEvaluation(id: number, o: Outcome, at: string): Promise<boolean> {
    const r = await this.store.db
      .updateTable('alert_evaluations')
      .set({
        state: o.state,
        value: o.value === undefined ? null : JSON.stringify(o.value),
        value_truncated: flag(o.valueTruncated),
        error: o.error?.slice(0, 4000) ?? null,
        evaluated_at: at,
      })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async markNotified(id: number): Promise<void> {
    await this.store.db
      .updateTable('alert_evaluations')
      .set({ notified: 1 })
      .where('id', '=', id)
      .execute();
  }

  /** Evaluations still running, oldest first (the scheduler finishes those whose run is over). */
  async running(): Promise<EvaluationRecord[]> {
    const rows = await this.store.db
      .selectFrom('alert_evaluations')
      .selectAll()
      .where('state', '=', 'running')
      .orderBy('id')
      .execute();
    return rows.map(toEvaluation);
  }

  /** The latest evaluation that found a state. */
  async lastFinished(alertId: number): Promise<EvaluationRecord | undefined> {
    const row = await this.store.db
      .selectFrom('alert_evaluations')
      .selectAll()
      .where('alert_id', '=', alertId)
      .where('state', '!=', 'running')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && toEvaluation(row);
  }

  async addDelivery(evaluationId: number, d: DeliveryRecord): Promise<void> {
    await this.store.db
      .insertInto('alert_deliveries')
      .values({
        evaluation_id: evaluationId,
        kind: d.kind,
        destination: d.destination,
        ok: flag(d.ok),
        attempts: d.attempts,
        error: d.error?.slice(0, 2000) ?? null,
        delivered_at: d.deliveredAt,
      })
      .execute();
  }

  /** Evaluations newest first with their deliveries, and whether more follow. */
  async history(alertId: number, limit: number, offset: number) {
    const rows = await this.store.db
      .selectFrom('alert_evaluations')
      .selectAll()
      .where('alert_id', '=', alertId)
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .offset(offset)
      .execute();
    const evaluations = rows.slice(0, limit).map(toEvaluation);
    const ids = evaluations.map((e) => e.id);
    const deliveries = ids.length
      ? await this.store.db
          .selectFrom('alert_deliveries')
          .selectAll()
          .where('evaluation_id', 'in', ids)
          .orderBy('id')
          .execute()
      : [];
    const of = (id: number): DeliveryRecord[] =>
      deliveries
        .filter((d) => d.evaluation_id === id)
        .map((d) => ({
          kind: d.kind,
          destination: d.destination,
          ok: isSet(d.ok),
          attempts: d.attempts,
          error: d.error,
          deliveredAt: d.delivered_at,
        }));
    return {
      evaluations: evaluations.map((e) => ({ ...e, deliveries: of(e.id) })),
      more: rows.length > limit,
    };
  }

  /** Keeps the newest `keep` evaluations of an alert (deliveries go with theirs). */
  async prune(alertId: number, keep: number): Promise<void> {
    const edge = await this.store.db
      .selectFrom('alert_evaluations')
      .select('id')
      .where('alert_id', '=', alertId)
      .orderBy('id', 'desc')
      .limit(1)
      .offset(keep)
      .executeTakeFirst();
    if (!edge) return;
    await this.store.db
      .deleteFrom('alert_evaluations')
      .where('alert_id', '=', alertId)
      .where('id', '<=', edge.id)
      .execute();
  }
}
