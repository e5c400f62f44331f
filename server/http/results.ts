import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import fs from 'node:fs';
import {
  allowsStale,
  ArrowDownloadParamsSchema,
  ExecutionResultSchema,
  ParquetDownloadParamsSchema,
  ResultParamsSchema,
} from '../../contract/executions.js';
import type { DownloadFormat } from '../engine/result-downloads.js';
import { invalid } from '../errors.js';
import { presentedKey, requireScope } from './principal.js';
import type { Deps } from '../deps.js';
import { readerOf } from '../auth/caller.js';
import type { ExecutionRecord } from '../executions/execution-record.js';
import type { Reader } from '../executions/latest-runs.js';
import { resultsBody } from '../executions/execution-view.js';
import type { PageParams } from '../engine/results.js';
import type { QueryRecord } from '../queries/queries-repo.js';
import type { AppEnv } from './app-env.js';
import { fileBody } from './file-stream.js';
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

/** The query parameters of a results read (compat-reference 2.3): the page's shape. */
const PAGE_PARAMETERS: ReadonlySet<string> = new Set(Object.keys(ResultParamsSchema.shape));

/** How a results read found its execution: by id, or as the latest one `params.<name>` pick. */
export type ResultRead = 'by_id' | 'latest';

/** `url` (a results read, no query string) at the page of `limit` rows from `offset`. */
export function pageUri(
  url: string,
  offset: number,
  limit: number,
  kept = new URLSearchParams(),
): string {
  const params = new URLSearchParams(kept);
  params.set('offset', String(offset));
  params.set('limit', String(limit));
  return `${url}?${params.toString()}`;
}

/**
 * The URL of the next page: the request's parameters that shape the page (validated, so each is
 * bounded), `params.<name>` of a latest read (each names a parameter of the query, checked by
 * latestOf), `api_key` only when it is the key that authenticated the request, then offset and
 * limit. Nothing else the request had is carried: an unknown parameter would be copied, whatever
 * its size, into every next_uri and x-service-next-uri header.
 */
function nextUri(
  c: Context<AppEnv>,
  deps: Deps,
  read: ResultRead,
  offset: number,
  limit: number,
): string {
  const url = new URL(c.req.url);
  const keyGiven = c.req.query('api_key');
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    const carried =
      name === 'api_key'
        ? keyGiven !== undefined && presentedKey(c) === keyGiven
        : PAGE_PARAMETERS.has(name) || (read === 'latest' && name.startsWith('params.'));
    if (carried) kept.append(name, value);
  }
  return pageUri(`${publicBaseUrl(c, deps)}${url.pathname}`, offset, limit, kept);
}

/** The link to a page at `offset` of `limit` rows: `next_uri` of the page before it. */
export type PageLink = (offset: number, limit: number) => string;

/** What an endpoint adds to its JSON /results answers: fields of its own beside the envelope's. */
export type ResultExtra = Record<string, unknown>;

/**
 * The JSON body of a page of an execution's result, as every JSON /results endpoint answers it:
 * the envelope alone when there is no result, else the page's rows inside the envelope (streamed
 * from the file DuckDB wrote, or from memory for a small page); `limit` is the page size used.
 */
export async function jsonPageBody(
  deps: Deps,
  e: ExecutionRecord,
  q: ResultQuery,
  link: PageLink,
  opts?: { readAhead: boolean },
  extra?: ResultExtra,
): Promise<{ body: string | ReadableStream<Uint8Array>; limit?: number }> {
  const page = await deps.executions.results.jsonPage(e, pageParams(q), opts);
  if (!page) return { body: resultsBody(e, undefined, {}, extra).head };
  const next =
    page.nextOffset === undefined
      ? {}
      : { offset: page.nextOffset, uri: link(page.nextOffset, page.limit) };
  const { head, tail } = resultsBody(e, page, next, extra);
  // A rows file is `{...},{...},`: streamed inside [ ] without its last comma.
  const body =
    'file' in page.rows
      ? fileBody(page.rows.file, { before: `${head}[`, after: `]${tail}`, trimEnd: 1 })
      : `${head}[${page.rows.text}]${tail}`;
  return { body, limit: page.limit };
}

