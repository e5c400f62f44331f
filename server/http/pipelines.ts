import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { PerformanceSchema, QueryParametersSchema } from '../../contract/executions.js';
import {
  ExecutePipelineRequest,
  ExecutePipelineResponse,
  ExecuteQueryPipelineRequest,
  GetQueryPipelineResponse,
  PipelineExecutionStatus,
  PipelineExecutionsListResponse,
} from '../../contract/pipelines.js';
import { callerOf } from '../auth/caller.js';
import { requireScope } from './principal.js';
import type { Deps } from '../deps.js';
import type { AppEnv } from './app-env.js';
import { invalid } from '../errors.js';
import { normalizeValues } from '../executions/execution-input.js';
import { parseQueryId } from './executions.js';
import {
  SECURED,
  answers,
  needs,
  formatIssues,
  jsonBody,
  newRouter,
  optionalJsonBody,
} from './router.js';

const QueryIdParam = z.object({ query_id: z.string().openapi({ example: '42' }) });
const PipelineIdParam = z.object({
  pipeline_execution_id: z.string().openapi({ example: '01HZX3J3N7QK7Y3V8W9D2E4F5G' }),
});
const LineageQuery = z.object({
  performance: PerformanceSchema.optional(),
  query_parameters: z
    .string()
    .max(1_000_000)
    .optional()
    .openapi({ description: 'URL-encoded JSON object of parameter values' }),
});
const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
const CancelResponse = z.object({ success: z.boolean() }).openapi('PipelineCancelResponse');

const STATUS_TEXT =
  'Pipeline status: `pending` (nothing started yet), `executing`, `completed` (every node completed), ' +
  '`failed` (a node failed or was cancelled; `error` names the first one, e.g. "node 2 (query 14) failed: ..."), ' +
  '`cancelled`. Node status: `pending` (waiting for its dependencies or an engine slot), `executing`, ' +
  '`completed`, `failed`, `cancelled`, `skipped` (a node it depends on failed or was cancelled; `error` says which). ' +
  'Each submitted node carries its `execution_id`: read its rows through the execution endpoints.';

const LINEAGE_TEXT =
  'The lineage is found by binding the SQL in the engine (not by reading its text): every materialized ' +
  'view of the caller context the query reads, recursively (a view’s source query is bound with its ' +
  'owner’s visibility), as `materialized_view_refresh` nodes in dependency order, then the query as the ' +
  'last `query_execution` node. Views of other contexts are read as they are (only their owner refreshes ' +
  'them). A saved query read as `query_<id>` is a `query_execution` node with the values the reference ' +
  'passes, depending on what it reads in turn (each query and values once), so a chain of queries runs in ' +
  'dependency order; a referenced query the caller may not run → 404, as an execute answers. A view ' +
  'that reads itself, directly or through others (also through queries), is a cycle → 400.';

/**
 * A body that fits neither form gets the issues of the form it meant (`pipeline` present or
 * not), instead of the union's bare "Invalid input". Runs before the route's validator.
 */
const explainUnion: MiddlewareHandler<AppEnv> = async (c, next) => {
  const raw: unknown = await c.req.json().catch(() => undefined);
  if (raw !== undefined) {
    const [nodesForm, queryForm] = ExecutePipelineRequest.options;
    const meant = raw && typeof raw === 'object' && 'pipeline' in raw ? nodesForm : queryForm;
    const parsed = meant.safeParse(raw);
    if (!parsed.success)
      throw invalid(`Invalid request body payload: ${formatIssues(parsed.error.issues)}`);
  }
  await next();
};

function parseParams(raw: string | undefined) {
  if (raw === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalid('query_parameters in the query string must be a JSON object');
  }
  const parsed = QueryParametersSchema.safeParse(value);
  if (!parsed.success)
    throw invalid(`Invalid query_parameters: ${formatIssues(parsed.error.issues)}`);
  return normalizeValues(parsed.data);
}

