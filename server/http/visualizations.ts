import { createRoute, z } from '@hono/zod-openapi';
import {
  CreateVisualizationRequest,
  DeleteVisualizationResponse,
  GetVisualizationResponse,
  ListVisualizationsResponse,
  UpdateVisualizationRequest,
  VISUALIZATION_LIMITS,
  VISUALIZATION_TYPES,
  VisualizationIdResponse,
} from '../../contract/visualizations.js';
import { callerOf } from '../auth/caller.js';
import { requireScope } from './principal.js';
import type { Deps } from '../deps.js';
import type { VisualizationRecord } from '../visualizations/visualizations-repo.js';
import { IF_MATCH_NOTE, etag, ifMatchVersion } from './if-match.js';
import { Id, QueryIdParams } from './path-params.js';
import { SECURED, answers, needs, jsonBody, newRouter } from './router.js';

const VizIdParams = z.object({ id: Id });
const ListParams = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(0)
    .default(VISUALIZATION_LIMITS.listDefault)
    .transform((n) => Math.min(n, VISUALIZATION_LIMITS.listMax))
    .openapi({
      description: `Default ${VISUALIZATION_LIMITS.listDefault}; values over ${VISUALIZATION_LIMITS.listMax} are taken as ${VISUALIZATION_LIMITS.listMax}`,
    }),
  offset: z.coerce.number().int().min(0).default(0),
});

/** The wire form of a visualization (compat-reference 2.6). */
export function toVisualizationResponse(v: VisualizationRecord): GetVisualizationResponse {
  return {
    id: v.id,
    query_id: v.query_id,
    name: v.name,
    type: v.type,
    description: v.description,
    options: v.options,
    created_at: v.created_at,
    updated_at: v.updated_at,
    version: v.version,
  };
}

const TYPES_NOTE = `\`type\` is one of ${VISUALIZATION_TYPES.join(', ')}; a chart's kind is in \`options.globalSeriesType\`.`;

/** Visualizations of saved queries: create, list, read, update (PATCH or PUT), delete. */
export function visualizationRoutes(deps: Deps) {
  const r = newRouter();
  const tags = ['visualizations'];

  r.openapi(
    createRoute({
      method: 'post',
      path: '/query/{query_id}/visualizations',
      tags,
      summary: 'Create a visualization of a saved query (the query’s owner context only)',
      description: `${TYPES_NOTE} \`options\` is stored as given.`,
      security: SECURED,
      middleware: [needs('read_write')],
      request: {
        params: QueryIdParams,
        body: jsonBody(CreateVisualizationRequest),
      },
      responses: answers(VisualizationIdResponse, 'Created', 400, 401, 403, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read_write');
      const { query_id } = c.req.valid('param');
      const v = await deps.visualizations.create(query_id, callerOf(p), c.req.valid('json'));
      return c.json({ id: v.id }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/query/{query_id}/visualizations',
      tags,
      summary: 'List a query’s visualizations, oldest first',
      security: SECURED,
      middleware: [needs('read')],
      request: { params: QueryIdParams, query: ListParams },
      responses: answers(ListVisualizationsResponse, 'Visualizations', 400, 401, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const { query_id } = c.req.valid('param');
      const { visualizations, total } = await deps.visualizations.listForQuery(
        query_id,
        callerOf(p),
        c.req.valid('query'),
      );
      return c.json(
        {
          results: visualizations.map((v) => ({
            id: v.id,
            name: v.name,
            type: v.type,
            created_at: v.created_at,
            updated_at: v.updated_at,
          })),
          total_count: total,
        },
        200,
      );
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/visualizations/{id}',
      tags,
      summary: 'Read a visualization (its query own, or public)',
      security: SECURED,
      middleware: [needs('read')],
      request: { params: VizIdParams },
      responses: answers(GetVisualizationResponse, 'The visualization', 400, 401, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const { viz } = await deps.visualizations.readable(c.req.valid('param').id, p.context.id);
      c.header('ETag', etag(viz.version));
      return c.json(toVisualizationResponse(viz), 200);
    },
  );

  for (const method of ['patch', 'put'] as const) {
    r.openapi(
      createRoute({
        method,
        path: '/visualizations/{id}',
        tags,
        summary:
          method === 'patch'
            ? 'Change a visualization (the query’s owner context only)'
            : 'Change a visualization (same as PATCH)',
        description: `Omitted fields stay; \`options\` replaces the whole object. ${TYPES_NOTE} ${IF_MATCH_NOTE}`,
        security: SECURED,
        middleware: [needs('read_write')],
        request: {
          params: VizIdParams,
          body: jsonBody(UpdateVisualizationRequest),
        },
        responses: answers(VisualizationIdResponse, 'Updated', 400, 401, 403, 404, 409),
      }),
      async (c) => {
        const p = requireScope(c, 'read_write');
        const v = await deps.visualizations.update(
          c.req.valid('param').id,
          callerOf(p),
          c.req.valid('json'),
          ifMatchVersion(c),
        );
        return c.json({ id: v.id }, 200);
      },
    );
  }

  r.openapi(
    createRoute({
      method: 'delete',
      path: '/visualizations/{id}',
      tags,
      summary: 'Delete a visualization for good, with its dashboard widgets',
      security: SECURED,
      middleware: [needs('read_write')],
      request: { params: VizIdParams },
      responses: answers(DeleteVisualizationResponse, 'Deleted', 400, 401, 403, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read_write');
      await deps.visualizations.delete(c.req.valid('param').id, callerOf(p));
      return c.json({ ok: true }, 200);
    },
  );

  return r;
}
