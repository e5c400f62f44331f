import type { DashboardsService, ShownDashboard } from '../dashboards/dashboards-service.js';
import { AppError } from '../errors.js';
import type { ExecutionRecord } from '../executions/execution-record.js';
import type { ExecutionsService } from '../executions/executions-service.js';
import type { QueryRecord } from '../queries/queries-repo.js';
import { latestOrNone } from './preview-rows.js';

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
   * which the viewer may see, or null when it has none.
   */
  latest(query: QueryRecord): Promise<ExecutionRecord | null>;
};

/** An anonymous visitor's view: what the public pages (previews, first paints) show. */
export type PublicDashboardView = DashboardView<null>;

export type DashboardViewDeps = {
  dashboards: Pick<DashboardsService, 'shownBySlug'>;
  executions: Pick<ExecutionsService, 'latestOf'>;
};

/** The view of the dashboard at /{ownerHandle}/{slug} for `viewer`; not found as `bySlug`. */
export async function readDashboardView<V extends number | null>(
  deps: DashboardViewDeps,
  ownerHandle: string,
  slug: string,
  viewer: V,
): Promise<DashboardView<V>> {
  const shown = await deps.dashboards.shownBySlug(ownerHandle, slug, viewer);
  const runs = new Map<number, Promise<ExecutionRecord | null>>();
  return {
    ...shown,
    viewer,
    latest(query) {
      let run = runs.get(query.id);
      if (!run) {
        run = latestOrNone(deps.executions, query, viewer);
        runs.set(query.id, run);
      }
      return run;
    },
  };
}

/** The anonymous view of the dashboard at /{ownerHandle}/{slug}, or null when it is not public. */
export function publicDashboardView(
  deps: DashboardViewDeps,
  ownerHandle: string,
  slug: string,
): Promise<PublicDashboardView | null> {
  return readDashboardView(deps, ownerHandle, slug, null).catch((err: unknown) =>
    err instanceof AppError && err.kind === 'not_found' ? null : Promise.reject(err),
  );
}
