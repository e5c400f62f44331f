import { createRoute, z } from '@hono/zod-openapi';
import {
  CreateQueryRequest,
  CreateQueryResponse,
  GetQueryResponse,
  ListQueriesParams,
  ListQueriesResponse,
  ListQueryVersionsResponse,
  QueryVersion,
  UpdateQueryRequest,
  UpdateQueryResponse,
} from '../../contract/queries.js';
import { requestedParameters } from '../../contract/queries.js';
import { callerOf } from '../auth/caller.js';
import type { Deps } from '../deps.js';
import type { QueryRecord } from '../queries/queries-repo.js';
import type { QueryChanges } from '../queries/queries-service.js';
import { IF_MATCH_NOTE, etag, ifMatchVersion } from './if-match.js';
import { requireScope } from './principal.js';
import { Id, QueryIdParams } from './path-params.js';
import { SECURED, answers, needs, jsonBody, newRouter } from './router.js';

const VersionParams = z.object({ query_id: Id, version: Id });
const GetQueryParams = z.object({
  include_contributors: z
    .enum(['true', 'false'])
    .optional()
    .openapi({ description: 'Add `contributors` (authors of versions) to the answer' }),
});

const ADOPTION_NOTE =
  'Strata addition: `execution_id` names a run of the caller’s context, usually an ad-hoc run (`POST /sql/execute`) of the text being saved, to keep as the query’s latest result (`GET /query/{id}/results`). It is accepted only when the query as saved, rendered with the values that run used, is exactly the SQL it ran; an unknown id, another context’s run, a run of another query or of other SQL is 400, and then nothing is saved.';

export function toGetQueryResponse(q: QueryRecord): GetQueryResponse {
  return {
    query_id: q.id,
    name: q.name,
    description: q.description,
    tags: q.tags,
    version: q.version,
    parameters: q.parameters,
    query_engine: q.engine,
    query_sql: q.query_sql,
    dialect: q.dialect,
    is_private: q.is_private,
    is_archived: q.is_archived,
    is_unsaved: q.is_temp,
    is_temp: q.is_temp,
    owner: q.owner_handle,
    created_at: q.created_at,
    updated_at: q.updated_at,
    max_result_age_seconds: q.max_result_age_seconds,
  };
}

/** The four POST /query/{id}/<action> routes and the change each makes. */
const ACTIONS: { action: string; summary: string; changes: QueryChanges }[] = [
  {
    action: 'archive',
    summary: 'Archive a query (it can no longer be run or edited)',
    changes: { is_archived: true },
  },
  { action: 'unarchive', summary: 'Unarchive a query', changes: { is_archived: false } },
  { action: 'private', summary: 'Make a query private', changes: { is_private: true } },
  { action: 'unprivate', summary: 'Make a query public', changes: { is_private: false } },
];

