import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateQueryScheduleRequest,
  QuerySchedule,
  QuerySchedulesResponse,
  UpdateQueryScheduleRequest,
} from '../../../contract/schedules';
import { api, apiQueryFn } from '../../lib/api';
import { ctxKey } from '../../lib/context-keys';

export type { QuerySchedule };

/** Every key of the schedules feature starts with the context it belongs to. */
export const scheduleKeys = {
  ofQuery: (ctx: string, queryId: number) =>
    [...ctxKey(ctx), 'schedules', 'query', queryId] as const,
};

const path = (queryId: number) => `/query/${queryId}/schedules`;

/** A query's schedules; read again every few seconds while a run of one is in flight. */
export const querySchedulesOptions = (ctx: string, queryId: number) =>
  queryOptions({
    queryKey: scheduleKeys.ofQuery(ctx, queryId),
    queryFn: apiQueryFn<QuerySchedulesResponse>(path(queryId), { ctx }),
    refetchInterval: (query) =>
      query.state.data?.schedules.some((s) => s.last_state === 'running') ? 2000 : false,
  });

/** Create, change, delete and run-now of one query's schedules; each reads the list again. */
export function useScheduleMutations(ctx: string, queryId: number) {
  const qc = useQueryClient();
  const onSettled = () => qc.invalidateQueries({ queryKey: scheduleKeys.ofQuery(ctx, queryId) });
  const one = (id: number) => `${path(queryId)}/${id}`;
  return {
    create: useMutation({
      mutationFn: (body: CreateQueryScheduleRequest) =>
        api<QuerySchedule>(path(queryId), { ctx, method: 'POST', body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: UpdateQueryScheduleRequest & { id: number }) =>
        api<QuerySchedule>(one(id), { ctx, method: 'PATCH', body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api<unknown>(one(id), { ctx, method: 'DELETE' }),
      onSettled,
    }),
    runNow: useMutation({
      mutationFn: (id: number) => api<QuerySchedule>(`${one(id)}/run`, { ctx, method: 'POST' }),
      onSettled,
    }),
  };
}
