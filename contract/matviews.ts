import { z } from '@hono/zod-openapi';
import { PerformanceSchema } from './executions.js';
import { REFRESH_TRIGGERS } from './rules/enums.js';
import { MATVIEW_LIMITS } from './rules/limits.js';
import { MATVIEW_NAME_RULE } from './rules/names.js';

/**
 * Materialized views (spec 2.5; paths in compat-reference 2.5). A view is the stored result of a
 * saved query, `dune.<owner handle>.result_<name>`, refreshed on demand, by a cron schedule or by
 * a pipeline. Fields marked "Strata addition" are extra; hosted clients ignore them.
 */

export { MATVIEW_NAME_RULE } from './rules/names.js';

export const MatviewUpsertRequest = z
  .object({
    name: z
      .string()
      .max(10_000)
      .openapi({
        description: `The short name, without the "dune.<handle>." prefix: ${MATVIEW_NAME_RULE}`,
        example: 'result_daily_volume',
      }),
    query_id: z.number().int().positive(),
    cron_expression: z.string().max(200).nullish().openapi({
      description:
        'Five-field cron schedule in UTC; the shortest interval is MATVIEW_MIN_INTERVAL_MINUTES (15 by default). Empty or absent: no schedule.',
      example: '0 6 * * *',
    }),
    expires_at: z.string().max(100).nullish().openapi({
      description: 'ISO 8601 time after which the schedule stops (the view stays).',
    }),
    is_private: z.boolean().nullish(),
    performance: PerformanceSchema.optional(),
  })
  .openapi('MatviewsUpsertRequest');

export const MatviewUpsertResponse = z
  .object({
    name: z.string().openapi({ description: 'Full name, `dune.<handle>.result_<name>`' }),
    execution_id: z.string().openapi({ description: 'The refresh this upsert started' }),
  })
  .openapi('MatviewsUpsertResponse');

export const MatviewRefreshRequest = z
  .object({ performance: PerformanceSchema.optional() })
  .openapi('MatviewsRefreshRequest');

export const MatviewRefreshResponse = z
  .object({ sql_id: z.string(), execution_id: z.string() })
  .openapi('MatviewsRefreshResponse');

export const MatviewSchedule = z
  .object({
    cron_expression: z.string(),
    expires_at: z.string().nullable(),
    next_execution_time: z
      .string()
      .nullable()
      .openapi({ description: 'Null once the schedule has expired' }),
    performance: z.string(),
  })
  .openapi('MatviewSchedule');

export { REFRESH_TRIGGERS } from './rules/enums.js';

export const MatviewRefreshInfo = z
  .object({
    execution_id: z.string(),
    state: z.string().openapi({ description: 'The execution state, QUERY_STATE_*' }),
    trigger: z.enum(REFRESH_TRIGGERS),
    performance: z.string(),
    submitted_at: z.string(),
    ended_at: z.string().nullable(),
    error: z.string().nullable(),
    row_count: z.number().int().nullable(),
  })
  .openapi('MatviewRefreshInfo');

/** Fields the app shows; Strata additions on both the list element and the full view. */
const additions = {
  name: z.string().openapi({ description: 'Strata addition: the short name (result_...)' }),
  query_name: z.string().openapi({ description: 'Strata addition' }),
  row_count: z.number().int().openapi({ description: 'Strata addition' }),
  created_at: z.string().openapi({ description: 'Strata addition' }),
  refreshed_at: z
    .string()
    .nullable()
    .openapi({ description: 'Strata addition: when the data now served was stored' }),
  last_refresh: MatviewRefreshInfo.nullable().openapi({
    description: 'Strata addition: the latest refresh, whatever its outcome',
  }),
};

export const MatviewListElement = z
  .object({
    id: z.string(),
    sql_id: z.string(),
    query_id: z.number().int(),
    is_private: z.boolean(),
    table_size_bytes: z.number().int(),
    ...additions,
    schedule: MatviewSchedule.nullable().openapi({ description: 'Strata addition' }),
  })
  .openapi('MatviewListElement');

export const MatviewsListResponse = z
  .object({
    materialized_views: z.array(MatviewListElement),
    next_offset: z
      .number()
      .int()
      .optional()
      .openapi({ description: 'Present when more follow; absent on the last page' }),
  })
  .openapi('MatviewsListResponse');

export const MatviewGetResponse = z
  .object({
    id: z.string(),
    sql_id: z.string(),
    query_id: z.number().int(),
    is_private: z.boolean(),
    owner_team_id: z.number().int().nullable(),
    owner_user_id: z.number().int().nullable(),
    last_execution_ids: z.array(z.string()).openapi({ description: 'Newest first' }),
    table_size_bytes: z.number().int(),
    schedule: MatviewSchedule.optional().openapi({ description: 'Omitted when there is none' }),
    ...additions,
  })
  .openapi('MatviewsGetResponse');

export const MatviewRefreshesResponse = z
  .object({
    refreshes: z.array(MatviewRefreshInfo),
    next_offset: z.number().int().optional(),
  })
  .openapi('MatviewRefreshesResponse');

export const MatviewDeleteResponse = z
  .object({ message: z.string() })
  .openapi('MatviewsDeleteResponse');

export const MATVIEW_LIST_DEFAULT = MATVIEW_LIMITS.listDefault;
export const MATVIEW_LIST_MAX = MATVIEW_LIMITS.listMax;

export type MatviewUpsertRequest = z.infer<typeof MatviewUpsertRequest>;
export type MatviewUpsertResponse = z.infer<typeof MatviewUpsertResponse>;
export type MatviewRefreshResponse = z.infer<typeof MatviewRefreshResponse>;
export type MatviewSchedule = z.infer<typeof MatviewSchedule>;
export type MatviewRefreshInfo = z.infer<typeof MatviewRefreshInfo>;
export type MatviewListElement = z.infer<typeof MatviewListElement>;
export type MatviewsListResponse = z.infer<typeof MatviewsListResponse>;
export type MatviewGetResponse = z.infer<typeof MatviewGetResponse>;
export type MatviewRefreshesResponse = z.infer<typeof MatviewRefreshesResponse>;
