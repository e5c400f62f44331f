import type { z } from '@hono/zod-openapi';
import type { Alert, AlertEvaluation } from '../../contract/alerts.js';
import type { DeliveryRecord, EvaluationRecord } from './alert-history-repo.js';
import type { AlertView } from './alerts-service.js';

/** The wire shapes of alerts and their history (contract/alerts.ts). */

export function alertWire({ alert: a, queryName, last }: AlertView): z.input<typeof Alert> {
  return {
    id: a.id,
    name: a.name,
    query_id: a.queryId,
    query_name: queryName,
    condition: a.condition,
    cron_expression: a.cronExpression,
    next_evaluation_time: a.nextEvaluationTime,
    query_parameters: a.parameters,
    performance: a.performance,
    notify: a.notify,
    destinations: a.destinations,
    is_paused: a.isPaused,
    state: a.state,
    state_changed_at: a.stateChangedAt,
    last_evaluated_at: a.lastEvaluatedAt,
    last_value: last?.value ?? null,
    last_value_truncated: last?.valueTruncated ?? false,
    last_error: last?.error ?? null,
    created_at: a.createdAt,
    updated_at: a.updatedAt,
  };
}

export function evaluationWire(
  e: EvaluationRecord & { deliveries: DeliveryRecord[] },
): z.input<typeof AlertEvaluation> {
  return {
    id: e.id,
    trigger: e.trigger,
    execution_id: e.executionId,
    state: e.state,
    value: e.value ?? null,
    value_truncated: e.valueTruncated,
    condition: e.condition,
    error: e.error,
    notified: e.notified,
    started_at: e.startedAt,
    evaluated_at: e.evaluatedAt,
    deliveries: e.deliveries.map((d) => ({
      kind: d.kind,
      destination: d.destination,
      ok: d.ok,
      attempts: d.attempts,
      error: d.error,
      delivered_at: d.deliveredAt,
    })),
  };
}
