import { createRoute, z } from '@hono/zod-openapi';
import { EmbedVisualizationResponse } from '../../contract/embeds.js';
import { ExecutionResultSchema, ResultParamsSchema } from '../../contract/executions.js';
import type { Deps } from '../deps.js';
import { Id } from './path-params.js';
import { jsonResponse, latestExecutionOf } from './results.js';
import { answers, newRouter } from './router.js';
import { toVisualizationResponse } from './visualizations.js';

const EmbedParams = z.object({ query_id: Id, visualization_id: Id });
const tags = ['embeds'];
const NOTE =
  'Always read anonymously, whatever key or session comes with the request: only a visualization of a public, unarchived query is found; a private one answers 404 as a missing one does.';

/**
 * What the embed page of a query's visualization (/embed/queries/{query_id}/{visualization_id})
 * reads: the visualization, and its query's latest result for the URL's parameter values.
 */
export function embedRoutes(deps: Deps) {
  const r = newRouter();

  r.openapi(
    createRoute({
      method: 'get',
      path: '/embed/queries/{query_id}/visualizations/{visualization_id}',
      tags,
      summary: 'A visualization of a public query, for its embed page (Strata extension)',
      description: `The visualization and its query's name, owner and parameters (never its SQL). ${NOTE}`,
      security: [{}],
      request: { params: EmbedParams },
      responses: answers(EmbedVisualizationResponse, 'The visualization', 400, 404),
    }),
    async (c) => {
      const { query_id, visualization_id } = c.req.valid('param');
      const { viz, query } = await deps.visualizations.embeddable(query_id, visualization_id);
      return c.json(
        {
          visualization: toVisualizationResponse(viz),
          query: {
            query_id: query.id,
            name: query.name,
            owner: query.owner_handle,
            parameters: query.parameters,
          },
        },
        200,
      );
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/embed/queries/{query_id}/visualizations/{visualization_id}/results',
      tags,
      summary: 'The latest result an embedded visualization shows (Strata extension)',
      description: `Answers as \`GET /query/{query_id}/results\` does, with the same paging parameters and \`params.<name>\` values, from the runs of the query's owner. ${NOTE}`,
      security: [{}],
      request: { params: EmbedParams, query: ResultParamsSchema },
      responses: answers(ExecutionResultSchema, 'Results', 400, 404),
    }),
    async (c) => {
      const { query_id, visualization_id } = c.req.valid('param');
      const { query } = await deps.visualizations.embeddable(query_id, visualization_id);
      const e = await latestExecutionOf(deps, c, query, null);
      return jsonResponse(c, deps, e, c.req.valid('query'), 'latest') as never;
    },
  );

  return r;
}
