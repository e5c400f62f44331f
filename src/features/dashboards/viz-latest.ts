import type { QueryClient } from '@tanstack/react-query';
import type { DashboardResult } from '../../../contract/dashboards';
import { isCompletedState } from '../../../contract/rules/enums';
import type { ShownValues } from '../../../shared/parameters/values-line';
import { seedFirstPage, vizHeadOptions } from '../../components/viz/use-viz-data';
import type { ExecutionResult } from '../../lib/resources/executions';
import { dashboardKeys, type DashboardScope } from './api';
import { paramsQuery } from './params';

/**
 * A widget's latest result as it is kept, and its seeding from a dashboard's bundle: apart from
 * the widget's hook (viz-source.ts) because the router's loaders seed it on every page, so
 * only this small part is in their chunk.
 */

const isDone = isCompletedState;

export const resultsPath = (dashboardId: number, vid: number) =>
  `/dashboards/${dashboardId}/visualizations/${vid}/results`;

/**
 * The query string of the renderer's reads of a widget's result (its rows, pages, a counter's
 * row): the widget's values, and `allow_stale`, so they read the result drawn whatever its age
 * and never start a run; only the widget's own read of its latest result applies the maximum.
 */
export const rowsQuery = (values: Record<string, string>) => ({
  ...paramsQuery(values),
  allow_stale: 'true',
});

/** A completed run whose rows a widget draws. */
type Shown = {
  execution_id: string;
  ended_at?: string;
  /** The values its run was made with (the dashboard's results answer names them). */
  values?: ShownValues;
};

export type Latest = {
  execution_id: string;
  state: ExecutionResult['state'];
  error?: string;
  /** The values its run was made with (the dashboard's results answer names them). */
  values?: ShownValues;
  /**
   * The result drawn: this run's when it is complete; while it runs, the one read before it
   * (under a maximum result age the service answers a run it started for an older result).
   */
  shown?: Shown;
} | null;

/** The last part of the key of a widget's latest result (rereadLatest finds them by it). */
export const LATEST = 'latest';

export const latestKey = (
  s: DashboardScope,
  dashboardId: number,
  vid: number,
  v: Record<string, string>,
) => [...dashboardKeys.viz(s, dashboardId, vid, v), LATEST] as const;

/**
 * What the widget keeps of its latest result `r` (read for `values`). A completed one's rows
 * also serve the renderer: its head, and every read the page can answer, come from it.
 */
export function keepLatest(
  client: QueryClient,
  at: { scope: DashboardScope; dashboardId: number; vid: number; values: Record<string, string> },
  r: DashboardResult,
  before?: Latest,
): Latest {
  if (isDone(r.state)) {
    const source = {
      key: [...dashboardKeys.viz(at.scope, at.dashboardId, at.vid, at.values), r.execution_id],
      path: resultsPath(at.dashboardId, at.vid),
      ctx: at.scope.ctx,
      query: rowsQuery(at.values),
    };
    client.setQueryData(vizHeadOptions(source).queryKey, r);
    seedFirstPage(client, source, r);
  }
  const { execution_id, execution_ended_at: ended_at, query_parameters: values } = r;
  return {
    execution_id,
    state: r.state,
    error: r.error?.message,
    values,
    shown: isDone(r.state)
      ? { execution_id, ended_at, values }
      : r.state === 'QUERY_STATE_FAILED'
        ? undefined
        : before?.shown,
  };
}

/**
 * Seeds a widget shown with no parameter values, as if it had read its latest result `r`
 * (null: the query has none yet), so it draws without a request (a dashboard's bundle).
 */
export function seedLatest(
  client: QueryClient,
  scope: DashboardScope,
  dashboardId: number,
  vid: number,
  r: DashboardResult | null,
) {
  const at = { scope, dashboardId, vid, values: {} };
  client.setQueryData<Latest>(
    latestKey(scope, dashboardId, vid, {}),
    r && keepLatest(client, at, r),
  );
}