/** Saved queries: create, read, update, archive, privacy, list, versions. */
export function queryRoutes(deps: Deps) {
  const r = newRouter();
  const tags = ['queries'];

  for (const path of ['/query', '/query/']) {
    r.openapi(
      createRoute({
        method: 'post',
        path,
        tags,
        hide: path.endsWith('/'),
        summary: 'Create a query owned by the caller’s context',
        description: ADOPTION_NOTE,
        security: SECURED,
        middleware: [needs('read_write')],
        request: { body: jsonBody(CreateQueryRequest) },
        responses: answers(CreateQueryResponse, 'Created', 400, 401, 403),
      }),
      async (c) => {
        const p = requireScope(c, 'read_write');
        const { execution_id, ...body } = c.req.valid('json');
        const q = await deps.queries.create(
          callerOf(p),
          { ...body, parameters: requestedParameters(body) },
          { executionId: execution_id },
        );
        return c.json({ query_id: q.id }, 200);
      },
    );
  }

  r.openapi(
    createRoute({
      method: 'get',
      path: '/query/{query_id}',
      tags,
      summary: 'Read a query (own, or public)',
      security: SECURED,
      middleware: [needs('read')],
      request: { params: QueryIdParams, query: GetQueryParams },
      responses: answers(GetQueryResponse, 'The query', 400, 401, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const { query_id } = c.req.valid('param');
      const { query: q, contributors } = await deps.queries.read(query_id, p.context.id, {
        contributors: c.req.valid('query').include_contributors === 'true',
      });
      const body = toGetQueryResponse(q);
      if (contributors) body.contributors = contributors;
      c.header('ETag', etag(q.version));
      return c.json(body, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'patch',
      path: '/query/{query_id}',
      tags,
      summary: 'Change any subset of a query’s fields (owner context only)',
      description: `${ADOPTION_NOTE} ${IF_MATCH_NOTE}`,
      security: SECURED,
      middleware: [needs('read_write')],
      request: {
        params: QueryIdParams,
        body: jsonBody(UpdateQueryRequest),
      },
      responses: answers(UpdateQueryResponse, 'Updated', 400, 401, 403, 404, 409),
    }),
    async (c) => {
      const p = requireScope(c, 'read_write');
      const { query_id } = c.req.valid('param');
      const { execution_id, ...changes } = c.req.valid('json');
      const q = await deps.queries.update(query_id, callerOf(p), changes, {
        expectedVersion: ifMatchVersion(c),
        executionId: execution_id,
      });
      return c.json({ query_id: q.id }, 200);
    },
  );

  for (const { action, summary, changes } of ACTIONS) {
    r.openapi(
      createRoute({
        method: 'post',
        path: `/query/{query_id}/${action}`,
        tags,
        summary,
        security: SECURED,
        middleware: [needs('read_write')],
        request: { params: QueryIdParams },
        responses: answers(UpdateQueryResponse, 'Done', 400, 401, 403, 404),
      }),
      async (c) => {
        const p = requireScope(c, 'read_write');
        const { query_id } = c.req.valid('param');
        const q = await deps.queries.update(query_id, callerOf(p), changes);
        return c.json({ query_id: q.id }, 200);
      },
    );
  }

  r.openapi(
    createRoute({
      method: 'get',
      path: '/queries',
      tags,
      summary: 'List the caller’s saved queries, newest updated first',
      description:
        'Temporary queries are never listed. Strata extensions: `q` filters by name or description, `tags` (comma-separated) requires every tag, `include_archived=false` hides archived queries, `scope=public` lists public, non-archived queries of every context instead of the caller’s own.',
      security: SECURED,
      middleware: [needs('read')],
      request: { query: ListQueriesParams },
      responses: answers(ListQueriesResponse, 'Queries', 400, 401),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const params = c.req.valid('query');
      const { queries, total } = await deps.queries.list(p.context.id, {
        limit: params.limit,
        offset: params.offset,
        q: params.q,
        tags: params.tags?.split(','),
        includeArchived: params.include_archived,
        scope: params.scope,
      });
      return c.json(
        {
          queries: queries.map((q) => ({
            id: q.id,
            name: q.name,
            description: q.description,
            owner: q.owner_handle,
            tags: q.tags,
            created_at: q.created_at,
            updated_at: q.updated_at,
            is_private: q.is_private,
            is_archived: q.is_archived,
            version: q.version,
          })),
          total,
        },
        200,
      );
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/query/{query_id}/versions',
      tags,
      summary: 'The versions of a query, newest first',
      security: SECURED,
      middleware: [needs('read')],
      request: { params: QueryIdParams },
      responses: answers(ListQueryVersionsResponse, 'Versions', 400, 401, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const { query_id } = c.req.valid('param');
      const versions = (await deps.queries.versions(query_id, p.context.id)).map((v) => ({
        version: v.version,
        author: v.author,
        created_at: v.created_at,
        name: v.name,
      }));
      return c.json({ versions, total: versions.length }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/query/{query_id}/versions/{version}',
      tags,
      summary: 'One version of a query, in full',
      security: SECURED,
      middleware: [needs('read')],
      request: { params: VersionParams },
      responses: answers(QueryVersion, 'The version', 400, 401, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const { query_id, version } = c.req.valid('param');
      const v = await deps.queries.version(query_id, version, p.context.id);
      return c.json(
        {
          query_id: v.query_id,
          version: v.version,
          author: v.author,
          created_at: v.created_at,
          name: v.name,
          description: v.description,
          query_sql: v.query_sql,
          dialect: v.dialect,
          parameters: v.parameters,
          tags: v.tags,
          is_private: v.is_private,
          is_archived: v.is_archived,
        },
        200,
      );
    },
  );

  return r;
}
