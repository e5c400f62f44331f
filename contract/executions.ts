import { z } from '@hono/zod-openapi';
import { ParameterSchema } from './parameters.js';
import { DEFAULT_DIALECT, DIALECTS, EXECUTION_STATES, TIERS } from './rules/enums.js';
import { EXECUTION_LIMITS } from './rules/limits.js';
import { hasNul, SQL_NUL_RULE } from './rules/sql-text.js';

export const PerformanceSchema = z
  .enum([...TIERS, 'free'])
  .transform((t) => (t === 'free' ? 'small' : t))
  .openapi({ description: 'Engine tier; `free` is read as `small`.', example: 'medium' });

const dialectEnum = () => z.enum(DIALECTS, { error: `must be one of: ${DIALECTS.join(', ')}` });
const DIALECT_NOTE =
  'Strata extension: the SQL dialect. `dunesql` (the hosted service’s DuneSQL: Trino’s SQL with its varbinary and 256-bit types and functions, run on DuckDB through a rewrite) or `duckdb` (DuckDB’s own SQL, run as written).';

/** A query's or a run's SQL dialect (Strata extension; README, "Dialects"). */
export const DialectSchema = dialectEnum().openapi('Dialect', {
  description: DIALECT_NOTE,
  example: DEFAULT_DIALECT,
});

/** A request's dialect: none given is DuneSQL, as the hosted service's clients mean it. */
export const RequestDialect = dialectEnum()
  .default(DEFAULT_DIALECT)
  .openapi({
    description: `${DIALECT_NOTE} Default \`${DEFAULT_DIALECT}\`: what the hosted service’s clients send runs as DuneSQL.`,
    example: DEFAULT_DIALECT,
  });

const ParamValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string(), z.number()])),
]);

/** `{name: value}`, or an array of `{key|name, value}` (what some clients send). */
export const QueryParametersSchema = z
  .union([
    z.record(z.string(), ParamValue),
    z.array(
      z.object({ key: z.string().optional(), name: z.string().optional(), value: ParamValue }),
    ),
  ])
  .openapi({ example: { chain: 'ethereum', limit: 10 } });

export const ExecuteQueryRequestSchema = z
  .object({
    query_parameters: QueryParametersSchema.optional(),
    performance: PerformanceSchema.optional(),
  })
  .openapi('ExecuteQueryRequest');

export const ExecuteSqlRequestSchema = z
  .object({
    sql: z
      .string()
      .min(1)
      .max(EXECUTION_LIMITS.sql)
      .refine((s) => !hasNul(s), `sql: ${SQL_NUL_RULE}`),
    performance: PerformanceSchema.optional(),
    query_parameters: QueryParametersSchema.optional(),
    parameters: z.array(ParameterSchema).max(EXECUTION_LIMITS.parameters).optional().openapi({
      description:
        'Strata extension: definitions that type the `{{name}}` placeholders (as on a saved query), for running unsaved SQL of a query. Definitions the SQL does not use are ignored; placeholders without one are text.',
    }),
    dialect: RequestDialect,
  })
  .openapi('ExecuteSQLRequest');

export const ExecuteQueryResponseSchema = z
  .object({ execution_id: z.string(), state: z.string() })
  .openapi('ExecuteQueryResponse');

export const QueryResultErrorSchema = z
  .object({
    type: z.string().openapi({ example: 'syntax_error' }),
    message: z.string(),
    metadata: z.object({ line: z.number().int(), column: z.number().int() }).optional(),
  })
  .openapi('QueryResultError');

export const ResultMetadataSchema = z
  .object({
    column_names: z.array(z.string()),
    column_types: z.array(z.string()),
    row_count: z.number().int(),
    result_set_bytes: z.number().int(),
    total_row_count: z.number().int(),
    total_result_set_bytes: z.number().int(),
    datapoint_count: z.number().int(),
    pending_time_millis: z.number().int(),
    execution_time_millis: z.number().int(),
  })
  .openapi('ExecutionResultMetadata');