/** Pipelines: a query's lineage, running pipelines, their status, list and cancel. */
export function pipelineRoutes(deps: Deps) {
  const r = newRouter();
  const tags = ['pipelines'];

  r.openapi(
    createRoute({
      method: 'get',
      path: '/query/{query_id}/pipeline',
      tags,
      summary: 'The lineage of a query as a pipeline',
      description: LINEAGE_TEXT,
      security: SECURED,
      middleware: [needs('read')],
      request: { params: QueryIdParam, query: LineageQuery },
      responses: answers(GetQueryPipelineResponse, 'The pipeline', 400, 401, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const { performance, query_parameters } = c.req.valid('query');
      const nodes = await deps.pipelines.lineage(
        p.context.id,
        parseQueryId(c.req.param('query_id')),
        parseParams(query_parameters),
        performance,
      );
      return c.json({ pipeline: { nodes } }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/query/{query_id}/pipeline/execute',
      tags,
      summary: 'Run the lineage of a query',
      description: `Runs GET /query/{query_id}/pipeline. ${LINEAGE_TEXT} Performance defaults to medium.`,
      security: SECURED,
      middleware: [needs('read_write')],
      request: {
        params: QueryIdParam,
        body: jsonBody(ExecuteQueryPipelineRequest, false),
      },
      responses: answers(ExecutePipelineResponse, 'Started', 400, 401, 402, 403, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read_write');
      const queryId = parseQueryId(c.req.param('query_id'));
      const body = await optionalJsonBody(c, ExecuteQueryPipelineRequest);
      const run = await deps.pipelines.executeQuery(
        callerOf(p),
        queryId,
        normalizeValues(body.query_parameters),
        body.performance,
      );
      return c.json({ pipeline_execution_id: run.id }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/pipelines/execute',
      tags,
      summary: 'Run a pipeline',
      description:
        'Either `{pipeline: {nodes}}` or `{query_id, performance, query_parameters}` (the query’s lineage). ' +
        'Every node is checked before anything runs (400 naming the node: no nodes, duplicate ids, an unknown ' +
        'dependency, a cycle, an unknown query or view, bad parameters; 403: an archived query, a view of ' +
        'another context). Nodes run in dependency order, independent ones in parallel within the context’s ' +
        `concurrency limit. ${STATUS_TEXT}`,
      security: SECURED,
      middleware: [needs('read_write'), explainUnion],
      request: {
        body: jsonBody(ExecutePipelineRequest),
      },
      responses: answers(ExecutePipelineResponse, 'Started', 400, 401, 402, 403, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read_write');
      const body = c.req.valid('json');
      const run =
        'pipeline' in body
          ? await deps.pipelines.execute(callerOf(p), body.pipeline.nodes)
          : await deps.pipelines.executeQuery(
              callerOf(p),
              body.query_id,
              normalizeValues(body.query_parameters),
              body.performance,
            );
      return c.json({ pipeline_execution_id: run.id }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/pipelines/executions/{pipeline_execution_id}/status',
      tags,
      summary: 'Status of a pipeline execution and of each node',
      description: STATUS_TEXT,
      security: SECURED,
      middleware: [needs('read')],
      request: { params: PipelineIdParam },
      responses: answers(PipelineExecutionStatus, 'Status', 400, 401, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const status = await deps.pipelines.status(
        p.context.id,
        c.req.param('pipeline_execution_id'),
      );
      return c.json(status, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/pipelines/executions/{pipeline_execution_id}/cancel',
      tags,
      summary: 'Cancel a pipeline execution (Strata addition)',
      description:
        'Running node executions are cancelled, nodes not started become `cancelled`, and the pipeline ' +
        '`cancelled`. `success` is false when it had already ended.',
      security: SECURED,
      middleware: [needs('read_write')],
      request: { params: PipelineIdParam },
      responses: answers(CancelResponse, 'Whether it was cancelled', 400, 401, 403, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read_write');
      const success = await deps.pipelines.cancel(
        p.context.id,
        c.req.param('pipeline_execution_id'),
      );
      return c.json({ success }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/pipelines/executions',
      tags,
      summary: 'The context’s pipeline executions, newest first (Strata addition)',
      description: `\`next_offset\` is present when more follow. ${STATUS_TEXT}`,
      security: SECURED,
      middleware: [needs('read')],
      request: { query: ListQuery },
      responses: answers(PipelineExecutionsListResponse, 'Pipeline executions', 400, 401),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const { limit, offset } = c.req.valid('query');
      return c.json(await deps.pipelines.list(p.context.id, limit, offset), 200);
    },
  );
  return r;
}
