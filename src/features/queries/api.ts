import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { GetQueryResponse } from '../../../contract/queries';
import { api } from '../../lib/api';
import {
  createQuery as postQuery,
  queryDetailOptions,
  queryKeys,
  queryListOptions,
  type NewQueryBody,
  type QueryListQuery,
} from '../../lib/resources/queries';
import { QUERY_LIMITS } from '../../../contract/rules/limits';

/** What the library asks the service for: one page of one context's (or the public) queries. */
export type QueryListParams = {
  q: string;
  tags: string[];
  scope: 'mine' | 'public';
  archived: boolean;
  page: number;
  size: number;
};

/** The query string of GET /queries for the library's params. */
export function listQueryString(params: QueryListParams): QueryListQuery {
  return {
    limit: params.size,
    offset: (params.page - 1) * params.size,
    q: params.q.trim() || undefined,
    tags: params.tags.length ? params.tags.join(',') : undefined,
    scope: params.scope === 'public' ? 'public' : undefined,
    // The service includes archived queries unless told not to.
    include_archived: params.scope === 'mine' && !params.archived ? false : undefined,
  };
}

/** The library's page of queries. */
export const libraryListOptions = (ctx: string, params: QueryListParams) =>
  queryListOptions(ctx, listQueryString(params));

/** What the "New query" page starts with; the query is created when it is first saved. */
export const NEW_QUERY = { name: 'New query', query_sql: 'SELECT 1' } as const;

/** Creates a query in `ctx` and forgets the context's lists; returns the new id. */
export async function createQuery(
  qc: QueryClient,
  ctx: string,
  body: NewQueryBody,
): Promise<number> {
  const { query_id } = await postQuery(ctx, body);
  await qc.invalidateQueries({ queryKey: queryKeys.lists(ctx) });
  return query_id;
}

/** The body of a fork: the source's content under a new name, public, in the acting context. */
export function forkBody(source: GetQueryResponse) {
  return {
    name: `${source.name} (fork)`.slice(0, QUERY_LIMITS.name),
    description: source.description,
    query_sql: source.query_sql,
    dialect: source.dialect,
    parameters: source.parameters,
    tags: source.tags,
  };
}

/** Copies any readable query into the acting context; resolves to the new query's id. */
export function useForkQuery(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (sourceId: number) => {
      const source = await qc.fetchQuery({ ...queryDetailOptions(ctx, sourceId), staleTime: 0 });
      return createQuery(qc, ctx, forkBody(source));
    },
  });
}

export type QueryAction = 'archive' | 'unarchive' | 'private' | 'unprivate';

/** Archive, unarchive, make private or public: owner context only. */
export function useQueryAction(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: QueryAction }) =>
      api<{ query_id: number }>(`/query/${id}/${action}`, { ctx, method: 'POST' }),
    onSuccess: (_data, { id }) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.lists(ctx) }),
        qc.invalidateQueries({ queryKey: queryKeys.detail(ctx, id) }),
      ]),
  });
}
