import type { Tier } from '../../../contract/rules/enums';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  MatviewRefreshResponse,
  MatviewUpsertRequest,
  MatviewUpsertResponse,
} from '../../../contract/matviews';
import { api } from '../../lib/api';
import { invalidateMatviews, matviewPath } from './api';

export type Performance = Tier;

/** POST /materialized-views: creates the view of a query, or updates it; starts a refresh. */
export function useUpsertMatview(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MatviewUpsertRequest) =>
      api<MatviewUpsertResponse>('/materialized-views', { ctx, method: 'POST', body }),
    onSuccess: () => invalidateMatviews(qc, ctx),
  });
}

/** POST /materialized-views/{name}/refresh: starts a refresh now. */
export function useRefreshMatview(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ fullName, performance }: { fullName: string; performance?: Performance }) =>
      api<MatviewRefreshResponse>(`${matviewPath(fullName)}/refresh`, {
        ctx,
        method: 'POST',
        body: performance ? { performance } : {},
      }),
    onSuccess: () => invalidateMatviews(qc, ctx),
  });
}

/** DELETE /materialized-views/{name}. */
export function useDeleteMatview(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (fullName: string) =>
      api<{ message: string }>(matviewPath(fullName), { ctx, method: 'DELETE' }),
    onSettled: () => invalidateMatviews(qc, ctx),
  });
}
