import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateVisualizationRequest,
  GetVisualizationResponse,
  ListVisualizationsResponse,
  UpdateVisualizationRequest,
} from '../../../contract/visualizations';
import { api, apiQueryFn } from '../../lib/api';
import { ctxKey } from '../../lib/context-keys';

/** Every key of the visualizations feature starts with the context it belongs to. */
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

export const vizDetailOptions = (ctx: string, id: number) =>
  queryOptions({
    queryKey: vizKeys.detail(ctx, id),
    queryFn: apiQueryFn<GetVisualizationResponse>(`/visualizations/${id}`, { ctx }),
  });

/** Creates a visualization of a saved query; returns its id. */
export function useCreateVisualization(ctx: string, queryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateVisualizationRequest) =>
      api<{ id: number }>(`/query/${queryId}/visualizations`, { ctx, method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: vizKeys.list(ctx, queryId) }),
  });
}

/**
 * Saves a visualization's name, type and options (`options` replaces the stored object), as a
 * change to `version`: if someone saved it since, the service answers 409 and nothing changes.
 */
export function useUpdateVisualization(ctx: string, queryId: number, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: UpdateVisualizationRequest; version: number }) =>
      api<{ id: number }>(`/visualizations/${id}`, {
        ctx,
        method: 'PATCH',
        body,
        ifMatch: version,
      }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: vizKeys.detail(ctx, id) }),
        qc.invalidateQueries({ queryKey: vizKeys.list(ctx, queryId) }),
      ]),
  });
}

export function useDeleteVisualization(ctx: string, queryId: number, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ok: boolean }>(`/visualizations/${id}`, { ctx, method: 'DELETE' }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: vizKeys.detail(ctx, id) });
      return qc.invalidateQueries({ queryKey: vizKeys.list(ctx, queryId) });
    },
  });
}
