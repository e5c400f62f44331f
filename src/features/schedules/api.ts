import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { SCHEDULE_LIMITS } from '../../../contract/rules/limits';
import type {
  DashboardSchedulesResponse,
  QuerySchedulesResponse,
  ScheduleRunsResponse,
  UpdateQueryScheduleRequest,
} from '../../../contract/schedules';
import { api, apiQueryFn } from '../../lib/api';
import { ctxKey } from '../../lib/context-keys';
import type { NewScheduleBody, Schedule, ScheduleTarget } from './target';

/** A query's or a dashboard's schedules: which one, by kind and id. */
type TargetRef = Pick<ScheduleTarget, 'kind' | 'id'>;

/** Every key of the schedules feature starts with the context it belongs to. */
export const scheduleKeys = {
  of: (ctx: string, t: TargetRef) => [...ctxKey(ctx), 'schedules', t.kind, t.id] as const,
};

const path = (t: TargetRef) =>
  t.kind === 'query' ? `/query/${t.id}/schedules` : `/dashboards/${t.id}/schedules`;

/** A target's schedules; read again every few seconds while a run of one is in flight. */
export const schedulesOptions = (ctx: string, t: TargetRef) =>
  queryOptions({
    queryKey: scheduleKeys.of(ctx, t),
    queryFn: apiQueryFn<QuerySchedulesResponse | DashboardSchedulesResponse>(path(t), { ctx }),
    select: (data): Schedule[] => data.schedules,
    refetchInterval: (query) =>
      query.state.data?.schedules.some((s) => s.last_state === 'running') ? 2000 : false,
  });

/** Runs of a schedule's history per page. */
export const RUNS_PAGE = SCHEDULE_LIMITS.runsPage;

/**
 * One page of a schedule's runs, newest first; read again every few seconds while one runs. Its
 * key is under the target's, so every change of the target's schedules reads it again.
 */
export const scheduleRunsOptions = (ctx: string, t: TargetRef, id: number, offset: number) =>
  queryOptions({
    queryKey: [...scheduleKeys.of(ctx, t), id, 'runs', offset] as const,
    queryFn: apiQueryFn<ScheduleRunsResponse>(
      `${path(t)}/${id}/runs?limit=${RUNS_PAGE}&offset=${offset}`,
      { ctx },
    ),
    refetchInterval: (query) =>
      query.state.data?.runs.some((r) => r.state === 'running') ? 2000 : false,
  });

/** Create, change, delete and run-now of one target's schedules; each reads the list again. */
export function useScheduleMutations(ctx: string, t: TargetRef) {
  const qc = useQueryClient();
  const onSettled = () => qc.invalidateQueries({ queryKey: scheduleKeys.of(ctx, t) });
  const one = (id: number) => `${path(t)}/${id}`;
  return {
    create: useMutation({
      mutationFn: (body: NewScheduleBody) => api<Schedule>(path(t), { ctx, method: 'POST', body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: Pick<UpdateQueryScheduleRequest, 'enabled'> & { id: number }) =>
        api<Schedule>(one(id), { ctx, method: 'PATCH', body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api<unknown>(one(id), { ctx, method: 'DELETE' }),
      onSettled,
    }),
    runNow: useMutation({
      mutationFn: (id: number) => api<Schedule>(`${one(id)}/run`, { ctx, method: 'POST' }),
      onSettled,
    }),
  };
}
