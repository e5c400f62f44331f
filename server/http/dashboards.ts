import { createRoute, z } from '@hono/zod-openapi';
import {
  ArchiveDashboardResponse,
  CreateDashboardRequest,
  DASHBOARD_LIMITS,
  DashboardResponse,
  ListDashboardsResponse,
  UpdateDashboardRequest,
} from '../../contract/dashboards.js';
import { callerOf } from '../auth/caller.js';
import { requireScope } from './principal.js';
import type { Deps } from '../deps.js';
import {
  DashboardIdParams,
  dashboardPublicRoutes,
  toDashboardResponse,
} from './dashboards-public.js';
import { dashboardBundleRoutes } from './dashboard-bundle.js';
import { publicBaseUrl } from './results.js';
import { IF_MATCH_NOTE, ifMatchVersion } from './if-match.js';
import { SECURED, answers, needs, jsonBody, newRouter } from './router.js';

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const ListParams = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(0)
    .default(DASHBOARD_LIMITS.listDefault)
    .transform((n) => Math.min(n, DASHBOARD_LIMITS.listMax))
    .openapi({
      description: `Default ${DASHBOARD_LIMITS.listDefault}; values over ${DASHBOARD_LIMITS.listMax} are taken as ${DASHBOARD_LIMITS.listMax}`,
    }),
  offset: z.coerce.number().int().min(0).default(0),
  q: z
    .string()
    .max(300)
    .optional()
    .openapi({ description: 'Case-insensitive substring of the name or slug' }),
  tags: z
    .string()
    .max(5000)
    .optional()
    .openapi({ description: 'Comma-separated tags; a dashboard must have all of them' }),
  include_archived: flag
    .optional()
    .openapi({ description: 'Include archived dashboards (default false)' }),
});

const LAYOUT_NOTE =
  'Widgets without a position are laid out automatically below the others: text widgets full width (2 to 12 rows, from their line count), then parameter widgets (4 per row, 3 x 2), then visualizations `columns_per_row` per row (12 / columns_per_row wide, 8 rows tall).';

/** Dashboards: create, change, archive, list; the public reads are in dashboards-public.ts. */
export function dashboardRoutes(deps: Deps) {
  const r = newRouter();
  const tags = ['dashboards'];

  r.openapi(
    createRoute({
      method: 'post',
      path: '/dashboards',
      tags,
      summary: 'Create a dashboard owned by the caller’s context',
      description: `The slug comes from the name (made unique for the owner with -2, -3, ...) unless \`slug\` is given (409 if taken). \`visualization_ids\` must be readable by the caller. ${LAYOUT_NOTE}`,
      security: SECURED,
      middleware: [needs('read_write')],
      request: { body: jsonBody(CreateDashboardRequest) },
      responses: answers(DashboardResponse, 'Created', 400, 401, 403, 409),
    }),
    async (c) => {
      const p = requireScope(c, 'read_write');
      const d = await deps.dashboards.create(callerOf(p), c.req.valid('json'));
      return c.json(toDashboardResponse(d, publicBaseUrl(c, deps)), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/dashboards',
      tags,
      summary: 'List the caller’s dashboards, newest updated first (Strata extension)',
      security: SECURED,
      middleware: [needs('read')],
      request: { query: ListParams },
      responses: answers(ListDashboardsResponse, 'Dashboards', 400, 401),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const q = c.req.valid('query');
      const { dashboards, total } = await deps.dashboards.list(callerOf(p), {
        limit: q.limit,
        offset: q.offset,
        q: q.q,
        tags: q.tags?.split(','),
        includeArchived: q.include_archived,
      });
      const base = publicBaseUrl(c, deps);
      return c.json(
        { dashboards: dashboards.map((d) => toDashboardResponse(d, base)), total },
        200,
      );
    },
  );

  r.openapi(
    createRoute({
      method: 'patch',
      path: '/dashboards/{dashboard_id}',
      tags,
      summary: 'Change a dashboard (owner context only)',
      description: `Any subset of fields. A widget array replaces every widget of its kind; kinds not given stay. A \`widget_id\` in a text or visualization widget keeps that widget (and its position when none is given). Parameter widgets must drive a visualization widget of the dashboard showing a visualization of their \`query_id\`, and name one of its parameters; replacing visualization widgets without giving parameter widgets drops those left without their visualization widget. The name never changes the slug; a taken \`slug\` is 409. An archived dashboard must be unarchived first (403). ${LAYOUT_NOTE} ${IF_MATCH_NOTE}`,
      security: SECURED,
      middleware: [needs('read_write')],
      request: {
        params: DashboardIdParams,
        body: jsonBody(UpdateDashboardRequest),
      },
      responses: answers(DashboardResponse, 'Updated', 400, 401, 403, 404, 409),
    }),
    async (c) => {
      const p = requireScope(c, 'read_write');
      const d = await deps.dashboards.update(
        c.req.valid('param').dashboard_id,
        callerOf(p),
        c.req.valid('json'),
        ifMatchVersion(c),
      );
      return c.json(toDashboardResponse(d, publicBaseUrl(c, deps)), 200);
    },
  );

  for (const action of ['archive', 'unarchive'] as const) {
    r.openapi(
      createRoute({
        method: 'post',
        path: `/dashboards/{dashboard_id}/${action}`,
        tags,
        summary:
          action === 'archive'
            ? 'Archive a dashboard (then only its owner context finds it)'
            : 'Unarchive a dashboard (Strata extension)',
        security: SECURED,
        middleware: [needs('read_write')],
        request: { params: DashboardIdParams },
        responses: answers(ArchiveDashboardResponse, 'Done', 400, 401, 403, 404),
      }),
      async (c) => {
        const p = requireScope(c, 'read_write');
        const d = await deps.dashboards.setArchived(
          c.req.valid('param').dashboard_id,
          callerOf(p),
          action === 'archive',
        );
        return c.json({ dashboard_id: d.id, ok: true }, 200);
      },
    );
  }

  r.route('/', dashboardPublicRoutes(deps));
  r.route('/', dashboardBundleRoutes(deps));
  return r;
}
