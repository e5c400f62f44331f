import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ExecutionResultSchema, ResultParamsSchema } from '../../contract/executions.js';
import { requireScope } from '../auth/principal.js';
import type { Deps } from '../deps.js';
import { resultsBody, visibleState } from '../engine/execution-view.js';
import { parameterKey, resolveParameterValues } from '../engine/parameters.js';
import {
  readJsonPage,
  writeCsvPage,
  type PageParams,
  type ResultSource,
} from '../engine/results.js';
import { STATES, type ExecutionRecord } from '../store/executions-repo.js';
import type { QueryRecord } from '../store/queries-repo.js';
import type { AppEnv } from './app-env.js';
import { ParameterError, invalid, notFound } from '../errors.js';
import { readableExecution } from './execution-access.js';
import { parseQueryId } from './executions.js';
import { SECURED, errorResponses, newRouter } from './router.js';

type ResultQuery = z.output<typeof ResultParamsSchema>;

const pageParams = (q: ResultQuery): PageParams => ({
  limit: q.limit,
  offset: q.offset,
  columns: q.columns,
  sortBy: q.sort_by,
  filters: q.filters,
  sampleCount: q.sample_count,
  ignoreMaxDatapoints: q.ignore_max_datapoints_per_request,
});

/** The base of absolute links: PUBLIC_URL when set, else the request's origin. */
export function publicBaseUrl(c: Context, deps: Pick<Deps, 'config'>): string {
  const url = new URL(c.req.url);
  return deps.config.publicUrl ?? `${url.protocol}//${url.host}`;
}

/** The URL of the next page: every original parameter kept, offset and limit set. */
function nextUri(c: Context<AppEnv>, deps: Deps, offset: number, limit: number): string {
  const url = new URL(c.req.url);
  const base = publicBaseUrl(c, deps);
  url.searchParams.set('offset', String(offset));
  url.searchParams.set('limit', String(limit));
  return `${base}${url.pathname}?${url.searchParams.toString()}`;
}

function source(deps: Deps, e: ExecutionRecord): ResultSource | undefined {
  if (visibleState(e) !== STATES.completed || !e.result_file) return undefined;
  const file = path.join(deps.executions.resultsDir, e.result_file);
  if (!fs.existsSync(file)) return undefined;
  return {
    file,
    columnNames: e.column_names ?? [],
    columnTypes: e.column_types ?? [],
    rowCount: e.row_count ?? 0,
    resultBytes: e.result_bytes ?? 0,
  };
}

/** A JSON page of an execution's result, as every JSON /results endpoint answers. */
export async function jsonResponse(
  c: Context<AppEnv>,
  deps: Deps,
  e: ExecutionRecord,
  q: ResultQuery,
) {
  const src = source(deps, e);
  if (!src)
    return c.body(resultsBody(e, undefined, {}), 200, { 'content-type': 'application/json' });
  const page = await readJsonPage(deps.duck, deps.config, src, pageParams(q));
  const next =
    page.nextOffset === undefined
      ? {}
      : { offset: page.nextOffset, uri: nextUri(c, deps, page.nextOffset, page.limit) };
  return c.body(resultsBody(e, page, next), 200, {
    'content-type': 'application/json',
    'x-service-page-limit': String(page.limit),
  });
}

async function csvResponse(c: Context<AppEnv>, deps: Deps, e: ExecutionRecord, q: ResultQuery) {
  const src = source(deps, e);
  if (!src) {
    const state = visibleState(e);
    if (state === STATES.failed)
      throw invalid(`the execution failed: ${e.error?.message ?? 'no result'}`);
    throw invalid(`the execution has no result to read (state ${state})`);
  }
  const out = await writeCsvPage(
    deps.duck,
    deps.config,
    path.join(deps.config.dataDir, 'tmp'),
    src,
    pageParams(q),
  );
  const headers: Record<string, string> = { 'content-type': 'text/csv; charset=utf-8' };
  if (out.nextOffset !== undefined) {
    const uri = nextUri(c, deps, out.nextOffset, out.limit);
    for (const prefix of ['x-service', 'x-dune']) {
      headers[`${prefix}-next-offset`] = String(out.nextOffset);
      headers[`${prefix}-next-uri`] = uri;
    }
  }
  const stream = fs.createReadStream(out.file);
  stream.on('close', () => fs.rm(out.file, { force: true }, () => {}));
  return new Response(Readable.toWeb(stream) as ReadableStream, { status: 200, headers });
}

