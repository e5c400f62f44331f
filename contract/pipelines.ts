import { z } from '@hono/zod-openapi';
import { PerformanceSchema, QueryParametersSchema } from './executions.js';
import { NODE_STATUSES, PIPELINE_STATUSES } from './rules/enums.js';
import { PIPELINE_LIMITS } from './rules/limits.js';

/**
 * Pipelines (spec 2.6; paths in compat-reference 2.4 and section 10). A pipeline is a graph of
 * nodes, each running a saved query or refreshing a materialized view, run in dependency order.
 * Fields marked "Strata addition" are extra; hosted clients ignore them.
 */

export const MAX_PIPELINE_NODES = PIPELINE_LIMITS.nodes;

export {
  NODE_STATUSES,
  PIPELINE_STATUSES,
  type NodeStatus,
  type PipelineStatus,
} from './rules/enums.js';

export const PipelineQueryExecutionNode = z
  .object({
    query_id: z.number().int().positive(),
    performance: PerformanceSchema.optional(),
    query_parameters: QueryParametersSchema.optional(),
  })
  .openapi('PipelineQueryExecutionNode');

export const PipelineMatviewRefreshNode = z
  .object({
    name: z.string().max(1000).openapi({
      description:
        'The view: its full name `dune.<handle>.result_x`, or `result_x` for one of the caller context',
    }),
    performance: PerformanceSchema.optional(),
  })
  .openapi('PipelineMaterializedViewRefreshNode');

export const PipelineNode = z
  .object({
    id: z.number().int().openapi({ description: 'Unique within the pipeline' }),
    dependencies: z
      .array(z.number().int())
      .max(MAX_PIPELINE_NODES)
      .optional()
      .openapi({ description: 'Ids of the nodes this one waits for' }),
    query_execution: PipelineQueryExecutionNode.optional(),
    materialized_view_refresh: PipelineMatviewRefreshNode.optional(),
  })
  .openapi('PipelineNode');

export const Pipeline = z
  .object({ nodes: z.array(PipelineNode).max(MAX_PIPELINE_NODES) })
  .openapi('Pipeline');

export const ExecutePipelineRequest = z
  .union([
    z.object({ pipeline: Pipeline }),
    z.object({
      query_id: z.number().int().positive(),
      performance: PerformanceSchema.optional(),
      query_parameters: QueryParametersSchema.optional(),
    }),
  ])
  .openapi('ExecutePipelineRequest', {
    description:
      'Either a pipeline to run, or a query whose lineage (the views it reads, recursively, then the query) is run.',
  });

export const ExecutePipelineResponse = z
  .object({ pipeline_execution_id: z.string() })
  .openapi('ExecutePipelineResponse');

export const ExecuteQueryPipelineRequest = z
  .object({
    performance: PerformanceSchema.optional().openapi({ description: 'Default medium' }),
    query_parameters: QueryParametersSchema.optional(),
  })
  .openapi('ExecuteQueryPipelineRequest');

export const GetQueryPipelineResponse = z
  .object({ pipeline: Pipeline })
  .openapi('GetQueryPipelineResponse');

const nodeStatus = z.enum(NODE_STATUSES).openapi({
  description:
    'pending (waiting for its dependencies or an engine slot), executing, completed, failed, cancelled, skipped (a dependency failed or was cancelled; error says which)',
});

export const PipelineNodeExecution = z
  .object({
    id: z.number().int(),
    dependencies: z.array(z.number().int()).openapi({ description: 'Strata addition' }),
    query_execution_status: z
      .object({
        query_id: z.number().int(),
        execution_id: z.string().optional(),
        status: nodeStatus,
        error: z.string().optional(),
        query_name: z.string().optional().openapi({ description: 'Strata addition' }),
      })
      .optional(),
    materialized_view_refresh_status: z
      .object({
        name: z.string(),
        execution_id: z.string().optional(),
        status: nodeStatus,
        error: z.string().optional(),
      })
      .optional(),
  })
  .openapi('PipelineNodeExecution');

export const PipelineExecutionStatus = z
  .object({
    pipeline_execution_id: z.string().openapi({ description: 'Strata addition' }),
    status: z.enum(PIPELINE_STATUSES).openapi({
      description:
        'pending, executing, completed (every node completed), failed (a node failed; error names it), cancelled',
    }),
    error: z.string().optional(),
    node_executions: z.array(PipelineNodeExecution),
    submitted_at: z.string().openapi({ description: 'Strata addition' }),
    ended_at: z.string().nullable().openapi({ description: 'Strata addition' }),
  })
  .openapi('GetPipelineExecutionStatusResponse');

export const PipelineExecutionsListResponse = z
  .object({
    pipeline_executions: z.array(PipelineExecutionStatus),
    next_offset: z.number().int().optional(),
  })
  .openapi('PipelineExecutionsListResponse');

export type PipelineNode = z.infer<typeof PipelineNode>;
export type Pipeline = z.infer<typeof Pipeline>;
export type ExecutePipelineResponse = z.infer<typeof ExecutePipelineResponse>;
export type GetQueryPipelineResponse = z.infer<typeof GetQueryPipelineResponse>;
export type PipelineNodeExecution = z.infer<typeof PipelineNodeExecution>;
export type PipelineExecutionStatus = z.infer<typeof PipelineExecutionStatus>;
export type PipelineExecutionsListResponse = z.infer<typeof PipelineExecutionsListResponse>;
