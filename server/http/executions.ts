import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  CancelResponseSchema,
  ExecuteQueryRequestSchema,
  ExecuteQueryResponseSchema,
  ExecuteSqlRequestSchema,
  ExecutionStatusSchema,
  StatusParamsSchema,
  PerformanceSchema,
  QueryParametersSchema,
} from '../../contract/executions.js';
import { callerOf, sourceOf } from '../auth/caller.js';
import { requireScope } from './principal.js';
import type { Deps } from '../deps.js';
import { statusView } from '../executions/execution-view.js';
import { normalizeValues, type ExecuteInput } from '../executions/execution-input.js';
import { DEFAULT_TIER, type TierName } from '../engine/tiers.js';
import { invalid } from '../errors.js';
import type { AppEnv } from './app-env.js';
import { SECURED, answers, formatIssues, jsonBody, newRouter, optionalJsonBody } from './router.js';

const ExecutionIdParam = z.object({
  execution_id: z.string().openapi({ example: '01HZX3J3N7QK7Y3V8W9D2E4F5G' }),
});
const QueryIdParam = z.object({ query_id: z.string().openapi({ example: '42' }) });

export function parseQueryId(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw invalid(`invalid query id: ${raw.slice(0, 40)}`);
  return Number(raw);
}

type ExecBody = z.output<typeof ExecuteQueryRequestSchema>;

/** Body (JSON, optional) and query string both carry query_parameters and performance. */
async function executeInput(c: Context<AppEnv>): Promise<ExecuteInput> {
  const body: ExecBody = await optionalJsonBody(c, ExecuteQueryRequestSchema);
  const qs = c.req.query();
  let params = body.query_parameters;
  if (params === undefined && qs.query_parameters) {
    let raw: unknown;
    try {
      raw = JSON.parse(qs.query_parameters);
    } catch {
      throw invalid('query_parameters in the query string must be a JSON object');
    }
    const parsed = QueryParametersSchema.safeParse(raw);
    if (!parsed.success)
      throw invalid(`Invalid query_parameters: ${formatIssues(parsed.error.issues)}`);
    params = parsed.data;
  }
  let tier: TierName = body.performance ?? DEFAULT_TIER;
  if (body.performance === undefined && qs.performance) {
    const parsed = PerformanceSchema.safeParse(qs.performance);
    if (!parsed.success) throw invalid('performance must be small, medium or large');
    tier = parsed.data;
  }
  return { values: normalizeValues(params), tier };
}

/** Where a submission comes from: the web app (a session) or the API (a key). */

/** POST /query/{id}/execute, POST /sql/execute, GET /execution/{id}/status, POST /execution/{id}/cancel. */
export function executionRoutes(deps: Deps) {
  const r = newRouter();

  r.openapi(
    createRoute({
      method: 'post',
      path: '/query/{query_id}/execute',
      tags: ['executions'],
      summary: 'Execute a saved query',
      description:
        'Parameters and tier may come in the JSON body or the query string (`query_parameters` as URL-encoded JSON). Missing parameters take their defaults; unknown ones → 400.',
      security: SECURED,
      request: {
        params: QueryIdParam,
        body: jsonBody(ExecuteQueryRequestSchema, false),
      },
      responses: answers(ExecuteQueryResponseSchema, 'Queued', 400, 401, 402, 403, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const e = await deps.executions.runSaved(
        callerOf(p),
        sourceOf(p),
        parseQueryId(c.req.param('query_id')),
        () => executeInput(c),
      );
      return c.json({ execution_id: e.id, state: e.state }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/sql/execute',
      tags: ['executions'],
      summary: 'Execute ad-hoc SQL without saving a query',
      description:
        '`{{name}}` placeholders take values from `query_parameters`; they are text unless `parameters` defines their types. Status and results carry `query_id: 0`.',
      security: SECURED,
      request: {
        body: jsonBody(ExecuteSqlRequestSchema),
      },
      responses: answers(ExecuteQueryResponseSchema, 'Queued', 400, 401, 402),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const body = c.req.valid('json');
      const e = await deps.executions.executeSql(callerOf(p), sourceOf(p), {
        sql: body.sql,
        parameters: body.parameters,
        values: normalizeValues(body.query_parameters),
        performance: body.performance,
        dialect: body.dialect,
      });
      return c.json({ execution_id: e.id, state: e.state }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/execution/{execution_id}/status',
      tags: ['executions'],
      summary: 'Status of an execution',
      security: SECURED,
      request: { params: ExecutionIdParam, query: StatusParamsSchema },
      responses: answers(ExecutionStatusSchema, 'Status', 400, 401, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const { execution, live } = await deps.executions.status(
        p.context.id,
        c.req.param('execution_id'),
        c.req.valid('query').wait_ms,
      );
      return c.json(statusView(execution, live) as z.infer<typeof ExecutionStatusSchema>, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/execution/{execution_id}/cancel',
      tags: ['executions'],
      summary: 'Cancel a pending or running execution',
      description:
        'The cancellation is recorded before the answer: a status read right after says QUERY_STATE_CANCELLED. A key of scope read may cancel only the executions it started (403 otherwise).',
      security: SECURED,
      request: { params: ExecutionIdParam },
      responses: answers(CancelResponseSchema, 'Whether it was cancelled', 400, 401, 403, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const success = await deps.executions.cancelAsCaller(
        callerOf(p),
        p.scope,
        c.req.param('execution_id'),
      );
      return c.json({ success }, 200);
    },
  );
  return r;
}