/**
 * The latest execution of `query` with a result for `contextId` (null = anonymous), with the
 * parameter set named by `params.<name>` query parameters. Only runs by the query's owner or by
 * the caller count: another context's run may have read its private tables. None → 404.
 */
export function latestExecutionOf(
  deps: Deps,
  c: Context<AppEnv>,
  query: QueryRecord,
  contextId: number | null,
): ExecutionRecord {
  // `params.<name>` repeated is a multiselect's list of values.
  const given: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(c.req.queries()))
    if (k.startsWith('params.')) given[k.slice(7)] = v.length === 1 ? v[0]! : v;
  let key: string | undefined;
  if (Object.keys(given).length) {
    try {
      key = parameterKey(resolveParameterValues(query.parameters, given));
    } catch (err) {
      if (err instanceof ParameterError)
        throw notFound(`No result of this query for these parameters: ${err.message}`);
      throw err;
    }
  }
  const contexts = contextId === null ? [query.owner_id] : [query.owner_id, contextId];
  const e = deps.executionsRepo.latestForQuery(query.id, contexts, key);
  if (!e) throw notFound('No execution of this query has a result yet');
  return e;
}

/** The latest execution of a query readable by the caller; `params.<name>` picks a parameter set. */
function latestExecution(deps: Deps, c: Context<AppEnv>, contextId: number): ExecutionRecord {
  const query = deps.queries.readable(parseQueryId(c.req.param('query_id') ?? ''), contextId);
  return latestExecutionOf(deps, c, query, contextId);
}

const ExecutionIdParam = z.object({ execution_id: z.string() });
const QueryIdParam = z.object({ query_id: z.string() });
const jsonResult = {
  description: 'Results',
  content: { 'application/json': { schema: ExecutionResultSchema } },
};
const csvResult = {
  description:
    'CSV: a header line, then rows. Paging in x-service-next-offset / x-service-next-uri (and x-dune- twins).',
  content: { 'text/csv': { schema: z.string() } },
};

/** The four /results endpoints and their CSV forms. */
export function resultRoutes(deps: Deps) {
  const r = newRouter();
  const route = (path: string, params: z.ZodObject, csv: boolean, summary: string) =>
    createRoute({
      method: 'get',
      path,
      tags: ['results'],
      summary,
      security: SECURED,
      request: { params, query: ResultParamsSchema },
      responses: { 200: csv ? csvResult : jsonResult, ...errorResponses(400, 401, 404) },
    });

  r.openapi(
    route(
      '/execution/{execution_id}/results',
      ExecutionIdParam,
      false,
      'A page of an execution’s result',
    ),
    (c) => {
      const e = readableExecution(
        deps,
        requireScope(c, 'read'),
        String(c.req.valid('param').execution_id),
      );
      return jsonResponse(c, deps, e, c.req.valid('query')) as never;
    },
  );
  r.openapi(
    route(
      '/execution/{execution_id}/results/csv',
      ExecutionIdParam,
      true,
      'An execution’s result as CSV',
    ),
    (c) => {
      const e = readableExecution(
        deps,
        requireScope(c, 'read'),
        String(c.req.valid('param').execution_id),
      );
      return csvResponse(c, deps, e, c.req.valid('query')) as never;
    },
  );
  r.openapi(
    route('/query/{query_id}/results', QueryIdParam, false, 'The latest result of a query'),
    (c) => {
      const e = latestExecution(deps, c, requireScope(c, 'read').context.id);
      return jsonResponse(c, deps, e, c.req.valid('query')) as never;
    },
  );
  r.openapi(
    route(
      '/query/{query_id}/results/csv',
      QueryIdParam,
      true,
      'The latest result of a query as CSV',
    ),
    (c) => {
      const e = latestExecution(deps, c, requireScope(c, 'read').context.id);
      return csvResponse(c, deps, e, c.req.valid('query')) as never;
    },
  );
  return r;
}
