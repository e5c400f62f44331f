import { z } from '@hono/zod-openapi';
import { ParameterDef } from './queries.js';
import { GetVisualizationResponse } from './visualizations.js';

/**
 * A visualization of a public query as its embed page draws it (Strata extension): the
 * visualization, and of its query only what the page shows (never the SQL).
 */
export const EmbedVisualizationResponse = z
  .object({
    visualization: GetVisualizationResponse,
    query: z.object({
      query_id: z.number().int(),
      name: z.string(),
      owner: z.string(),
      parameters: z.array(ParameterDef),
    }),
  })
  .openapi('EmbedVisualizationResponse');
export type EmbedVisualizationResponse = z.output<typeof EmbedVisualizationResponse>;
