import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  DashboardResponse,
  DashboardResult,
  DashboardVisualizationsResponse,
  type DashboardVisualization,
} from '../../contract/dashboards.js';
import { ResultParamsSchema } from '../../contract/executions.js';
import { DASHBOARD_PATH_LIMITS, dashboardPagePath } from '../../shared/pages/page-protocol.js';
import { toShownValues } from '../../shared/parameters/values-line.js';
import type { Deps } from '../deps.js';
import type { DashboardRecord } from '../dashboards/dashboard-record.js';
import type { ExecutionRecord } from '../executions/execution-record.js';
import {
  PRIVATE_QUERY,
  type DashboardVisualizationView,
} from '../dashboards/dashboards-service.js';
import type { AppEnv } from './app-env.js';
import { readerOf } from '../auth/caller.js';
import type { Reader } from '../executions/latest-runs.js';
import { jsonResponse, latestExecutionOf, publicBaseUrl, type ResultExtra } from './results.js';
import { etag } from './if-match.js';
import { Id } from './path-params.js';
import { SECURED, answers, newRouter } from './router.js';
import { toVisualizationResponse } from './visualizations.js';

export const DashboardIdParams = z.object({ dashboard_id: Id });
export const SlugParams = z.object({
  owner_handle: z.string().min(1).max(DASHBOARD_PATH_LIMITS.ownerHandle),
  slug: z.string().min(1).max(DASHBOARD_PATH_LIMITS.slug),
});
const ResultsParams = z.object({ dashboard_id: Id, visualization_id: Id });

/** Signed in or not: an API key, a session, or nobody. */
export const OPTIONAL_AUTH: Record<string, string[]>[] = [...SECURED, {}];
export const ANONYMOUS_NOTE =
  'No key needed for a dashboard that is neither private nor archived; private and archived dashboards are found only in their owner context (404 elsewhere).';

/** The context of the caller, or null when anonymous. */
export const viewer = (c: Context<AppEnv>) => c.get('principal')?.context.id ?? null;

/** The signed-in viewer as a reader who may be charged a run (latest-runs.ts), or null. */
export const reader = (c: Context<AppEnv>): Reader | null => {
  const p = c.get('principal');
  return p ? readerOf(p) : null;
};

/** The wire form of a dashboard; `dashboard_url` is the app's `/{owner}/{slug}` page. */
export function toDashboardResponse(d: DashboardRecord, base: string): DashboardResponse {
  return {
    dashboard_id: d.id,
    dashboard_url: `${base}${dashboardPagePath(d.owner_handle, d.slug)}`,
    name: d.name,
    slug: d.slug,
    is_private: d.is_private,
    tags: d.tags,
    text_widgets: d.text_widgets,
    visualization_widgets: d.visualization_widgets,
    param_widgets: d.param_widgets,
    owner_handle: d.owner_handle,
    columns_per_row: d.columns_per_row,
    max_result_age_seconds: d.max_result_age_seconds,
    is_archived: d.is_archived,
    created_at: d.created_at,
    updated_at: d.updated_at,
    version: d.version,
  };
}

/** The wire form of a dashboard's visualizations: a query's SQL never, a private one's nothing. */
export function toDashboardVisualizations(
  views: DashboardVisualizationView[],
): DashboardVisualization[] {
  return views.map((v) => ({
    visualization_id: v.visualization.id,
    visualization: toVisualizationResponse(v.visualization),
    query: v.query && {
      query_id: v.query.id,
      name: v.query.name,
      owner: v.query.owner_handle,
      parameters: v.query.parameters,
      max_result_age_seconds: v.query.max_result_age_seconds,
    },
    error: v.query ? null : PRIVATE_QUERY,
  }));
}

/**
 * What a dashboard's results answers add to a results answer (DashboardResult): the values the
 * run was made with. A read with no values gets the latest run of any values, and its widget
 * says which.
 */
export const dashboardResultExtra = (e: ExecutionRecord): ResultExtra => ({
  query_parameters: toShownValues(e.parameters),
});

/** The reads of a dashboard anyone with the link may make (a key or session is optional). */
export function dashboardPublicRoutes(deps: Deps) {
  const r = newRouter();
  const tags = ['dashboards'];
  const respond = (c: Context<AppEnv>, d: DashboardRecord) => {
    c.header('ETag', etag(d.version));
    return c.json(toDashboardResponse(d, publicBaseUrl(c, deps)), 200);
  };

  r.openapi(
    createRoute({
      method: 'get',
      path: '/dashboards/{dashboard_id}',
      tags,
      summary: 'Read a dashboard',
      description: ANONYMOUS_NOTE,
      security: OPTIONAL_AUTH,
      request: { params: DashboardIdParams },
      responses: answers(DashboardResponse, 'The dashboard', 400, 401, 404),
    }),
    async (c) =>
      respond(c, await deps.dashboards.readable(c.req.valid('param').dashboard_id, viewer(c))),
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/dashboards/by-slug/{owner_handle}/{slug}',
      tags,
      summary: 'Read a dashboard by its owner’s handle and its slug (both case-insensitive)',
      description: ANONYMOUS_NOTE,
      security: OPTIONAL_AUTH,
      request: { params: SlugParams },
      responses: answers(DashboardResponse, 'The dashboard', 400, 401, 404),
    }),
    async (c) => {
      const { owner_handle, slug } = c.req.valid('param');
      return respond(c, await deps.dashboards.bySlug(owner_handle, slug, viewer(c)));
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/dashboards/{dashboard_id}/visualizations',
      tags,
      summary: 'The visualizations of a dashboard, with their queries (Strata extension)',
      description: `One entry per distinct visualization. When the viewer may not read a visualization's query (a private query outside its owner context), \`query\` is null and \`error\` says so; the query's SQL is never included. ${ANONYMOUS_NOTE}`,
      security: OPTIONAL_AUTH,
      request: { params: DashboardIdParams },
      responses: answers(DashboardVisualizationsResponse, 'Visualizations', 400, 401, 404),
    }),
    async (c) => {
      const views = await deps.dashboards.visualizationsOf(
        c.req.valid('param').dashboard_id,
        viewer(c),
      );
      return c.json({ visualizations: toDashboardVisualizations(views) }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/dashboards/{dashboard_id}/visualizations/{visualization_id}/results',
      tags,
      summary: 'The latest result of a dashboard visualization’s query (Strata extension)',
      description: `Answers as \`GET /query/{query_id}/results\` for the visualization's query, with the same paging parameters and \`params.<name>\` values (none: the latest run of any values), and adds \`query_parameters\`: the values that run was made with. 404 unless the dashboard is readable, the visualization is on it and its query is readable by the viewer (public, or the viewer is its owner context). ${ANONYMOUS_NOTE}`,
      security: OPTIONAL_AUTH,
      request: { params: ResultsParams, query: ResultParamsSchema },
      responses: answers(DashboardResult, 'Results', 400, 401, 404),
    }),
    async (c) => {
      const ctx = viewer(c);
      const { dashboard_id, visualization_id } = c.req.valid('param');
      const { query, maxResultAgeSeconds } = await deps.dashboards.visualizationQuery(
        dashboard_id,
        visualization_id,
        ctx,
      );
      const e = await latestExecutionOf(deps, c, query, reader(c), maxResultAgeSeconds);
      return jsonResponse(
        c,
        deps,
        e,
        c.req.valid('query'),
        'latest',
        dashboardResultExtra(e),
      ) as never;
    },
  );

  return r;
}