const Envelope = {
  execution_id: z.string(),
  query_id: z.number().int(),
  state: z.enum(EXECUTION_STATES),
  is_execution_finished: z.boolean(),
  submitted_at: z.string(),
  execution_started_at: z.string().optional(),
  execution_ended_at: z.string().optional(),
  cancelled_at: z.string().optional(),
  expires_at: z.string().optional(),
  error: QueryResultErrorSchema.optional(),
};

export const ExecutionStatusSchema = z
  .object({
    ...Envelope,
    queue_position: z.number().int().optional(),
    execution_cost_credits: z.number(),
    max_inflight_interactive_executions: z.number().int(),
    max_inflight_interactive_reached: z.number().int(),
    result_metadata: ResultMetadataSchema.optional(),
  })
  .openapi('GetExecutionStatusResponse');

export const ExecutionResultSchema = z
  .object({
    ...Envelope,
    next_offset: z.number().int().optional(),
    next_uri: z.string().optional(),
    result: z
      .object({ rows: z.array(z.record(z.string(), z.unknown())), metadata: ResultMetadataSchema })
      .optional(),
  })
  .openapi('ReadExecutionResultResponse');

export const CancelResponseSchema = z
  .object({ success: z.boolean() })
  .openapi('CancelQueryExecutionResponse');

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const count = (max: number) => z.coerce.number().int().min(0).max(max);

/** Strata's addition to GET /execution/{id}/status: wait for the end instead of polling. */
export const StatusParamsSchema = z.object({
  wait_ms: count(30_000).optional().openapi({
    description:
      'Strata extension (long poll): if the execution is not finished, answer when it finishes or after this many milliseconds (at most 30000), whichever comes first.',
  }),
  api_key: z.string().optional(),
});

/** Result paging parameters (compat-reference 2.3). Huge limits are accepted and clamped. */
export const ResultParamsSchema = z.object({
  limit: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().openapi({
    description:
      'Page size; clamped to MAX_PAGE_ROWS and to MAX_DATAPOINTS_PER_REQUEST cells (x-service-page-limit tells the size used).',
  }),
  offset: count(Number.MAX_SAFE_INTEGER).optional(),
  columns: z.string().max(100_000).optional(),
  sort_by: z.string().max(10_000).optional(),
  filters: z.string().max(10_000).optional(),
  sample_count: count(10_000_000).optional(),
  allow_partial_results: bool.optional(),
  ignore_max_datapoints_per_request: bool.optional(),
  allow_stale: bool.optional().openapi({
    description:
      'Strata extension, on a latest result (`/query/{id}/results`, a dashboard widget’s): the latest result whatever its age, never a run, even where a maximum result age applies (`max_result_age_seconds`).',
  }),
  api_key: z.string().optional(),
});

/** Whether a read of a latest result asks for it whatever its age (`allow_stale`). */
export const allowsStale = (raw: string | undefined) => raw === 'true' || raw === '1';

/** The parameters that shape a whole result, as its pages are shaped. */
const resultShape = {
  columns: ResultParamsSchema.shape.columns,
  sort_by: ResultParamsSchema.shape.sort_by,
  filters: ResultParamsSchema.shape.filters,
  api_key: ResultParamsSchema.shape.api_key,
};

/**
 * A result as an Arrow IPC stream (Strata extension): every row, shaped by `columns`, `sort_by`
 * and `filters` as pages are. Paging parameters (`limit`, `offset`, `sample_count`, ...) are
 * refused (400): a download is the whole result.
 */
export const ArrowDownloadParamsSchema = z.object(resultShape);

/** Parquet compressions a download may ask for; results are stored with the first. */
const PARQUET_COMPRESSIONS = ['snappy', 'zstd', 'uncompressed'] as const;
export type ParquetCompression = (typeof PARQUET_COMPRESSIONS)[number];

/** A result as Parquet (Strata extension): as an Arrow download, and the file's compression. */
export const ParquetDownloadParamsSchema = z.object({
  ...resultShape,
  compression: z.enum(PARQUET_COMPRESSIONS).optional().openapi({
    description:
      'Compression of the Parquet file; default `snappy`, the compression results are stored with (a whole result is then sent as it is stored).',
  }),
});