/** A JSON page of an execution's result, as every JSON /results endpoint answers. */
export async function jsonResponse(
  c: Context<AppEnv>,
  deps: Deps,
  e: ExecutionRecord,
  q: ResultQuery,
  read: ResultRead,
  extra?: ResultExtra,
) {
  const { body, limit } = await jsonPageBody(
    deps,
    e,
    q,
    (offset, size) => nextUri(c, deps, read, offset, size),
    undefined,
    extra,
  );
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (limit !== undefined) headers['x-service-page-limit'] = String(limit);
  return c.body(body, 200, headers);
}

async function csvResponse(
  c: Context<AppEnv>,
  deps: Deps,
  e: ExecutionRecord,
  q: ResultQuery,
  read: ResultRead,
) {
  const out = await deps.executions.results.csvPage(e, pageParams(q));
  const headers: Record<string, string> = { 'content-type': 'text/csv; charset=utf-8' };
  if (out.nextOffset !== undefined) {
    const uri = nextUri(c, deps, read, out.nextOffset, out.limit);
    for (const prefix of ['x-service', 'x-dune']) {
      headers[`${prefix}-next-offset`] = String(out.nextOffset);
      headers[`${prefix}-next-uri`] = uri;
    }
  }
  return new Response(fileBody(out.file), { status: 200, headers });
}

/** A data tool's format of a whole result (Strata extension): its parameters and media type. */
const DOWNLOADS = {
  parquet: {
    schema: ParquetDownloadParamsSchema,
    mediaType: 'application/vnd.apache.parquet',
    extension: 'parquet',
    name: 'Parquet',
  },
  arrow: {
    schema: ArrowDownloadParamsSchema,
    mediaType: 'application/vnd.apache.arrow.stream',
    extension: 'arrows',
    name: 'Arrow IPC stream',
  },
} as const;

/**
 * Refuses a query parameter a download does not take (a page's `limit`, another format's
 * option, a misspelt name): a download that ignored it would not be what was asked for. The
 * key and context of the request, and `params.<name>` of a latest read, are not the format's.
 */
function refuseUnknown(c: Context<AppEnv>, format: DownloadFormat, read: ResultRead) {
  const accepted = new Set([...Object.keys(DOWNLOADS[format].schema.shape), 'context']);
  for (const name of Object.keys(c.req.queries())) {
    if (accepted.has(name) || (read === 'latest' && name.startsWith('params.'))) continue;
    throw invalid(
      `${name} is not a parameter of the ${DOWNLOADS[format].name} download, which holds the whole result: it takes ${[...accepted].filter((n) => n !== 'api_key' && n !== 'context').join(', ')}`,
    );
  }
}

type DownloadQuery = z.output<typeof ParquetDownloadParamsSchema>;

/** The whole result as a file of `format`, streamed (a file written for it is deleted after). */
async function downloadResponse(
  c: Context<AppEnv>,
  deps: Deps,
  e: ExecutionRecord,
  format: DownloadFormat,
  q: DownloadQuery,
) {
  const out = await deps.executions.results.download(e, format, {
    columns: q.columns,
    sortBy: q.sort_by,
    filters: q.filters,
    compression: q.compression,
  });
  const { size } = await fs.promises.stat(out.file);
  const { mediaType, extension } = DOWNLOADS[format];
  return new Response(fileBody(out.file, { keep: !out.temporary }), {
    status: 200,
    headers: {
      'content-type': mediaType,
      'content-length': String(size),
      'content-disposition': `attachment; filename="result-${e.id}.${extension}"`,
    },
  });
}

/** The parameter set named by `params.<name>` query parameters (repeated: a multiselect's list). */
function givenParams(c: Context<AppEnv>): Record<string, string | string[]> {
  const given: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(c.req.queries()))
    if (k.startsWith('params.')) given[k.slice(7)] = v.length === 1 ? v[0]! : v;
  return given;
}

