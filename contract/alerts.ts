import { z } from '@hono/zod-openapi';
import { PerformanceSchema, QueryParametersSchema } from './executions.js';
import {
  ALERT_COMPARISONS,
  ALERT_NOTIFY,
  ALERT_OPERATORS,
  ALERT_STATES,
  type AlertOperator,
} from './rules/enums.js';
import { ALERT_LIMITS } from './rules/limits.js';

/**
 * Alerts (a Strata extension, docs/alerts.md): a condition on the result of a saved query, run
 * on a cron schedule as the alert's owner context, with destinations told when its state changes.
 */

export { ALERT_LIMITS } from './rules/limits.js';

const isComparison = (op: AlertOperator) => (ALERT_COMPARISONS as readonly string[]).includes(op);

export const AlertCondition = z
  .object({
    op: z.enum(ALERT_OPERATORS).openapi({
      description:
        'A comparison of `column` in the first row of the result with `value`, or `any_rows` / `no_rows` (no column, no value)',
    }),
    column: z.string().min(1).max(ALERT_LIMITS.column).optional(),
    value: z
      .union([z.number(), z.string().max(ALERT_LIMITS.value)])
      .optional()
      .openapi({
        description:
          'A number compares numerically (the cell must be a number); text compares as text',
      }),
  })
  .superRefine((c, ctx) => {
    if (isComparison(c.op)) {
      if (c.column === undefined)
        ctx.addIssue({ code: 'custom', path: ['column'], message: `"${c.op}" needs a column` });
      if (c.value === undefined)
        ctx.addIssue({ code: 'custom', path: ['value'], message: `"${c.op}" needs a value` });
      if (typeof c.value === 'number' && !Number.isFinite(c.value))
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be a finite number' });
    } else if (c.column !== undefined || c.value !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['op'],
        message: `"${c.op}" takes no column and no value`,
      });
  })
  .openapi('AlertCondition', { example: { column: 'volume', op: '>', value: 1000 } });

export const AlertDestination = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('webhook'),
      url: z.string().min(1).max(ALERT_LIMITS.url).openapi({
        description: 'http or https; private and loopback addresses are refused (docs/alerts.md)',
      }),
    }),
    z.object({ type: z.literal('email'), to: z.string().min(1).max(ALERT_LIMITS.email) }),
  ])
  .openapi('AlertDestination');
export type AlertDestinationInput = z.output<typeof AlertDestination>;

const fields = {
  name: z.string().trim().min(1).max(ALERT_LIMITS.name),
  query_id: z.number().int().positive(),
  condition: AlertCondition,
  cron_expression: z.string().min(1).max(200).openapi({
    description:
      'Five-field cron schedule in UTC; the shortest interval is ALERT_MIN_INTERVAL_MINUTES (5 by default)',
    example: '*/15 * * * *',
  }),
  query_parameters: QueryParametersSchema.optional().openapi({
    description: "Values of the query's parameters for the scheduled run (defaults otherwise)",
  }),
  performance: PerformanceSchema.optional(),
  notify: z.enum(ALERT_NOTIFY).optional().openapi({
    description: '`on_change` (default): send when the state changes; `every_run`: after each',
  }),
  destinations: z.array(AlertDestination).max(ALERT_LIMITS.destinations),
  is_paused: z.boolean().optional(),
};

export const AlertCreateRequest = z
  .object({ ...fields, destinations: fields.destinations.default([]) })
  .openapi('AlertCreateRequest');
export type AlertCreateInput = z.output<typeof AlertCreateRequest>;

export const AlertPatchRequest = z.object(fields).partial().openapi('AlertPatchRequest');
export type AlertPatchInput = z.output<typeof AlertPatchRequest>;

export const AlertStateSchema = z.enum(ALERT_STATES);

