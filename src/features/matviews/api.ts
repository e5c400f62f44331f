import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  MatviewListElement,
  MatviewRefreshesResponse,
  MatviewsListResponse,
} from '../../../contract/matviews';
import { isRunningState } from '../../../contract/rules/enums';
import { api, apiQueryFn } from '../../lib/api';
import { ctxKey, keepPreviousInContext } from '../../lib/context-keys';
import { executionPath, untilFinished, type ExecutionStatus } from '../../lib/resources/executions';
import { queryListOptions } from '../../lib/resources/queries';

export type Matview = MatviewListElement;

/** Views per page of the list, and refreshes per page of a view's history. */
export const MATVIEWS_PAGE_SIZE = 25;
export const HISTORY_PAGE_SIZE = 20;

export const isFinishedState = (state: string) => !isRunningState(state);

/** Every key of the matviews feature starts with the context it belongs to. */
export const matviewKeys = {
  all: (ctx: string) => [...ctxKey(ctx), 'matviews'] as const,
  lists: (ctx: string) => [...matviewKeys.all(ctx), 'list'] as const,
  page: (ctx: string, offset: number) => [...matviewKeys.lists(ctx), { offset }] as const,
  detail: (ctx: string, fullName: string) => [...matviewKeys.all(ctx), 'detail', fullName] as const,
  history: (ctx: string, fullName: string, offset: number) =>
    [...matviewKeys.all(ctx), 'history', fullName, { offset }] as const,
  refresh: (ctx: string, executionId: string) =>
    [...matviewKeys.all(ctx), 'refresh', executionId] as const,
};

/** `/materialized-views/dune.alice.result_x`: the full name is one path segment. */
export const matviewPath = (fullName: string) =>
  `/materialized-views/${encodeURIComponent(fullName)}`;

/** The full name `dune.<handle>.result_<name>` of a listed view. */
export const fullNameOf = (v: Pick<Matview, 'sql_id'>) => v.sql_id;

/** The full name a short name gets in a context. */
export const fullNameFor = (handle: string, name: string) => `dune.${handle}.${name}`;

/** Forgets what is known of the context's views (not the refresh statuses, which are final). */
export const invalidateMatviews = (qc: QueryClient, ctx: string) =>
  qc.invalidateQueries({
    queryKey: matviewKeys.all(ctx),
    predicate: (q) => q.queryKey[3] !== 'refresh',
  });

const running = (v: Matview) => v.last_refresh !== null && !isFinishedState(v.last_refresh.state);

/** One page of the context's views; read again every few seconds while a refresh runs. */
export const matviewListOptions = (ctx: string, offset: number) =>
  queryOptions({
    queryKey: matviewKeys.page(ctx, offset),
    queryFn: apiQueryFn<MatviewsListResponse>('/materialized-views', {
      ctx,
      query: { limit: MATVIEWS_PAGE_SIZE, offset },
    }),
    placeholderData: keepPreviousInContext(ctx),
    refetchInterval: (query) => (query.state.data?.materialized_views.some(running) ? 3000 : false),
  });

/** One page of a view's refreshes, newest first. */
export const matviewHistoryOptions = (ctx: string, fullName: string, offset: number) =>
  queryOptions({
    queryKey: matviewKeys.history(ctx, fullName, offset),
    queryFn: apiQueryFn<MatviewRefreshesResponse>(`${matviewPath(fullName)}/refreshes`, {
      ctx,
      query: { limit: HISTORY_PAGE_SIZE, offset },
    }),
  });

/**
 * A refresh execution's status, polled until it is finished; `onFinished` runs when a read
 * finds it finished (the views are then read again).
 */
export const refreshStatusOptions = (ctx: string, executionId: string, onFinished?: () => void) =>
  queryOptions({
    queryKey: matviewKeys.refresh(ctx, executionId),
    queryFn: async ({ signal }) => {
      const status = await api<ExecutionStatus>(executionPath(executionId, 'status'), {
        ctx,
        signal,
      });
      if (status.is_execution_finished) onFinished?.();
      return status;
    },
    refetchInterval: untilFinished((reads) => (reads < 10 ? 300 : 1000)),
    staleTime: (query) => (query.state.data?.is_execution_finished ? Infinity : 0),
  });

/** The context's saved queries whose name matches `q` (the dialog's source picker). */
export const queryPickerOptions = (ctx: string, q: string) =>
  queryOptions({
    ...queryListOptions(ctx, { limit: 50, q: q.trim() || undefined, include_archived: false }),
    staleTime: 30_000,
  });

/** The view of a saved query, if it has one (views are keyed by their query). */
export const matviewOfQueryOptions = (ctx: string, queryId: number) =>
  queryOptions({
    queryKey: [...matviewKeys.lists(ctx), 'of-query', queryId] as const,
    queryFn: async ({ signal }) => {
      const list = await api<MatviewsListResponse>('/materialized-views', {
        ctx,
        query: { limit: 10_000, offset: 0 },
        signal,
      });
      return list.materialized_views.find((v) => v.query_id === queryId) ?? null;
    },
  });
