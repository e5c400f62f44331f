/**
 * Limits of the wire, defined once (400 beyond them unless a field says it is clamped). Plain
 * TypeScript, no imports: the zod schemas of contract/, the server and the app's forms all read
 * these.
 */

/** A saved query. */
export const QUERY_LIMITS = {
  name: 300,
  description: 10_000,
  querySql: 500_000,
  tags: 50,
  tag: 100,
  parameters: 100,
  listDefault: 20,
  listMax: 1000,
  /** `q` of the list. */
  search: 300,
} as const;

/** A query parameter's definition and values. */
export const PARAMETER_LIMITS = {
  key: 100,
  description: 2000,
  /** Characters of one value. */
  value: 100_000,
  /** Values of a multiselect. */
  values: 1000,
  enumOptions: 10_000,
  columnName: 300,
} as const;

/** An ad-hoc execution (`POST /sql/execute`). */
export const EXECUTION_LIMITS = {
  sql: QUERY_LIMITS.querySql,
  parameters: QUERY_LIMITS.parameters,
} as const;

export const DASHBOARD_LIMITS = {
  name: 300,
  slug: 100,
  tags: 50,
  tag: 100,
  /** Characters of a text widget's Markdown. */
  text: 100_000,
  widgets: 200,
  /** The grid is 12 columns wide (react-grid-layout's default, the hosted service's too). */
  gridColumns: 12,
  maxRow: 10_000,
  maxSizeY: 200,
  listDefault: 20,
  listMax: 1000,
} as const;

export const VISUALIZATION_LIMITS = {
  name: 300,
  description: 1000,
  optionsBytes: 256 * 1024,
  listDefault: 25,
  listMax: 1000,
} as const;

export const DATASET_LIMITS = {
  listDefault: 50,
  listMax: 250,
  searchDefault: 20,
  searchMax: 250,
  /** Characters of a search's free text. */
  query: 500,
  arrayItems: 100,
  item: 200,
} as const;

/** Uploaded tables. */
export const UPLOAD_LIMITS = {
  /** Characters of a table or column name. */
  name: 128,
  columns: 1000,
  /** Characters of a column's description (a CSV upload keeps the header's first ones). */
  columnDescription: 1000,
  listDefault: 50,
  listMax: 10_000,
} as const;

export const MATVIEW_LIMITS = {
  /** Characters of the short name, `result_` included. */
  name: 128,
  listDefault: 100,
  listMax: 10_000,
} as const;

export const PIPELINE_LIMITS = {
  nodes: 200,
} as const;

/** Sign-up, teams and API keys. */
export const ACCOUNT_LIMITS = {
  /** What a request may carry as a handle; the handle rule (names.ts) is stricter. */
  handleInput: 100,
  displayName: 100,
  passwordMin: 8,
  passwordMax: 200,
  keyName: 100,
} as const;

/** Alerts on saved queries (docs/alerts.md). */
export const ALERT_LIMITS = {
  name: 200,
  /** Alerts one context may have. */
  perContext: 100,
  destinations: 10,
  /** Characters of a webhook URL. */
  url: 2000,
  /** Characters of an email address (RFC 5321's path limit). */
  email: 254,
  /** Characters of a condition's column name and of a text value. */
  column: 300,
  value: 1000,
  /**
   * Characters of the value an evaluation found that are kept, listed and sent (a longer cell
   * is cut to this many and marked `value_truncated`; the condition still reads it whole).
   */
  keptValue: 1000,
  /** Evaluations kept per alert (older ones go, with their deliveries). */
  history: 100,
  listDefault: 100,
  listMax: 1000,
  historyDefault: 20,
} as const;

/** Scheduled refreshes of saved queries and dashboards. */
export const SCHEDULE_LIMITS = {
  /** Schedules of one query, and of one dashboard. */
  perTarget: 20,
  /** Schedules of one context, queries' and dashboards' together. */
  perContext: 200,
  cron: 200,
  /** Runs of one schedule kept in its history (older ones are dropped), and one page of it. */
  runsKept: 50,
  runsPage: 10,
} as const;
