import type { DashboardResponse, DashboardVisualization } from '../../../contract/dashboards';
import type { Parameter } from '../../../contract/parameters';
import { defaultValues } from '../../../contract/rules/parameters';
import { valuesByKey, type ShownValues } from '../../../shared/parameters/values-line';

/** Auto-refresh choices of the view, in the URL as `refresh=5m`. */
export const REFRESH_INTERVALS = {
  off: 0,
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
} as const;
export type RefreshInterval = keyof typeof REFRESH_INTERVALS;
export const isRefreshInterval = (v: unknown): v is RefreshInterval =>
  typeof v === 'string' && Object.hasOwn(REFRESH_INTERVALS, v);

/** A parameter widget's value in the URL: `p.<query_id>.<key>=value`. */
export const valueParam = (queryId: number, key: string) => `p.${queryId}.${key}` as const;
export type ValueParam = `p.${string}`;

/** The dashboard page's URL state: the refresh interval and the parameter widgets' values. */
export type DashboardSearch = { refresh?: RefreshInterval } & {
  [k: ValueParam]: string | undefined;
};

const MAX_VALUE = 1000;

/** Reads the page's search; anything malformed is dropped instead of failing the page. */
export function parseDashboardSearch(raw: Record<string, unknown>): DashboardSearch {
  const out: DashboardSearch = {};
  if (isRefreshInterval(raw.refresh) && raw.refresh !== 'off') out.refresh = raw.refresh;
  for (const [k, v] of Object.entries(raw)) {
    if (!/^p\.\d+\..+$/.test(k)) continue;
    const value =
      typeof v === 'string'
        ? v
        : typeof v === 'number' || typeof v === 'boolean'
          ? String(v)
          : null;
    if (value !== null && value.length <= MAX_VALUE) out[k as ValueParam] = value;
  }
  return out;
}

/**
 * The parameter values one visualization widget is shown for, by key: those of the parameter
 * widgets that drive it and of any parameter widget of the same query (a value is kept per query
 * and key, so one input moves every chart of that query). A value comes from the URL, else from
 * the parameter's default (what its input shows), so a chart always matches its inputs.
 */
export function valuesFor(
  dashboard: Pick<DashboardResponse, 'param_widgets'>,
  vizWidgetId: number,
  vizQueryId: number | null,
  search: DashboardSearch,
  visualizations?: readonly DashboardVisualization[],
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const p of dashboard.param_widgets) {
    if (p.visualization_widget_id !== vizWidgetId && p.query_id !== vizQueryId) continue;
    const v =
      search[valueParam(p.query_id, p.key)] ??
      parameterOf(visualizations, p.query_id, p.key)?.value;
    if (v !== undefined && v !== '') values[p.key] = v;
  }
  return Object.fromEntries(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * The values a run given `values` is made with: those, and the default of each other parameter
 * of the query (`defs`), as the service fills them in. What a widget names while it waits for,
 * runs or misses the result for its values.
 */
export function withDefaults(
  values: Record<string, string>,
  defs: readonly Parameter[],
): ShownValues {
  const out: Record<string, string | string[]> = {};
  for (const d of defs) {
    const fallback = defaultValues(d);
    out[d.key] = values[d.key] ?? (d.isMultiselect ? fallback : fallback[0]!);
  }
  return out;
}

/**
 * The values the dashboard's parameter widgets set, by key (a key several queries' widgets share
 * may have several): from the URL, else the parameter's default, as `valuesFor` reads them.
 */
export function dashboardValues(
  dashboard: Pick<DashboardResponse, 'param_widgets'>,
  search: DashboardSearch,
  visualizations?: readonly DashboardVisualization[],
): Record<string, string[]> {
  return valuesByKey(
    dashboard.param_widgets,
    (queryId, key) =>
      search[valueParam(queryId, key)] ?? parameterOf(visualizations, queryId, key)?.value,
  );
}

/** `params.<key>=value` of the latest-result endpoint. */
export function paramsQuery(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [`params.${k}`, v]));
}

/** The definition of a parameter widget's parameter, from the query it belongs to. */
export function parameterOf(
  visualizations: readonly DashboardVisualization[] | undefined,
  queryId: number,
  key: string,
): Parameter | null {
  for (const v of visualizations ?? [])
    if (v.query?.query_id === queryId) {
      const p = v.query.parameters.find((d) => d.key === key);
      if (p) return p;
    }
  return null;
}

/** One value input of the dashboard: a parameter of a query, shown by its parameter widgets. */
export type DashboardInput = {
  /** The input's label: the key, or the key and its query when two queries share the key. */
  name: string;
  query_id: number;
  key: string;
  /** The parameter's definition, named `name` (text with no default if its query is unknown). */
  parameter: Parameter;
};

/**
 * The dashboard's value inputs, once per query and key (several widgets of one query's key share
 * a value), in the order of its parameter widgets: what a form of the dashboard's values shows.
 */
export function dashboardInputs(
  dashboard: Pick<DashboardResponse, 'param_widgets'>,
  visualizations: readonly DashboardVisualization[] | undefined,
): DashboardInput[] {
  const seen = new Set<string>();
  const pairs = dashboard.param_widgets.filter((w) => {
    const id = valueParam(w.query_id, w.key);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  return pairs.map(({ query_id, key }) => {
    const shared = pairs.some((p) => p.key === key && p.query_id !== query_id);
    const name = shared ? `${key} (query ${query_id})` : key;
    const parameter = parameterOf(visualizations, query_id, key) ?? { key, type: 'text' as const };
    return { name, query_id, key, parameter: { ...parameter, key: name } };
  });
}
