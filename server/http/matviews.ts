import { createRoute, z } from '@hono/zod-openapi';
import {
  MATVIEW_LIST_DEFAULT,
  MATVIEW_LIST_MAX,
  MatviewDeleteResponse,
  MatviewGetResponse,
  MatviewRefreshRequest,
  MatviewRefreshResponse,
  MatviewRefreshesResponse,
  MatviewUpsertRequest,
  MatviewUpsertResponse,
  MatviewsListResponse,
} from '../../contract/matviews.js';
import { callerOf } from '../auth/caller.js';
import { requireScope } from './principal.js';
import type { Deps } from '../deps.js';
import { fullView, listElement, refreshInfo } from '../matviews/matviews-wire.js';
import { SECURED, answers, jsonBody, newRouter, optionalJsonBody } from './router.js';

const NameParam = z.object({
  name: z.string().openapi({
    description:
      "The full name `dune.<handle>.result_x` (the short `result_x` is read as one of the caller's own views)",
    example: 'dune.alice.result_daily_volume',
  }),
});

const ListParams = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(MATVIEW_LIST_DEFAULT)
    .transform((n) => Math.min(n, MATVIEW_LIST_MAX))
    .openapi({
      description: `Default ${MATVIEW_LIST_DEFAULT}; over ${MATVIEW_LIST_MAX} is taken as ${MATVIEW_LIST_MAX}`,
    }),
  offset: z.coerce.number().int().min(0).max(1e9).default(0),
});

const REFRESH_STATES =
  'A refresh is an ordinary execution (GET /execution/{execution_id}/status and /results): ' +
  'QUERY_STATE_PENDING (queued) → QUERY_STATE_EXECUTING (running, then storing the new snapshot) → ' +
  'QUERY_STATE_COMPLETED (the new snapshot is served) or QUERY_STATE_FAILED (the previous snapshot ' +
  'is still served; `error` says why) or QUERY_STATE_CANCELLED (the view was deleted meanwhile). ' +
  'A view never has two refreshes at once: asking for one while one is pending or running answers ' +
  'the running one.';

const tags = ['materialized views'];

/** Materialized views (compat-reference 2.5) and their refresh history. */
export function matviewRoutes(deps: Deps) {
  const r = newRouter();
  const { matviews } = deps;

  r.openapi(
    createRoute({
      method: 'post',
      path: '/materialized-views',
      tags,
      summary: 'Create or update the materialized view of a query, and refresh it',
      description:
        'Upsert keyed by `query_id`: creates the view of the query, or updates it (a new `name` renames it). ' +
        "The query must be saved, not archived and owned by the caller's context. The same name held by the view of another query → 409. " +
        "Fields left out keep their current value (a new view: no schedule, the query's privacy and engine tier); `cron_expression` or `expires_at` null or empty remove them. " +
        `Every upsert starts a refresh. ${REFRESH_STATES}`,
      security: SECURED,
      request: {
        body: jsonBody(MatviewUpsertRequest),
      },
      responses: answers(
        MatviewUpsertResponse,
        'Saved; the refresh it started',
        400,
        401,
        402,
        403,
        404,
        409,
      ),
    }),
    async (c) => {
      const p = requireScope(c, 'read_write');
      const body = c.req.valid('json');
      const { view, executionId } = await matviews.upsert(callerOf(p), body);
      return c.json({ name: view.fullName, execution_id: executionId }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/materialized-views',
      tags,
      summary: "The caller's context's materialized views",
      description:
        'By name. `next_offset` is present when more follow. Elements carry Strata additions (name, query name, rows, schedule, last refresh).',
      security: SECURED,
      request: { query: ListParams },
      responses: answers(MatviewsListResponse, 'Views', 400, 401),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const { limit, offset } = c.req.valid('query');
      const page = await matviews.list(p.context.id, limit, offset);
      return c.json(
        {
          materialized_views: page.views.map(listElement),
          ...(page.more ? { next_offset: offset + limit } : {}),
        },
        200,
      );
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/materialized-views/{name}',
      tags,
      summary: 'A materialized view',
      description:
        "The caller's own views and other contexts' public ones; another context's private view is 404. `schedule` is omitted when there is none; `last_execution_ids` are the latest refreshes, newest first.",
      security: SECURED,
      request: { params: NameParam },
      responses: answers(MatviewGetResponse, 'The view', 400, 401, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const view = await matviews.describe(p.context.id, c.req.valid('param').name);
      return c.json(fullView(view), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'delete',
      path: '/materialized-views/{name}',
      tags,
      summary: 'Delete a materialized view and its table',
      description:
        'Owner context only. A refresh in flight is cancelled; queries already reading the table finish on the data they started with.',
      security: SECURED,
      request: { params: NameParam },
      responses: answers(MatviewDeleteResponse, 'Deleted', 400, 401, 403, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read_write');
      const view = await matviews.remove(p.context.id, c.req.valid('param').name);
      return c.json({ message: `Materialized view ${view.fullName} deleted` }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/materialized-views/{name}/refresh',
      tags,
      summary: 'Refresh a materialized view now',
      description: `Owner context only. \`performance\` defaults to the view's tier. ${REFRESH_STATES}`,
      security: SECURED,
      request: {
        params: NameParam,
        body: jsonBody(MatviewRefreshRequest, false),
      },
      responses: answers(
        MatviewRefreshResponse,
        'The refresh (the running one if there was one)',
        400,
        401,
        402,
        403,
        404,
      ),
    }),
    async (c) => {
      const p = requireScope(c, 'read_write');
      const { name } = c.req.valid('param');
      const body = await optionalJsonBody(c, MatviewRefreshRequest);
      const { view, executionId } = await matviews.refresh({
        ...callerOf(p),
        name,
        performance: body.performance,
        trigger: 'manual',
      });
      return c.json({ sql_id: view.fullName, execution_id: executionId }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/materialized-views/{name}/refreshes',
      tags,
      summary: "A materialized view's refresh history (Strata addition)",
      description: `Newest first, whatever triggered them (upsert, manual, schedule, pipeline), with each one's state and error. Owner context only for private views. ${REFRESH_STATES}`,
      security: SECURED,
      request: { params: NameParam, query: ListParams },
      responses: answers(MatviewRefreshesResponse, 'Refreshes', 400, 401, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const { limit, offset } = c.req.valid('query');
      const page = await matviews.history(p.context.id, c.req.valid('param').name, limit, offset);
      return c.json(
        {
          refreshes: page.refreshes.map(refreshInfo),
          ...(page.more ? { next_offset: offset + limit } : {}),
        },
        200,
      );
    },
  );

  return r;
}
