import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createRoute, z, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Scope } from '../auth/keys.js';
import { requireScope } from './principal.js';
import type { Deps } from '../deps.js';
import { tooLargeError } from '../uploads/body-file.js';
import type { Format } from '../uploads/uploads-service.js';
import {
  CSVUploadRequest,
  CSVUploadResponse,
  ListParams,
  MessageResponse,
  TableCreateRequest,
  TableCreateResponse,
  TableInsertResponse,
  TableListResponse,
  TableParams,
} from '../../contract/uploads.js';
import type { AppEnv } from './app-env.js';
import { invalid } from '../errors.js';
import { SECURED, answers, needs, jsonBody, newRouter } from './router.js';

/** The deprecated /table... and /tables paths: same behaviour, plus these headers. */
export const SUNSET = 'Sun, 01 Mar 2026 00:00:00 GMT';
const sunset: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.res.headers.set('Deprecation', 'true');
  c.res.headers.set('Sunset', SUNSET);
};

/** createRoute, for configs built with spreads (which the router lint rule cannot read). */
const route = <R extends RouteConfig>(config: R) => createRoute(config);

/** What a route of this file declares itself; `both` adds the path and the rest. */
type Declared = Omit<RouteConfig, 'path' | 'tags' | 'security' | 'deprecated' | 'middleware'>;

const CSV_TYPES = new Set(['text/csv']);
const NDJSON_TYPES = new Set(['application/x-ndjson', 'application/ndjson', 'application/jsonl']);

const OWNER_RULE =
  "Only the owner context may change a table: another context's private table is 404, a public one 403.";

const InsertQuery = z.object({
  replace: z.enum(['true', 'false']).optional().openapi({
    description:
      'Strata addition: `true` swaps the rows of the table for the rows of the body in one step (the table is unchanged if any row does not fit); default false appends.',
  }),
});

/**
 * Uploaded tables under both path families: `/uploads...` and the deprecated `/table...`,
 * `/tables` (one handler each; the deprecated routes add Deprecation and Sunset headers).
 */
