/**
 * The enumerations of the wire, defined once. Plain TypeScript (no zod, no imports): the zod
 * schemas of contract/ build on these lists, the server checks against them, and the app
 * imports them at runtime (its first pages load no zod).
 */

const includes = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/** Dataset types (`type`, `dataset_types`) of the hosted service's catalog. */
export const DATASET_TYPES = [
  'dune_table',
  'decoded_table',
  'spell',
  'uploaded_table',
  'transformation_table',
  'transformation_view',
  'materialized_view',
] as const;
export type DatasetType = (typeof DATASET_TYPES)[number];

export const DATASET_CATEGORIES = ['canonical', 'decoded', 'spell', 'community'] as const;
export type DatasetCategory = (typeof DATASET_CATEGORIES)[number];

/** Search filter: every visible dataset, the caller context's own, or those of its teams. */
export const OWNER_SCOPES = ['all', 'me', 'team'] as const;
export type OwnerScope = (typeof OWNER_SCOPES)[number];

/** Where a search result stands relative to the caller (the `owner_scope` of a result). */
export const RESULT_OWNER_SCOPES = ['dune', 'me', 'team', 'community'] as const;

/** Kinds of account; handles of both share one namespace. */
export const CONTEXT_TYPES = ['user', 'team'] as const;

export const TEAM_ROLES = ['admin', 'member'] as const;

export const KEY_SCOPES = ['read', 'read_write'] as const;

/** Visualization types of the hosted service (compat-reference §6). */
export const VISUALIZATION_TYPES = [
  'chart',
  'table',
  'counter',
  'pivot',
  'cohort',
  'funnel',
  'choropleth',
  'sankey',
  'sunburst_sequence',
  'word_cloud',
] as const;
export type VisualizationType = (typeof VISUALIZATION_TYPES)[number];

/** `options.globalSeriesType` of a `chart`; `seriesOptions[col].type` takes the same values. */
export const CHART_SERIES_TYPES = ['line', 'column', 'area', 'scatter', 'pie'] as const;
export type ChartSeriesType = (typeof CHART_SERIES_TYPES)[number];
export const isChartSeriesType = (v: unknown): v is ChartSeriesType =>
  includes(CHART_SERIES_TYPES, v);

/**
 * Types of a query parameter (`date` on the wire is read as `datetime`); `varbinary` (bytes
 * written `0x…`, such as an address) is Strata's own.
 */
export const PARAMETER_TYPES = ['text', 'number', 'datetime', 'enum', 'varbinary'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

/** Engine tiers of an execution (`performance`; `free` on the wire is read as `small`). */
export const TIERS = ['small', 'medium', 'large'] as const;
export type Tier = (typeof TIERS)[number];
export const DEFAULT_TIER: Tier = 'medium';
export const isTier = (v: unknown): v is Tier => includes(TIERS, v);

/**
 * The SQL dialects a query is written in and a run reads its SQL as: `dunesql`, the hosted
 * service's (Trino's SQL with its varbinary and 256-bit types and functions), run on DuckDB
 * through a rewrite; `duckdb`, DuckDB's own SQL, run as written.
 */
export const DIALECTS = ['dunesql', 'duckdb'] as const;
export type Dialect = (typeof DIALECTS)[number];
/** What a request that names no dialect means: the hosted service's clients send none. */
export const DEFAULT_DIALECT: Dialect = 'dunesql';
export const isDialect = (v: unknown): v is Dialect => includes(DIALECTS, v);

/** States of an execution, as the hosted service names them. */
export const EXECUTION_STATES = [
  'QUERY_STATE_PENDING',
  'QUERY_STATE_EXECUTING',
  'QUERY_STATE_COMPLETED',
  'QUERY_STATE_COMPLETED_PARTIAL',
  'QUERY_STATE_FAILED',
  'QUERY_STATE_CANCELLED',
  'QUERY_STATE_EXPIRED',
] as const;
export type ExecutionState = (typeof EXECUTION_STATES)[number];

/** Not finished yet: waiting for a slot, or running. */
export const RUNNING_EXECUTION_STATES: readonly ExecutionState[] = [
  'QUERY_STATE_PENDING',
  'QUERY_STATE_EXECUTING',
];
/** Finished with a result (a partial one is a result too). */
export const COMPLETED_EXECUTION_STATES: readonly ExecutionState[] = [
  'QUERY_STATE_COMPLETED',
  'QUERY_STATE_COMPLETED_PARTIAL',
];
/** Finished without a result. */
export const UNSUCCESSFUL_EXECUTION_STATES: readonly ExecutionState[] = [
  'QUERY_STATE_FAILED',
  'QUERY_STATE_CANCELLED',
  'QUERY_STATE_EXPIRED',
];
export const isRunningState = (state: unknown): boolean =>
  includes(RUNNING_EXECUTION_STATES, state);
export const isCompletedState = (state: unknown): boolean =>
  includes(COMPLETED_EXECUTION_STATES, state);

/** Column types of uploaded tables, as the hosted service names them. */
export const COLUMN_TYPES = [
  'varchar',
  'varbinary',
  'bigint',
  'integer',
  'double',
  'boolean',
  'timestamp',
  'date',
  'uint256',
  'int256',
] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];
export const isColumnType = (v: unknown): v is ColumnType => includes(COLUMN_TYPES, v);

/** Overall status of a pipeline execution. */
export const PIPELINE_STATUSES = [
  'pending',
  'executing',
  'completed',
  'failed',
  'cancelled',
] as const;
export type PipelineStatus = (typeof PIPELINE_STATUSES)[number];

/** Status of one node: `skipped` when a node it depends on failed or was cancelled. */
export const NODE_STATUSES = [...PIPELINE_STATUSES, 'skipped'] as const;
export type NodeStatus = (typeof NODE_STATUSES)[number];

/** Why a materialized view's refresh ran. */
export const REFRESH_TRIGGERS = ['upsert', 'manual', 'schedule', 'pipeline'] as const;

/** `scope` of GET /queries: the caller context's queries, or every public one. */
export const QUERY_LIST_SCOPES = ['context', 'public'] as const;

/** An alert's state: `unknown` until its first evaluation (docs/alerts.md). */
export const ALERT_STATES = ['unknown', 'ok', 'triggered', 'failed'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** Comparisons of an alert's condition on a column of the first row. */
export const ALERT_COMPARISONS = ['>', '>=', '<', '<=', '=', '!='] as const;
/** Conditions on the result's rows, with no column. */
export const ALERT_ROW_CHECKS = ['any_rows', 'no_rows'] as const;
export const ALERT_OPERATORS = [...ALERT_COMPARISONS, ...ALERT_ROW_CHECKS] as const;
export type AlertOperator = (typeof ALERT_OPERATORS)[number];

/** When an alert sends: on a change of state, or after every evaluation. */
export const ALERT_NOTIFY = ['on_change', 'every_run'] as const;
export type AlertNotify = (typeof ALERT_NOTIFY)[number];