export const Alert = z
  .object({
    id: z.number().int(),
    name: z.string(),
    query_id: z.number().int(),
    query_name: z.string().openapi({ description: 'Empty when the query cannot be read' }),
    condition: AlertCondition,
    cron_expression: z.string(),
    next_evaluation_time: z.string().nullable().openapi({ description: 'Null while paused' }),
    query_parameters: z.record(z.string(), z.unknown()),
    performance: z.string(),
    notify: z.enum(ALERT_NOTIFY),
    destinations: z.array(AlertDestination),
    is_paused: z.boolean(),
    state: AlertStateSchema,
    state_changed_at: z.string().nullable(),
    last_evaluated_at: z.string().nullable(),
    last_value: z.unknown().openapi({
      description: `The value of the latest evaluation, as kept: a cell over ${ALERT_LIMITS.keptValue} characters is cut (last_value_truncated)`,
    }),
    last_value_truncated: z.boolean().openapi({
      description: `last_value is the first ${ALERT_LIMITS.keptValue} characters of a longer value (text, or a list's or object's JSON), followed by "…"`,
    }),
    last_error: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Alert');

export const AlertsListResponse = z
  .object({ alerts: z.array(Alert), next_offset: z.number().int().optional() })
  .openapi('AlertsListResponse');

export const AlertDelivery = z
  .object({
    kind: z.enum(['webhook', 'email']),
    destination: z.string(),
    ok: z.boolean(),
    attempts: z.number().int(),
    error: z.string().nullable(),
    delivered_at: z.string(),
  })
  .openapi('AlertDelivery');

export const AlertEvaluation = z
  .object({
    id: z.number().int(),
    trigger: z.enum(['schedule', 'manual']),
    execution_id: z.string().nullable(),
    state: z.enum(['running', 'ok', 'triggered', 'failed']),
    value: z.unknown().openapi({
      description: `The value the condition looked at (the row count for any_rows/no_rows), as kept: one over ${ALERT_LIMITS.keptValue} characters is cut (value_truncated)`,
    }),
    value_truncated: z.boolean().openapi({
      description: `value is the first ${ALERT_LIMITS.keptValue} characters of a longer value (text, or a list's or object's JSON), followed by "…"; the condition read it whole`,
    }),
    condition: AlertCondition.nullable().openapi({
      description:
        'The condition this evaluation checked (the alert’s condition may have changed since); null for evaluations recorded before conditions were kept',
    }),
    error: z.string().nullable(),
    notified: z.boolean(),
    started_at: z.string(),
    evaluated_at: z.string().nullable(),
    deliveries: z.array(AlertDelivery),
  })
  .openapi('AlertEvaluation');

export const AlertHistoryResponse = z
  .object({ evaluations: z.array(AlertEvaluation), next_offset: z.number().int().optional() })
  .openapi('AlertHistoryResponse');

export const AlertRunResponse = z
  .object({
    evaluation_id: z.number().int(),
    execution_id: z.string().nullable(),
    state: z.enum(['running', 'failed']),
  })
  .openapi('AlertRunResponse');

export const AlertDestinationTypesResponse = z
  .object({
    webhook: z.boolean(),
    email: z.boolean().openapi({
      description: 'False when the server has no SMTP server set (SMTP_HOST): email is refused',
    }),
  })
  .openapi('AlertDestinationTypesResponse');
export type AlertDestinationTypes = z.infer<typeof AlertDestinationTypesResponse>;

export const AlertDeleteResponse = z.object({ message: z.string() }).openapi('AlertDeleteResponse');

export type Alert = z.infer<typeof Alert>;
export type AlertsListResponse = z.infer<typeof AlertsListResponse>;
export type AlertEvaluation = z.infer<typeof AlertEvaluation>;
export type AlertHistoryResponse = z.infer<typeof AlertHistoryResponse>;
export type AlertRunResponse = z.infer<typeof AlertRunResponse>;
/** What a client sends to create an alert (defaults left out). */
export type AlertCreateBody = z.input<typeof AlertCreateRequest>;
export type AlertPatchBody = z.input<typeof AlertPatchRequest>;
