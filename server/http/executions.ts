import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ParameterValue } from '../../contract/parameters.js';
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
import { requireScope, type Principal } from '../auth/principal.js';
import type { Deps } from '../deps.js';
import { statusView } from '../engine/execution-view.js';
import { normalizeParameterDefs, placeholderNames } from '../engine/parameters.js';
import { DEFAULT_TIER, type TierName } from '../engine/tiers.js';
import { STATES, type ExecutionRecord } from '../store/executions-repo.js';
import { EXECUTE_QUERY_NOT_FOUND } from '../store/queries-repo.js';
import type { AppEnv } from './app-env.js';
import { readableExecution } from './execution-access.js';
import { forbidden, invalid, notFound } from '../errors.js';
import { SECURED, errorResponses, formatIssues, newRouter, optionalJsonBody } from './router.js';

const ExecutionIdParam = z.object({
  execution_id: z.string().openapi({ example: '01HZX3J3N7QK7Y3V8W9D2E4F5G' }),
});
const QueryIdParam = z.object({ query_id: z.string().openapi({ example: '42' }) });

export const NOT_ALLOWED_TO_EXECUTE =
  'Not allowed to execute query. Query is archived, unsaved or not enough permissions';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** ULIDs only; anything else is the hosted service's 400. */
export function checkExecutionId(id: string): string {
  if (!/^[0-9A-HJKMNP-TV-Z]{26}$/i.test(id))
    throw invalid(`The requested execution ID (ID: ${id}) is invalid.`);
  return id.toUpperCase();
}

export function parseQueryId(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw invalid(`invalid query id: ${raw.slice(0, 40)}`);
  return Number(raw);
}

/** An execution of the caller's context; another context's → 404. */
export function ownExecution(deps: Deps, p: Principal, rawId: string): ExecutionRecord {
  const id = checkExecutionId(rawId);
  const e = deps.executionsRepo.get(id);
  if (!e || e.context_id !== p.context.id) throw notFound('Execution not found');
  return e;
}

type ExecBody = z.output<typeof ExecuteQueryRequestSchema>;

/** Body (JSON, optional) and query string both carry query_parameters and performance. */
async function executeInput(
  c: Context<AppEnv>,
): Promise<{ values: Record<string, ParameterValue | null>; tier: TierName }> {
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

export function normalizeValues(params: z.output<typeof QueryParametersSchema> | undefined) {
  const values: Record<string, ParameterValue | null> = {};
  if (Array.isArray(params)) {
    for (const p of params) {
      const key = p.key ?? p.name;
      if (!key) throw invalid('each query parameter needs a key');
      values[key] = p.value;
    }
  } else if (params) Object.assign(values, params);
  return values;
}

/** The caller's part of a submission: context, user, key, and where it came from. */
const submitter = (p: Principal) => ({
  contextId: p.context.id,
  userId: p.user?.id ?? null,
  apiKeyId: p.apiKeyId,
  source: p.via === 'session' ? ('app' as const) : ('api' as const),
});

/** POST /query/{id}/execute, POST /sql/execute, GET /execution/{id}/status, POST /execution/{id}/cancel. */
export function executionRoutes(deps: Deps) {
  const r = newRouter();
  const live = (e: ExecutionRecord) => ({
    queuePosition: deps.executions.queuePosition(e.id),
    maxInflight: deps.executions.contextLimit,
    inflightReached: deps.executions.inflightReached(e.context_id),
  });

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
        body: {
          content: { 'application/json': { schema: ExecuteQueryRequestSchema } },
          required: false,
        },
      },
      responses: {
        200: json(ExecuteQueryResponseSchema, 'Queued'),
        ...errorResponses(400, 401, 402, 403, 404),
      },
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const query = deps.queries.readable(
        parseQueryId(c.req.param('query_id')),
        p.context.id,
        EXECUTE_QUERY_NOT_FOUND,
      );
      if (query.is_archived) throw forbidden(NOT_ALLOWED_TO_EXECUTE);
      const { values, tier } = await executeInput(c);
      const e = deps.executions.submit({
        ...submitter(p),
        queryId: query.id,
        queryVersion: query.version,
        sql: query.query_sql,
        parameters: query.parameters,
        values,
        performance: tier,
      });
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
        body: {
          content: { 'application/json': { schema: ExecuteSqlRequestSchema } },
          required: true,
        },
      },
      responses: {
        200: json(ExecuteQueryResponseSchema, 'Queued'),
        ...errorResponses(400, 401, 402),
      },
    }),
    (c) => {
      const p = requireScope(c, 'read');
      const body = c.req.valid('json');
      const values = normalizeValues(body.query_parameters);
      const e = deps.executions.submit({
        ...submitter(p),
        queryId: 0,
        queryVersion: null,
        sql: body.sql,
        parameters: normalizeParameterDefs(
          body.sql,
          (body.parameters ?? []).filter((d) => placeholderNames(body.sql).includes(d.key)),
        ),
        values,
        performance: body.performance ?? DEFAULT_TIER,
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
      responses: { 200: json(ExecutionStatusSchema, 'Status'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      let e = readableExecution(deps, p, c.req.param('execution_id'));
      const wait = c.req.valid('query').wait_ms;
      if (wait && (e.state === STATES.pending || e.state === STATES.executing)) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          deps.executions.settled(e.id),
          new Promise((resolve) => (timer = setTimeout(resolve, wait))),
        ]);
        clearTimeout(timer);
        e = readableExecution(deps, p, e.id);
      }
      return c.json(statusView(e, live(e)) as z.infer<typeof ExecutionStatusSchema>, 200);
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
      responses: {
        200: json(CancelResponseSchema, 'Whether it was cancelled'),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    (c) => {
      const p = requireScope(c, 'read');
      const e = ownExecution(deps, p, c.req.param('execution_id'));
      // Read may stop what it started, never what other keys or people run (README, key scopes).
      if (p.scope === 'read' && e.api_key_id !== p.apiKeyId)
        throw forbidden('a key of scope read may cancel only the executions it started');
      return c.json({ success: deps.executions.cancel(e.id) }, 200);
    },
  );
  return r;
}
