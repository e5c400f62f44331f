import { queryOptions } from '@tanstack/react-query';
import type {
  GetVisualizationResponse,
  ListVisualizationsResponse,
} from '../../../contract/visualizations';
import { apiQueryFn } from '../api';
import { ctxKey } from '../context-keys';

/**
 * Visualizations of saved queries as the app reads them: the query page's tabs and editor and the
 * dashboard editor's picker and widgets share these keys, so a saved change shows in both.
 */
export const vizKeys = {
  all: (ctx: string) => [...ctxKey(ctx), 'visualizations'] as const,
  lists: (ctx: string) => [...vizKeys.all(ctx), 'list'] as const,
  list: (ctx: string, queryId: number) => [...vizKeys.lists(ctx), queryId] as const,
  details: (ctx: string) => [...vizKeys.all(ctx), 'detail'] as const,
  detail: (ctx: string, id: number) => [...vizKeys.details(ctx), id] as const,
};

/** A query's visualizations (summaries), oldest first; a query has few, one page holds them. */
export const vizListOptions = (ctx: string, queryId: number) =>
  queryOptions({
    queryKey: vizKeys.list(ctx, queryId),
    queryFn: apiQueryFn<ListVisualizationsResponse>(`/query/${queryId}/visualizations`, {
      ctx,
      query: { limit: 1000 },
    }),
  });

/** One visualization's definition: name, type and options. */
export const vizDetailOptions = (ctx: string, id: number) =>
  queryOptions({
    queryKey: vizKeys.detail(ctx, id),
    queryFn: apiQueryFn<GetVisualizationResponse>(`/visualizations/${id}`, { ctx }),
  });
