import { queryOptions } from '@tanstack/react-query';
import type {
  CreateQueryRequest,
  GetQueryResponse,
  ListQueriesResponse,
  UpdateQueryRequest,
} from '../../../contract/queries';
import { api, apiQueryFn } from '../api';
import { ctxKey, keepPreviousInContext } from '../context-keys';

/**
 * Saved queries as the app reads them: one key factory and one declaration of each endpoint for
 * every feature (the library, the pickers of dashboards, pipelines and views, alerts, the query
 * page), so a change to a query invalidates every list and detail that shows it.
 */

/** The query string of GET /queries (the service's ListQueriesParams). */
export type QueryListQuery = {
  limit?: number;
  offset?: number;
  /** Substring of the name or description. */
  q?: string;
  /** Comma-separated tags, all required. */
  tags?: string;
  /** The service includes archived queries unless told `false`. */
  include_archived?: boolean;
  scope?: 'public';
};

/** Every key of saved queries starts with the context it belongs to. */
export const queryKeys = {
  all: (ctx: string) => [...ctxKey(ctx), 'queries'] as const,
  lists: (ctx: string) => [...queryKeys.all(ctx), 'list'] as const,
  list: (ctx: string, query: QueryListQuery) => [...queryKeys.lists(ctx), query] as const,
  details: (ctx: string) => [...queryKeys.all(ctx), 'detail'] as const,
  detail: (ctx: string, id: number) => [...queryKeys.details(ctx), id] as const,
};

/**
 * GET /queries: one page of the context's (or the public) queries. While the next page, search
 * or filter loads, the previous one stays shown (never another context's).
 */
export const queryListOptions = (ctx: string, query: QueryListQuery) =>
  queryOptions({
    queryKey: queryKeys.list(ctx, query),
    queryFn: apiQueryFn<ListQueriesResponse>('/queries', { ctx, query }),
    placeholderData: keepPreviousInContext(ctx),
  });

/** GET /query/{id}: a query's text, parameters, owner and version. */
export const queryDetailOptions = (ctx: string, id: number) =>
  queryOptions({
    queryKey: queryKeys.detail(ctx, id),
    queryFn: apiQueryFn<GetQueryResponse>(`/query/${id}`, { ctx }),
  });

/** What a new query needs at least; the service fills the rest. */
export type NewQueryBody = Partial<CreateQueryRequest> &
  Pick<CreateQueryRequest, 'name' | 'query_sql'>;

/** POST /query: creates a query in `ctx`; resolves to its id. */
export const createQuery = (ctx: string, body: NewQueryBody) =>
  api<{ query_id: number }>('/query', { ctx, method: 'POST', body });

/**
 * PATCH /query/{id}: a change to the saved `version` (If-Match); if someone saved since, the
 * service answers 409 and nothing changes.
 */
export const updateQuery = (ctx: string, id: number, body: UpdateQueryRequest, version?: number) =>
  api<{ query_id: number }>(`/query/${id}`, { ctx, method: 'PATCH', body, ifMatch: version });
