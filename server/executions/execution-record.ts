import type { Dialect } from '../../contract/rules/enums.js';

export const STATES = {
  pending: 'QUERY_STATE_PENDING',
  executing: 'QUERY_STATE_EXECUTING',
  completed: 'QUERY_STATE_COMPLETED',
  partial: 'QUERY_STATE_COMPLETED_PARTIAL',
  failed: 'QUERY_STATE_FAILED',
  cancelled: 'QUERY_STATE_CANCELLED',
  expired: 'QUERY_STATE_EXPIRED',
} as const;
export type ExecutionState = (typeof STATES)[keyof typeof STATES];
export const TERMINAL: ReadonlySet<string> = new Set([
  STATES.completed,
  STATES.partial,
  STATES.failed,
  STATES.cancelled,
  STATES.expired,
]);

export type ExecutionError = {
  type: string;
  message: string;
  metadata?: { line: number; column: number };
};

/** Where a run came from: the web app, the API, a schedule (or the demo data), a pipeline. */
export type ExecutionSource = 'api' | 'app' | 'schedule' | 'pipeline';

export type ExecutionRecord = {
  id: string;
  query_id: number;
  query_version: number | null;
  context_id: number;
  user_id: number | null;
  api_key_id: string | null;
  source: string;
  /** The SQL as written, its parameters rendered (a DuneSQL run's before its rewrite). */
  sql: string;
  /** The dialect `sql` is written in and ran as. */
  dialect: Dialect;
  parameters: Record<string, unknown>;
  params_key: string;
  performance: string;
  state: ExecutionState;
  submitted_at: string;
  started_at: string | null;
  ended_at: string | null;
  cancelled_at: string | null;
  expires_at: string | null;
  error: ExecutionError | null;
  column_names: string[] | null;
  /** DuckDB type names of the columns, as the query produced them. */
  column_types: string[] | null;
  row_count: number | null;
  result_bytes: number | null;
  result_file: string | null;
  execution_time_ms: number | null;
  pending_time_ms: number | null;
  cost_credits: number;
};

export type NewExecution = Pick<
  ExecutionRecord,
  | 'id'
  | 'query_id'
  | 'query_version'
  | 'context_id'
  | 'user_id'
  | 'api_key_id'
  | 'source'
  | 'sql'
  | 'dialect'
  | 'parameters'
  | 'params_key'
  | 'performance'
>;

/** What adopting a run changes on the execution, so it reads as a run of the saved query. */
export type Adoption = {
  queryId: number;
  version: number;
  paramsKey: string;
  parameters: Record<string, unknown>;
};
