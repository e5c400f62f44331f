import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Alert,
  AlertCreateBody,
  AlertHistoryResponse,
  AlertPatchBody,
  AlertRunResponse,
  AlertsListResponse,
} from '../../../contract/alerts';
import type { Parameter } from '../../../contract/parameters';
import type { GetQueryResponse } from '../../../contract/queries';
import { api, apiQueryFn } from '../../lib/api';
import { ctxKey, keepPreviousInContext } from '../../lib/context-keys';
import { queryDetailOptions } from '../../lib/resources/queries';

export type { Alert };
export type Evaluation = AlertHistoryResponse['evaluations'][number];

export const ALERTS_PAGE_SIZE = 50;
export const HISTORY_PAGE_SIZE = 20;

/** Every key of the alerts feature starts with the context it belongs to. */
export const alertKeys = {
  all: (ctx: string) => [...ctxKey(ctx), 'alerts'] as const,
  page: (ctx: string, offset: number, queryId?: number) =>
    [...alertKeys.all(ctx), 'list', { offset, queryId }] as const,
  history: (ctx: string, id: number, offset: number) =>
    [...alertKeys.all(ctx), 'history', id, { offset }] as const,
};

const invalidate = (qc: QueryClient, ctx: string) =>
  qc.invalidateQueries({ queryKey: alertKeys.all(ctx) });

/** One page of the context's alerts (on one query, if given). */
export const alertListOptions = (ctx: string, offset: number, queryId?: number) =>
  queryOptions({
    queryKey: alertKeys.page(ctx, offset, queryId),
    queryFn: apiQueryFn<AlertsListResponse>('/alerts', {
      ctx,
      query: { limit: ALERTS_PAGE_SIZE, offset, query_id: queryId },
    }),
    placeholderData: keepPreviousInContext(ctx),
    // Schedules change states without the page knowing: read again now and then.
    refetchInterval: 30_000,
  });

/** One page of an alert's evaluations, read again while one is running. */
export const alertHistoryOptions = (ctx: string, id: number, offset: number) =>
  queryOptions({
    queryKey: alertKeys.history(ctx, id, offset),
    queryFn: apiQueryFn<AlertHistoryResponse>(`/alerts/${id}/history`, {
      ctx,
      query: { limit: HISTORY_PAGE_SIZE, offset },
    }),
    refetchInterval: (query) =>
      query.state.data?.evaluations.some((e) => e.state === 'running') ? 1500 : false,
  });

const parametersOf = (q: GetQueryResponse): readonly Parameter[] => q.parameters;

/** The parameter definitions of an alert's query, for the inputs of the alert's values. */
export const alertQueryParametersOptions = (ctx: string, queryId: number) =>
  queryOptions({ ...queryDetailOptions(ctx, queryId), select: parametersOf });

export function useCreateAlert(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertCreateBody) => api<Alert>('/alerts', { ctx, method: 'POST', body }),
    onSuccess: () => invalidate(qc, ctx),
  });
}

export function useUpdateAlert(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AlertPatchBody }) =>
      api<Alert>(`/alerts/${id}`, { ctx, method: 'PATCH', body }),
    onSettled: () => invalidate(qc, ctx),
  });
}

export function useDeleteAlert(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ message: string }>(`/alerts/${id}`, { ctx, method: 'DELETE' }),
    onSettled: () => invalidate(qc, ctx),
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POST /alerts/{id}/run, then the evaluation it started, read until its run has ended (at most a
 * few minutes); resolves with it.
 */
export function useRunAlert(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number): Promise<Evaluation | undefined> => {
      const run = await api<AlertRunResponse>(`/alerts/${id}/run`, { ctx, method: 'POST' });
      for (let i = 0; i < 240; i++) {
        const h = await api<AlertHistoryResponse>(`/alerts/${id}/history`, {
          ctx,
          query: { limit: 5 },
        });
        const ev = h.evaluations.find((e) => e.id === run.evaluation_id);
        if (ev && ev.state !== 'running') return ev;
        await pause(i < 10 ? 300 : 1000);
      }
      return undefined;
    },
    onSettled: () => invalidate(qc, ctx),
  });
}
