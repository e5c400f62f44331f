import type { DashboardsService, ShownDashboard } from '../dashboards/dashboards-service.js';
import type { ExecutionRecord } from '../executions/execution-record.js';
import { governingAge } from '../../contract/rules/result-age.js';
import type { LatestRuns, Reader } from '../executions/latest-runs.js';
import type { QueryRecord } from '../queries/queries-repo.js';

/**
 * A dashboard as one viewer (`viewer`, null: anonymous) sees it, for everything one request
 * shows of it: the dashboard and its visualizations (ShownDashboard) and the latest run of each
 * of its queries, each read once, when first asked for. A public dashboard's page draws its link
 * preview, its first paint and its bundle from one view: whichever asks first reads, the others
 * wait for the same read.
 */
export type DashboardView<V extends number | null = number | null> = ShownDashboard & {
  viewer: V;
  /**
   * The latest run of `query` (one of the view's readable queries) with no parameter values,
   * which the viewer may see, or null when it has none; for a signed-in reader, under the
   * maximum result age that governs the widget (the dashboard's, else the query's: a run is
   * started when no result is young enough, LatestRuns.within).
   */
  latest(query: QueryRecord): Promise<ExecutionRecord | null>;
};

/** An anonymous visitor's view: what the public pages (previews, first paints) show. */
export type PublicDashboardView = DashboardView<null>;

export type DashboardViewDeps = {
  dashboards: Pick<DashboardsService, 'shownBySlug' | 'findShownBySlug'>;
  executions: { latest: Pick<LatestRuns, 'findLatest' | 'within'> };
};

/**
 * The view of the dashboard at /{ownerHandle}/{slug} for `viewer` (`reader`: the signed-in
 * viewer who may be charged a run); not found as `bySlug`.
 */
export async function readDashboardView<V extends number | null>(
  deps: DashboardViewDeps,
  ownerHandle: string,
  slug: string,
  viewer: V,
  reader: Reader | null = null,
): Promise<DashboardView<V>> {
  const shown = await deps.dashboards.shownBySlug(ownerHandle, slug, viewer);
  return viewOf(deps, shown, viewer, reader);
}

/** The anonymous view of the dashboard at /{ownerHandle}/{slug}, or null when it is not public. */
export async function publicDashboardView(
  deps: DashboardViewDeps,
  ownerHandle: string,
  slug: string,
): Promise<PublicDashboardView | null> {
  const shown = await deps.dashboards.findShownBySlug(ownerHandle, slug, null);
  return shown && viewOf(deps, shown, null, null);
}

function viewOf<V extends number | null>(
  deps: DashboardViewDeps,
  shown: ShownDashboard,
  viewer: V,
  reader: Reader | null,
): DashboardView<V> {
  const runs = new Map<number, Promise<ExecutionRecord | null>>();
  return {
    ...shown,
    viewer,
    latest(query) {
      let run = runs.get(query.id);
      if (!run) {
        const maxAge = governingAge(
          shown.dashboard.max_result_age_seconds,
          query.max_result_age_seconds,
        );
        run = reader
          ? deps.executions.latest.within(query, reader, {}, maxAge)
          : deps.executions.latest.findLatest(query, viewer);
        runs.set(query.id, run);
      }
      return run;
    },
  };
}
