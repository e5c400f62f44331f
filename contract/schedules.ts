import { z } from '@hono/zod-openapi';
import { PerformanceSchema } from './executions.js';
import {
  DASHBOARD_LIMITS,
  PARAMETER_LIMITS,
  QUERY_LIMITS,
  SCHEDULE_LIMITS,
} from './rules/limits.js';

/**
 * Scheduled refreshes (a Strata extension): a saved query's schedules, each a cron, parameter
 * values and a tier, and a dashboard's schedules, which run every widget's query with the
 * dashboard's parameter values. Every run is an execution with source `schedule`, charged to the
 * owner context, and becomes the latest result for its values.
 */

export { SCHEDULE_LIMITS } from './rules/limits.js';

const Value = z.string().max(PARAMETER_LIMITS.value);
/** One parameter's value: text, a number, a boolean, or a multiselect's list. */
export const ScheduleValue = z
  .union([
    Value,
    z.number(),
    z.boolean(),
    z.array(z.union([Value, z.number()])).max(PARAMETER_LIMITS.values),
  ])
  .openapi('ScheduleParameterValue');
export type ScheduleValue = z.output<typeof ScheduleValue>;

const Cron = z.string().max(SCHEDULE_LIMITS.cron).openapi({
  description:
    'Five-field cron schedule in UTC (minute hour day-of-month month day-of-week); runs may be no closer than MATVIEW_MIN_INTERVAL_MINUTES (15 by default)',
  example: '0 6 * * *',
});
const Enabled = z.boolean().openapi({
  description: 'False pauses the schedule (no next run) until it is true again',
});

/** Values by parameter key; a parameter left out runs with its default. */
export const QueryScheduleValues = z
  .record(z.string().max(PARAMETER_LIMITS.key), ScheduleValue)
  .refine((v) => Object.keys(v).length <= QUERY_LIMITS.parameters, {
    message: `at most ${QUERY_LIMITS.parameters} parameters`,
  })
  .openapi({
    description:
      "Values by parameter key, checked against the query's parameters; one left out runs with its default (when the run starts)",
    example: { chain: 'ethereum', days: 7 },
  });

export const CreateQueryScheduleRequest = z
  .object({
    cron_expression: Cron,
    parameters: QueryScheduleValues.optional(),
    query_parameters: QueryScheduleValues.optional().openapi({
      description:
        'The same values under the name alerts and POST /query/{query_id}/execute use; give one of the two (both: 400)',
    }),
    performance: PerformanceSchema.optional().openapi({
      description: "Engine tier of the runs; default: the query's engine tier",
    }),
    enabled: Enabled.optional(),
  })
  .openapi('CreateQueryScheduleRequest');
export type CreateQueryScheduleRequest = z.output<typeof CreateQueryScheduleRequest>;

export const UpdateQueryScheduleRequest = CreateQueryScheduleRequest.partial().openapi(
  'UpdateQueryScheduleRequest',
  { description: 'Any subset; a new cron_expression (or enabling) moves the next run' },
);
export type UpdateQueryScheduleRequest = z.output<typeof UpdateQueryScheduleRequest>;

/** One value of a dashboard's parameter widget (the widget's query and key). */
export const DashboardScheduleValue = z
  .object({
    query_id: z.number().int().positive(),
    key: z.string().min(1).max(PARAMETER_LIMITS.key),
    value: ScheduleValue,
  })
  .openapi('DashboardScheduleValue');
export type DashboardScheduleValue = z.output<typeof DashboardScheduleValue>;

const DashboardValues = z.array(DashboardScheduleValue).max(DASHBOARD_LIMITS.widgets).openapi({
  description:
    "Values of the dashboard's parameter widgets, by query and key; a widget left out runs with its parameter's default, as the dashboard opens",
});

export const CreateDashboardScheduleRequest = z
  .object({
    cron_expression: Cron,
    parameters: DashboardValues.optional(),
    query_parameters: DashboardValues.optional().openapi({
      description: 'The same values under the name alerts use; give one of the two (both: 400)',
    }),
    performance: PerformanceSchema.optional().openapi({
      description: 'Engine tier of the runs; default medium',
    }),
    enabled: Enabled.optional(),
  })
  .openapi('CreateDashboardScheduleRequest');
export type CreateDashboardScheduleRequest = z.output<typeof CreateDashboardScheduleRequest>;

export const UpdateDashboardScheduleRequest = CreateDashboardScheduleRequest.partial().openapi(
  'UpdateDashboardScheduleRequest',
  { description: 'Any subset; a new cron_expression (or enabling) moves the next run' },
);
export type UpdateDashboardScheduleRequest = z.output<typeof UpdateDashboardScheduleRequest>;

export const SCHEDULE_RUN_STATES = ['ok', 'running', 'failed'] as const;

const common = {
  schedule_id: z.number().int(),
  cron_expression: z.string(),
  performance: z.string(),
  enabled: z.boolean(),
  next_run_at: z.string().nullable().openapi({ description: 'Null while disabled' }),
  last_run_at: z
    .string()
    .nullable()
    .openapi({ description: 'When the last slot (or run now) fired; null before the first' }),
  last_execution_id: z.string().nullable().openapi({
    description: 'The execution the last run started (the first, for a dashboard); null if none',
  }),
  last_execution_ids: z.array(z.string()).openapi({
    description: 'Every execution the last run started (one per query of a dashboard)',
  }),
  last_state: z.enum(SCHEDULE_RUN_STATES).nullable().openapi({
    description:
      'ok: every run of the last slot completed; running: some still run; failed: a run failed, or could not start (last_error says why); null before the first run',
  }),
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};

export const QuerySchedule = z
  .object({
    ...common,
    query_id: z.number().int(),
    parameters: z.record(z.string(), ScheduleValue),
  })
  .openapi('QuerySchedule');
export type QuerySchedule = z.output<typeof QuerySchedule>;

export const DashboardSchedule = z
  .object({
    ...common,
    dashboard_id: z.number().int(),
    parameters: z.array(DashboardScheduleValue),
  })
  .openapi('DashboardSchedule');
export type DashboardSchedule = z.output<typeof DashboardSchedule>;

export const QuerySchedulesResponse = z
  .object({ schedules: z.array(QuerySchedule) })
  .openapi('QuerySchedulesResponse');
export type QuerySchedulesResponse = z.output<typeof QuerySchedulesResponse>;
export const DashboardSchedulesResponse = z
  .object({ schedules: z.array(DashboardSchedule) })
  .openapi('DashboardSchedulesResponse');
export type DashboardSchedulesResponse = z.output<typeof DashboardSchedulesResponse>;

export const DeleteScheduleResponse = z
  .object({ schedule_id: z.number().int(), ok: z.boolean() })
  .openapi('DeleteScheduleResponse');
