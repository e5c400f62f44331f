import type { DashboardRecord } from '../dashboards/dashboard-record.js';
import { resolveParameterValues } from '../engine/parameters.js';
import { ParameterError, invalid } from '../errors.js';
import type { QueryRecord } from '../queries/queries-repo.js';
import type { DashboardValues, QueryValues, ScheduleRecord } from './schedules-repo.js';

/** Checks values against a query's parameter definitions (engine/parameters); 400 otherwise. */
export function checkValues(
  query: Pick<QueryRecord, 'parameters'>,
  values: QueryValues,
  label: string,
): void {
  try {
    resolveParameterValues(query.parameters, values);
  } catch (err) {
    if (err instanceof ParameterError) throw invalid(`${label}: ${err.message}`);
    throw err;
  }
}

/**
 * Checks a dashboard schedule's values: each names a parameter widget of the dashboard (its
 * query and key) once, and fits that query's parameter. 400 naming the entry otherwise.
 */
export async function checkDashboardValues(
  dashboard: Pick<DashboardRecord, 'param_widgets'>,
  values: DashboardValues,
  queryOf: (id: number) => Promise<Pick<QueryRecord, 'parameters'> | undefined>,
): Promise<void> {
  const seen = new Set<string>();
  for (const [i, v] of values.entries()) {
    const label = `parameters[${i}]`;
    if (!dashboard.param_widgets.some((p) => p.query_id === v.query_id && p.key === v.key))
      throw invalid(
        `${label}: the dashboard has no parameter widget for "${v.key}" of query ${v.query_id}`,
      );
    const id = JSON.stringify([v.query_id, v.key]);
    if (seen.has(id)) throw invalid(`${label}: "${v.key}" of query ${v.query_id} is given twice`);
    seen.add(id);
    const query = await queryOf(v.query_id);
    if (query) checkValues(query, { [v.key]: v.value }, label);
  }
}

/** A dashboard schedule's values of one query, by key. */
export function valuesOfQuery(values: DashboardValues, queryId: number): QueryValues {
  return Object.fromEntries(
    values.filter((v) => v.query_id === queryId).map((v) => [v.key, v.value]),
  );
}

/** The same cron, values and tier: a second such schedule would only run everything twice. */
export function sameRuns(
  a: Pick<ScheduleRecord, 'cronExpression' | 'parameters' | 'performance'>,
  b: Pick<ScheduleRecord, 'cronExpression' | 'parameters' | 'performance'>,
): boolean {
  return (
    a.cronExpression === b.cronExpression &&
    a.performance === b.performance &&
    canonical(a.parameters) === canonical(b.parameters)
  );
}

function canonical(p: QueryValues | DashboardValues): string {
  const entries = Array.isArray(p)
    ? p.map((v) => [`${v.query_id}.${v.key}`, v.value] as const)
    : Object.entries(p);
  return JSON.stringify(
    entries
      .map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)])
      .sort(([a], [b]) => (String(a) < String(b) ? -1 : 1)),
  );
}
