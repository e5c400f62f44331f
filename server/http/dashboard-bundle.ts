import { createRoute } from '@hono/zod-openapi';
import {
  BUNDLE_PAGE_ROWS,
  DashboardBundleParams,
  DashboardBundleResponse,
} from '../../contract/dashboards.js';
import type { Deps } from '../deps.js';
import { readDashboardView, type DashboardView } from '../previews/dashboard-view.js';
import type { QueryRecord } from '../queries/queries-repo.js';
import {
  ANONYMOUS_NOTE,
  dashboardResultExtra,
  OPTIONAL_AUTH,
  reader,
  SlugParams,
  toDashboardResponse,
  toDashboardVisualizations,
  viewer,
} from './dashboards-public.js';
import { concatBodies, type BodyPart } from './file-stream.js';
import { jsonPageBody, pageUri, publicBaseUrl } from './results.js';
import { answers, newRouter } from './router.js';

export type BundleRequest = {
  /** Rows of each latest result. */
  limit?: number;
  /** The base of absolute links (publicBaseUrl). */
  base: string;
};

/**
 * The body of a dashboard's bundle (DashboardBundleResponse): the dashboard, its visualizations
 * and the first page of each readable query's latest result as the viewer sees them (`view`,
 * read by the caller, which may share it: previews/dashboard-view.ts), the page read as GET
 * /dashboards/{id}/visualizations/{visualization_id}/results reads it (the same access rules and
 * page code; `next_uri` points there). Every page is written before the body starts, in
 * parallel; the rows stream from DuckDB's files as in every /results answer.
 */
export async function dashboardBundleBody(
  deps: Deps,
  view: DashboardView,
  req: BundleRequest,
): Promise<ReadableStream<Uint8Array>> {
  const d = view.dashboard;
  // Each readable query once, with the first visualization that shows it (for next_uri).
  const queries = new Map<number, { query: QueryRecord; visualizationId: number }>();
  for (const v of view.visualizations)
    if (v.query && !queries.has(v.query.id))
      queries.set(v.query.id, { query: v.query, visualizationId: v.visualization.id });

  const limit = req.limit ?? BUNDLE_PAGE_ROWS;
  const settled = await Promise.allSettled(
    [...queries.values()].map(async ({ query, visualizationId }) => {
      const e = await view.latest(query);
      if (!e) return null;
      const results = `${req.base}/api/v1/dashboards/${d.id}/visualizations/${visualizationId}/results`;
      const page = await jsonPageBody(
        deps,
        e,
        { limit },
        (offset, size) => pageUri(results, offset, size),
        { readAhead: false },
        dashboardResultExtra(e),
      );
      return { queryId: query.id, body: page.body };
    }),
  );
  const pages = settled.flatMap((s) => (s.status === 'fulfilled' && s.value ? [s.value] : []));
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) {
    // The pages already written are deleted with their streams.
    for (const p of pages) if (typeof p.body !== 'string') await p.body.cancel();
    throw failed.reason;
  }

  const head = JSON.stringify({
    dashboard: toDashboardResponse(d, req.base),
    visualizations: toDashboardVisualizations(view.visualizations),
  });
  const parts: BodyPart[] = [`${head.slice(0, -1)},"latest_results":[`];
  pages.forEach((p, i) =>
    parts.push(`${i ? ',' : ''}{"query_id":${p.queryId},"result":`, p.body, '}'),
  );
  parts.push(']}');
  return concatBodies(parts);
}

/** GET /dashboards/by-slug/{owner_handle}/{slug}/bundle: what a dashboard's page draws, in one answer. */
export function dashboardBundleRoutes(deps: Deps) {
  const r = newRouter();
  r.openapi(
    createRoute({
      method: 'get',
      path: '/dashboards/by-slug/{owner_handle}/{slug}/bundle',
      tags: ['dashboards'],
      summary:
        'A dashboard, its visualizations and the latest result of each of its queries, in one answer (Strata extension)',
      description: `What the dashboard's page draws, in one request: \`dashboard\` as \`GET /dashboards/by-slug/{owner_handle}/{slug}\`, \`visualizations\` as \`GET /dashboards/{id}/visualizations\`, and in \`latest_results\` the first page (\`limit\` rows, default ${BUNDLE_PAGE_ROWS}) of the latest result of each query the viewer may read, as \`GET /dashboards/{id}/visualizations/{visualization_id}/results\` answers it with no parameter values: the latest run of any values, named in its \`query_parameters\` (its \`next_uri\` leads there). A query with no result yet, or a private one outside its owner context, has no entry. ${ANONYMOUS_NOTE}`,
      security: OPTIONAL_AUTH,
      request: { params: SlugParams, query: DashboardBundleParams },
      responses: answers(DashboardBundleResponse, 'The dashboard and its data', 400, 401, 404),
    }),
    async (c) => {
      const { owner_handle, slug } = c.req.valid('param');
      const view = await readDashboardView(deps, owner_handle, slug, viewer(c), reader(c));
      const body = await dashboardBundleBody(deps, view, {
        limit: c.req.valid('query').limit,
        base: publicBaseUrl(c, deps),
      });
      return c.body(body, 200, { 'content-type': 'application/json' }) as never;
    },
  );
  return r;
}