export function uploadRoutes(deps: Deps) {
  const r = newRouter();
  const uploads = deps.uploads;
  const max = deps.config.maxUploadBytes;
  const limitBody = bodyLimit({
    maxSize: max + 64 * 1024,
    onError: () => {
      throw tooLargeError(max);
    },
  });

  /**
   * Registers a route on its current path and its deprecated twin (which adds the Deprecation
   * and Sunset headers), each checking `scope` before the input (and then `more`).
   */
  function both<D extends Declared>(
    [current, legacy]: readonly [string, string],
    scope: Scope,
    declared: D,
    handler: RouteHandler<D & { path: string }, AppEnv>,
    ...more: MiddlewareHandler<AppEnv>[]
  ) {
    for (const [path, deprecated] of [
      [current, false],
      [legacy, true],
    ] as const) {
      const config = route({
        ...declared,
        path,
        tags: ['uploads'],
        security: SECURED,
        deprecated,
        middleware: [...(deprecated ? [sunset] : []), needs(scope), ...more],
      });
      r.openapi(config, handler as unknown as RouteHandler<typeof config, AppEnv>);
    }
  }

  both(
    ['/uploads', '/table/create'],
    'read_write',
    {
      method: 'post',
      summary: 'Create an uploaded table from a schema',
      description: `Creates the empty table \`dune.<namespace>.<table_name>\`. \`namespace\` must be the handle of the key's context (else 403). Names are case-insensitive and kept in lower case. Types: varchar, varbinary, bigint, integer, double, boolean, timestamp, date, uint256, int256. A table of that name already existing is 409.`,
      request: { body: jsonBody(TableCreateRequest) },
      responses: answers(TableCreateResponse, 'Created', 400, 401, 402, 403, 409),
    },
    async (c) => {
      const p = requireScope(c, 'read_write');
      const body = c.req.valid('json');
      const out = await uploads.create(p.context, {
        ...body,
        description: body.description ?? undefined,
        is_private: body.is_private ?? undefined,
      });
      return c.json(out, 200);
    },
  );

  both(
    ['/uploads/{namespace}/{table_name}/insert', '/table/{namespace}/{table_name}/insert'],
    'read_write',
    {
      method: 'post',
      summary: 'Append rows from CSV or NDJSON',
      description: `The raw body is \`text/csv\` (comma-separated; the header line names the columns, in any order, as written or as POST /uploads/csv would clean them (\`City Name\` names \`city_name\`); missing nullable columns are NULL) or \`application/x-ndjson\` (one JSON object per line, keys = column names). Any other Content-Type is 400. All or nothing: the first row that does not fit fails the whole insert with 400 naming its line (1-based; in CSV the header is line 1) and column, and the table is unchanged. Bodies over MAX_UPLOAD_BYTES are 413; an insert that would exceed the plan's storage is 402. ${OWNER_RULE}`,
      request: {
        params: TableParams,
        query: InsertQuery,
        body: {
          content: {
            'text/csv': { schema: z.string() },
            'application/x-ndjson': { schema: z.string() },
          },
          required: true,
        },
      },
      responses: answers(TableInsertResponse, 'Inserted', 400, 401, 402, 403, 404, 413),
    },
    async (c) => {
      const p = requireScope(c, 'read_write');
      const { namespace, table_name } = c.req.valid('param');
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      const format: Format | undefined = CSV_TYPES.has(type)
        ? 'csv'
        : NDJSON_TYPES.has(type)
          ? 'ndjson'
          : undefined;
      if (!format)
        throw invalid(
          `Content-Type must be text/csv or application/x-ndjson (got ${type ? `"${type.slice(0, 100)}"` : 'none'})`,
        );
      if (Number(c.req.header('content-length') ?? 0) > max) throw tooLargeError(max);
      // On the Node server the request itself is read (no web-stream layer); in tests, the body.
      // Reading `c.req.raw.body` on the Node server makes a web stream that starts consuming the
      // request: the body would then go to it, not to whoever reads the request later (after the
      // awaits before the insert reads it, it arrived empty). So it is only read in tests.
      const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
      const raw = incoming instanceof Readable ? undefined : c.req.raw.body;
      const source: AsyncIterable<Buffer> =
        incoming instanceof Readable
          ? incoming
          : raw
            ? Readable.fromWeb(raw as unknown as WebReadableStream<Uint8Array>)
            : Readable.from([]);
      const { replace } = c.req.valid('query');
      const out = await uploads.insert(p.context, namespace, table_name, {
        source,
        format,
        replace: replace === 'true',
      });
      return c.json(out, 200);
    },
  );

  both(
    ['/uploads/csv', '/table/upload/csv'],
    'read_write',
    {
      method: 'post',
      summary: 'Upload a CSV as a table (schema inferred)',
      description:
        "Creates (or replaces, schema and rows) the table `dune.<context handle>.dataset_<table_name>` (the prefix is not doubled when table_name already starts with `dataset_`). Column names come from the header line, cleaned into valid names (`City Name` → `city_name`, `Cost Total $` → `cost_total`; repeats get `_2`, an empty header `column_<n>`); a header written otherwise is kept as the column's description. Types are inferred over the whole file, and only as types every value loads as: integers within 64 bits are bigint, larger ones uint256 (or int256 with negatives), kept as exact digits and never double; `0x` hex of even length is varbinary; then double, boolean, date, timestamp, else varchar. Bodies over MAX_UPLOAD_BYTES are 413.",
      request: { body: jsonBody(CSVUploadRequest) },
      responses: answers(CSVUploadResponse, 'Uploaded', 400, 401, 402, 403, 409, 413),
    },
    async (c) => {
      const p = requireScope(c, 'read_write');
      const body = c.req.valid('json');
      if (Buffer.byteLength(body.data) > max) throw tooLargeError(max);
      const file = uploads.tempFile('csv');
      try {
        fs.writeFileSync(file, body.data);
        const out = await uploads.uploadCsv(p.context, {
          table_name: body.table_name,
          file,
          description: body.description ?? undefined,
          is_private: body.is_private ?? undefined,
        });
        return c.json(out, 200);
      } finally {
        fs.rmSync(file, { force: true });
      }
    },
    limitBody,
  );

  const tableChanges = [
    ['post', '/clear', 'Remove every row, keeping the columns', 'Cleared', 'clear'],
    ['delete', '', 'Delete an uploaded table', 'Deleted', 'remove'],
  ] as const;
  for (const [method, suffix, summary, answer, action] of tableChanges) {
    both(
      [`/uploads/{namespace}/{table_name}${suffix}`, `/table/{namespace}/{table_name}${suffix}`],
      'read_write',
      {
        method,
        summary,
        description: `Running queries keep reading the rows they started with. ${OWNER_RULE}`,
        request: { params: TableParams },
        responses: answers(MessageResponse, answer, 401, 403, 404),
      },
      async (c) => {
        const p = requireScope(c, 'read_write');
        const { namespace, table_name } = c.req.valid('param');
        return c.json(await uploads[action](p.context, namespace, table_name), 200);
      },
    );
  }

  both(
    ['/uploads', '/tables'],
    'read',
    {
      method: 'get',
      summary: "The context's uploaded tables",
      description:
        'By name. `table_size_bytes` is a string; `next_offset` is present when more follow. `description` and `row_count` are Strata additions.',
      request: { query: ListParams },
      responses: answers(TableListResponse, 'Tables', 400, 401),
    },
    async (c) => {
      const p = requireScope(c, 'read');
      const q = c.req.valid('query');
      return c.json(await uploads.list(p.context, q.limit, q.offset), 200);
    },
  );

  return r;
}
