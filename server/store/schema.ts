import type { Generated } from 'kysely';
import type { Dialect } from '../../contract/rules/enums.js';

/**
 * The metadata store's tables as the query layer (Kysely) sees them, kept by hand in step with
 * `migrations/*.sql`. Types are the ones both SQLite and PostgreSQL hold the same way: text,
 * integers and reals; flags are 0/1 integers, times are RFC 3339 text, JSON is text.
 */
export interface Database {
  accounts: AccountsTable;
  memberships: MembershipsTable;
  api_keys: ApiKeysTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  queries: QueriesTable;
  query_versions: QueryVersionsTable;
  executions: ExecutionsTable;
  lake_tables: LakeTablesTable;
  lake_tables_fts: LakeTablesFtsTable;
  lake_table_contracts: LakeTableContractsTable;
  visualizations: VisualizationsTable;
  dashboards: DashboardsTable;
  dashboard_widgets: DashboardWidgetsTable;
  matviews: MatviewsTable;
  dataset_syncs: DatasetSyncsTable;
  matview_refreshes: MatviewRefreshesTable;
  pipeline_executions: PipelineExecutionsTable;
  pipeline_nodes: PipelineNodesTable;
  cluster_nodes: ClusterNodesTable;
  rate_windows: RateWindowsTable;
  alerts: AlertsTable;
  alert_evaluations: AlertEvaluationsTable;
  alert_deliveries: AlertDeliveriesTable;
  query_schedules: QuerySchedulesTable;
  query_schedule_runs: QueryScheduleRunsTable;
  schema_migrations: { name: string; applied_at: string };
}

/** A 0/1 flag. */
type Flag = number;

export interface AccountsTable {
  id: Generated<number>;
  handle: string;
  type: 'user' | 'team';
  display_name: Generated<string>;
  password_hash: string | null;
  created_at: string;
}