/**
 * The execution a read of `query`'s latest result answers for `reader` (null = anonymous), with
 * the parameter set named by `params.<name>` query parameters, under the maximum result age
 * that governs the read (the query's own unless a dashboard's is given): latest-runs.ts latestOf.
 */
export function latestExecutionOf(
  deps: Deps,
  c: Context<AppEnv>,
  query: QueryRecord,
  reader: Reader | null,
  maxAgeSeconds: number | null = query.max_result_age_seconds,
): Promise<ExecutionRecord> {
  const maxAge = allowsStale(c.req.query('allow_stale')) ? null : maxAgeSeconds;
  return deps.executions.latest.latestOf(query, reader, givenParams(c), maxAge);
}

/** The latest execution of a query readable by the caller; `params.<name>` picks a parameter set. */
function latestExecution(deps: Deps, c: Context<AppEnv>) {
  const queryId = parseQueryId(c.req.param('query_id') ?? '');
  const reader = readerOf(requireScope(c, 'read'));
  const anyAge = allowsStale(c.req.query('allow_stale'));
  return deps.executions.latest.latestOfQuery(reader, queryId, givenParams(c), anyAge);
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

/** The four /results endpoints, their CSV forms and their downloads for data tools. */
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

  const sources = [
    {
      path: '/execution/{execution_id}/results',
      params: ExecutionIdParam,
      read: 'by_id' as const,
      summaries: [
        'A page of an execution’s result',
        'An execution’s result as CSV',
        'An execution’s result',
      ],
      find: (c: Context<AppEnv>) =>
        deps.executions.readable(
          requireScope(c, 'read').context.id,
          c.req.param('execution_id') ?? '',
        ),
    },
    {
      path: '/query/{query_id}/results',
      params: QueryIdParam,
      read: 'latest' as const,
      summaries: [
        'The latest result of a query',
        'The latest result of a query as CSV',
        'The latest result of a query',
      ],
      find: (c: Context<AppEnv>) => latestExecution(deps, c),
    },
  ];
  for (const source of sources) {
    for (const format of ['parquet', 'arrow'] as const) {
      const { schema, mediaType, name } = DOWNLOADS[format];
      r.openapi(
        createRoute({
          method: 'get',
          path: `${source.path}/${format}`,
          tags: ['results'],
          summary: `${source.summaries[2]} as ${name === 'Parquet' ? 'Parquet' : 'an Arrow IPC stream'} (Strata extension)`,
          description: `The whole result, shaped by \`columns\`, \`sort_by\` and \`filters\` as its pages are, for data tools. Any other query parameter is refused (400); a failed or expired result answers 400 as the CSV read does. ${format === 'parquet' ? 'Values as Strata stores them (128-bit and wider integers as text). ' : 'Arrow has every type Parquet stores but lists, structs, maps, intervals and UUIDs, which are sent as the text of the CSV read. '}Content-Disposition names the file \`result-<execution_id>.${DOWNLOADS[format].extension}\`.`,
          security: SECURED,
          request: { params: source.params, query: schema },
          responses: {
            200: {
              description: name,
              content: { [mediaType]: { schema: z.string().openapi({ format: 'binary' }) } },
            },
            ...errorResponses(400, 401, 404),
          },
        }),
        async (c) => {
          refuseUnknown(c, format, source.read);
          const e = await source.find(c);
          return downloadResponse(c, deps, e, format, c.req.valid('query')) as never;
        },
      );
    }
    for (const csv of [false, true]) {
      const respond = csv ? csvResponse : jsonResponse;
      r.openapi(
        route(
          `${source.path}${csv ? '/csv' : ''}`,
          source.params,
          csv,
          source.summaries[csv ? 1 : 0]!,
        ),
        async (c) =>
          respond(c, deps, await source.find(c), c.req.valid('query'), source.read) as never,
      );
    }
  }
  return r;
}
