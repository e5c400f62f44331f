import { z } from '@hono/zod-openapi';
import { PerformanceSchema } from './executions.js';
import { EXECUTION_STATES } from './rules/enums.js';
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

/**
 * The schemas of one kind of schedule (of a query or of a dashboard): the create and update
 * bodies, a schedule, and the list. The kinds differ only in their target's id, the shape of
 * their values and what their notes say; the rest is defined here once.
 */
function scheduleSchemas<
  Target extends z.ZodRawShape,
  Values extends z.ZodType,
  Stored extends z.ZodType,
>(
  kind: 'Query' | 'Dashboard',
  spec: {
    target: Target;
    /** The values a body gives. */
    values: Values;
    /** The values a schedule answers with. */
    stored: Stored;
    /** What `query_parameters` says. */
    aliasNote: string;
    /** What `performance` says. */
    tierNote: string;
  },
) {
  const Create = z
    .object({
      cron_expression: Cron,
      parameters: spec.values.optional(),
      query_parameters: spec.values.optional().openapi({ description: spec.aliasNote }),
      performance: PerformanceSchema.optional().openapi({ description: spec.tierNote }),
      enabled: Enabled.optional(),
    })
    .openapi(`Create${kind}ScheduleRequest`);
  const Update = Create.partial().openapi(`Update${kind}ScheduleRequest`, {
    description: 'Any subset; a new cron_expression (or enabling) moves the next run',
  });
  const Schedule = z
    .object({ ...common, ...spec.target, parameters: spec.stored })
    .openapi(`${kind}Schedule`);
  const List = z.object({ schedules: z.array(Schedule) }).openapi(`${kind}SchedulesResponse`);
  return { Create, Update, Schedule, List };
}

export const {
  Create: CreateQueryScheduleRequest,
  Update: UpdateQueryScheduleRequest,
  Schedule: QuerySchedule,
  List: QuerySchedulesResponse,
} = scheduleSchemas('Query', {
  target: { query_id: z.number().int() },
  values: QueryScheduleValues,
  stored: z.record(z.string(), ScheduleValue),
  aliasNote:
    'The same values under the name alerts and POST /query/{query_id}/execute use; give one of the two (both: 400)',
  tierNote: "Engine tier of the runs; default: the query's engine tier",
});
export type UpdateQueryScheduleRequest = z.output<typeof UpdateQueryScheduleRequest>;
export type QuerySchedule = z.output<typeof QuerySchedule>;
export type QuerySchedulesResponse = z.output<typeof QuerySchedulesResponse>;

export const {
  Create: CreateDashboardScheduleRequest,
  Update: UpdateDashboardScheduleRequest,
  Schedule: DashboardSchedule,
  List: DashboardSchedulesResponse,
} = scheduleSchemas('Dashboard', {
  target: { dashboard_id: z.number().int() },
  values: DashboardValues,
  stored: z.array(DashboardScheduleValue),
  aliasNote: 'The same values under the name alerts use; give one of the two (both: 400)',
  tierNote: 'Engine tier of the runs; default medium',
});
export type DashboardSchedule = z.output<typeof DashboardSchedule>;
export type DashboardSchedulesResponse = z.output<typeof DashboardSchedulesResponse>;

export const DeleteScheduleResponse = z
  .object({ schedule_id: z.number().int(), ok: z.boolean() })
  .openapi('DeleteScheduleResponse');

/** One run of a schedule: a slot, or run now. */
export const ScheduleRun = z
  .object({
    run_at: z.string().openapi({ description: 'When the slot (or run now) fired' }),
    state: z.enum(SCHEDULE_RUN_STATES).openapi({
      description:
        'ok: every run completed; running: some still run; failed: a run failed, or could not start (error says why)',
    }),
    error: z
      .string()
      .nullable()
      .openapi({ description: 'Why (part of) the run could not start; null when all started' }),
    executions: z
      .array(
        z.object({
          execution_id: z.string(),
          query_id: z.number().int().nullable(),
          state: z
            .enum(EXECUTION_STATES)
            .nullable()
            .openapi({ description: 'Null once the execution is gone' }),
        }),
      )
      .openapi({ description: 'The executions it started (one per query of a dashboard)' }),
  })
  .openapi('ScheduleRun');
export type ScheduleRun = z.output<typeof ScheduleRun>;

export const ScheduleRunsResponse = z
  .object({
    schedule_id: z.number().int(),
    runs: z.array(ScheduleRun),
    next_offset: z
      .number()
      .int()
      .optional()
      .openapi({ description: 'Present when older runs follow' }),
  })
  .openapi('ScheduleRunsResponse');
export type ScheduleRunsResponse = z.output<typeof ScheduleRunsResponse>;
