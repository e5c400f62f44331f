import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateVisualizationRequest,
  UpdateVisualizationRequest,
} from '../../../contract/visualizations';
import { api } from '../../lib/api';
import { vizKeys } from '../../lib/resources/visualizations';

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