export interface MembershipsTable {
  team_id: number;
  user_id: number;
  role: 'admin' | 'member';
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  context_id: number;
  created_by: number | null;
  name: Generated<string>;
  scope: 'read' | 'read_write';
  prefix: string;
  key_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface QueriesTable {
  id: Generated<number>;
  owner_id: number;
  created_by: number | null;
  name: string;
  description: Generated<string>;
  query_sql: string;
  is_private: Generated<Flag>;
  is_archived: Generated<Flag>;
  is_temp: Generated<Flag>;
  engine: Generated<string>;
  /** JSON array of Parameter. */
  parameters: Generated<string>;
  /** JSON array of strings. */
  tags: Generated<string>;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Migration 016: rows from before it are 'duckdb'. */
  dialect: Generated<Dialect>;
  /** Migration 017: the result age its readers accept (contract/rules/result-age.ts). */
  max_result_age_seconds: Generated<number | null>;
}

export interface QueryVersionsTable {
  query_id: number;
  version: number;
  author_id: number | null;
  name: string;
  description: string;
  query_sql: string;
  parameters: string;
  tags: string;
  is_private: Flag;
  is_archived: Flag;
  created_at: string;
  dialect: Generated<Dialect>;
}

export interface ExecutionsTable {
  id: string;
  query_id: Generated<number>;
  query_version: number | null;
  context_id: number;
  user_id: number | null;
  api_key_id: string | null;
  source: Generated<string>;
  sql: string;
  parameters: Generated<string>;
  params_key: Generated<string>;
  performance: string;
  state: string;
  submitted_at: string;
  started_at: string | null;
  ended_at: string | null;
  cancelled_at: string | null;
  expires_at: string | null;
  error: string | null;
  column_names: string | null;
  column_types: string | null;
  row_count: number | null;
  result_bytes: number | null;
  result_file: string | null;
  execution_time_ms: number | null;
  pending_time_ms: number | null;
  cost_credits: Generated<number>;
  expired: Generated<Flag>;
  /** Cluster: the node that claimed the run, or must run it (migration 011). */
  runner_node: string | null;
  /** The SQL as written, when parameters changed it (error positions on any node). */
  written_sql: string | null;
  /** JSON placeholder marks of the rendering (engine/parameters.ts), when there were any. */
  sql_marks: string | null;
  /**
   * The dialect `sql` is written in (migration 016). A DuneSQL run's SQL is kept as written (its
   * parameters rendered); any node that runs it rewrites it again (engine/dialects.ts).
   */
  dialect: Generated<Dialect>;
}

export interface LakeTablesTable {
  id: Generated<number>;
  catalog: Generated<string>;
  schema_name: string;
  table_name: string;
  owner_id: number | null;
  kind: 'demo' | 'upload' | 'matview' | 'dataset';
  dataset_type: string;
  category: Generated<string>;
  is_private: Generated<Flag>;
  description: Generated<string>;
  blockchains: Generated<string>;
  columns: Generated<string>;
  metadata: Generated<string>;
  snapshot: string | null;
  row_count: Generated<number>;
  size_bytes: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** SQLite's FTS5 index of lake_tables (dialect-specific: see docs/decisions.md). */
export interface LakeTablesFtsTable {
  rowid: number;
  name: string;
  description: string;
  keywords: string;
  columns: string;
}

export interface LakeTableContractsTable {
  address: string;
  table_id: number;
}

export interface VisualizationsTable {
  id: Generated<number>;
  query_id: number;
  created_by: number | null;
  name: string;
  type: string;
  description: Generated<string>;
  options: Generated<string>;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface DashboardsTable {
  id: Generated<number>;
  owner_id: number;
  created_by: number | null;
  name: string;
  slug: string;
  is_private: Generated<Flag>;
  is_archived: Generated<Flag>;
  columns_per_row: Generated<number>;
  tags: Generated<string>;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
  /** Migration 017: the result age its viewers accept (contract/rules/result-age.ts). */
  max_result_age_seconds: Generated<number | null>;
}

export interface DashboardWidgetsTable {
  id: Generated<number>;
  dashboard_id: number;
  kind: 'visualization' | 'text' | 'param';
  uid: string | null;
  visualization_id: number | null;
  text: string | null;
  param_key: string | null;
  query_id: number | null;
  visualization_widget_id: number | null;
  col: number;
  row: number;
  size_x: number;
  size_y: number;
  ord: Generated<number>;
}

export interface MatviewsTable {
  id: Generated<number>;
  owner_id: number;
  created_by: number | null;
  name: string;
  query_id: number;
  is_private: Generated<Flag>;
  cron_expression: string | null;
  expires_at: string | null;
  next_execution_time: string | null;
  performance: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface DatasetSyncsTable {
  table_id: number;
  source: string;
  format: string | null;
  cron_expression: string;
  next_sync_at: string | null;
  last_sync_at: string | null;
  last_outcome: Generated<string>;
  updated_at: string;
}

export interface MatviewRefreshesTable {
  execution_id: string;
  matview_id: number;
  trigger: 'upsert' | 'manual' | 'schedule' | 'pipeline';
  created_at: string;
}

export interface PipelineExecutionsTable {
  id: string;
  context_id: number;
  user_id: number | null;
  api_key_id: string | null;
  status: string;
  error: string | null;
  submitted_at: string;
  started_at: string | null;
  ended_at: string | null;
  /** Cluster: the node that runs the pipeline's steps (migration 011). */
  runner_node: string | null;
}

export interface PipelineNodesTable {
  pipeline_execution_id: string;
  node_id: number;
  position: number;
  kind: string;
  query_id: number | null;
  matview_name: string | null;
  dependencies: Generated<string>;
  performance: string;
  parameters: Generated<string>;
  execution_id: string | null;
  status: string;
  error: string | null;
  started_at: string | null;
  ended_at: string | null;
}

export interface ClusterNodesTable {
  id: string;
  name: string;
  started_at: string;
  /** Milliseconds since the epoch, by the database's clock. */
  lease_until: number;
}

/** A live fixed window of one rate limit and key (server/limits/store-limiter.ts). */
export interface RateWindowsTable {
  name: string;
  key: string;
  /** Milliseconds since the epoch. */
  window_start: number;
  count: number;
}

/** Alerts on saved queries (migration 012, server/alerts). JSON columns are text. */
export interface AlertsTable {
  id: Generated<number>;
  owner_id: number;
  created_by: number | null;
  name: string;
  query_id: number;
  condition: string;
  parameters: Generated<string>;
  performance: Generated<string>;
  cron_expression: string;
  next_evaluation_time: string | null;
  notify: Generated<'on_change' | 'every_run'>;
  destinations: Generated<string>;
  is_paused: Generated<Flag>;
  state: Generated<'unknown' | 'ok' | 'triggered' | 'failed'>;
  state_changed_at: string | null;
  last_evaluated_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AlertEvaluationsTable {
  id: Generated<number>;
  alert_id: number;
  trigger: 'schedule' | 'manual';
  execution_id: string | null;
  state: 'running' | 'ok' | 'triggered' | 'failed';
  value: string | null;
  value_truncated: Generated<Flag>;
  /** JSON: the condition checked (migration 019); null before it. */
  condition: string | null;
  error: string | null;
  notified: Generated<Flag>;
  started_at: string;
  evaluated_at: string | null;
}

export interface AlertDeliveriesTable {
  id: Generated<number>;
  evaluation_id: number;
  kind: 'webhook' | 'email';
  destination: string;
  ok: Flag;
  attempts: number;
  error: string | null;
  delivered_at: string;
}

/** A schedule of a saved query or of a dashboard (server/schedules, migration 013). */
export interface QuerySchedulesTable {
  id: Generated<number>;
  owner_id: number;
  created_by: number | null;
  /** Exactly one of query_id and dashboard_id is set. */
  query_id: number | null;
  dashboard_id: number | null;
  cron_expression: string;
  /** JSON: values by key (a query's), or a list of {query_id, key, value} (a dashboard's). */
  parameters: Generated<string>;
  performance: string;
  is_enabled: Generated<Flag>;
  next_run_at: string | null;
  last_run_at: string | null;
  /** JSON list of the executions the last run started. */
  last_execution_ids: Generated<string>;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** One run of a schedule, its history (server/schedules, migration 018). */
export interface QueryScheduleRunsTable {
  id: Generated<number>;
  schedule_id: number;
  run_at: string;
  /** JSON list of {execution_id, query_id} the run started (query_id null: read it from the run). */
  executions: Generated<string>;
  error: string | null;
}
