import { queryOptions } from '@tanstack/react-query';
import type {
  DashboardResponse,
  DashboardVisualizationsResponse,
  ListDashboardsResponse,
} from '../../../contract/dashboards';
import type { GetQueryResponse, ListQueriesResponse } from '../../../contract/queries';
import type {
  GetVisualizationResponse,
  ListVisualizationsResponse,
} from '../../../contract/visualizations';
import { api, apiQueryFn, nullIfNotFound } from '../../lib/api';
import { ctxKey, keepPreviousInContext } from '../../lib/context-keys';
import { whileUnfinished, type ExecutionResult } from '../../lib/executions';

/**
 * Where a dashboard is read from: in the app, a context (`ctx`, keys under ctxKey(ctx)); on the
 * public page, nobody's context (`ctx: null`, keys under ['public', owner, slug]).
 */
export type DashboardScope = { base: readonly unknown[]; ctx: string | null };

export const appScope = (ctx: string): DashboardScope => ({
  base: [...ctxKey(ctx), 'dashboards'],
  ctx,
});
export const publicScope = (owner: string, slug: string): DashboardScope => ({
  base: ['public', owner, slug],
  ctx: null,
});

export type DashboardListParams = {
  q: string;
  tags: string[];
  archived: boolean;
  page: number;
  size: number;
};

export const dashboardKeys = {
  all: (ctx: string) => appScope(ctx).base,
  lists: (ctx: string) => [...dashboardKeys.all(ctx), 'list'] as const,
  list: (ctx: string, p: DashboardListParams) => [...dashboardKeys.lists(ctx), p] as const,
  dashboard: (s: DashboardScope, id: number) => [...s.base, 'dashboard', id] as const,
  visualizations: (s: DashboardScope, id: number) =>
    [...dashboardKeys.dashboard(s, id), 'visualizations'] as const,
  viz: (s: DashboardScope, id: number, vid: number, values: Record<string, string>) =>
    [...dashboardKeys.dashboard(s, id), 'viz', vid, values] as const,
  pickerQueries: (ctx: string, q: string) => [...ctxKey(ctx), 'dashboards', 'picker', q] as const,
  pickerVisualizations: (ctx: string, queryId: number) =>
    [...ctxKey(ctx), 'dashboards', 'picker', 'query', queryId] as const,
  edit: (ctx: string) => [...ctxKey(ctx), 'dashboards', 'edit'] as const,
};

export const dashboardListOptions = (ctx: string, p: DashboardListParams) =>
  queryOptions({
    queryKey: dashboardKeys.list(ctx, p),
    queryFn: apiQueryFn<ListDashboardsResponse>('/dashboards', {
      ctx,
      query: {
        limit: p.size,
        offset: (p.page - 1) * p.size,
        q: p.q.trim() || undefined,
        tags: p.tags.length ? p.tags.join(',') : undefined,
        include_archived: p.archived || undefined,
      },
    }),
    placeholderData: keepPreviousInContext(ctx),
  });

export const dashboardOptions = (ctx: string, id: number) =>
  queryOptions({
    queryKey: dashboardKeys.dashboard(appScope(ctx), id),
    queryFn: apiQueryFn<DashboardResponse>(`/dashboards/${id}`, { ctx }),
  });

/** What each visualization widget shows: the visualization, its query's parameters, or why not. */
export const dashboardVisualizationsOptions = (s: DashboardScope, id: number) =>
  queryOptions({
    queryKey: dashboardKeys.visualizations(s, id),
    queryFn: apiQueryFn<DashboardVisualizationsResponse>(`/dashboards/${id}/visualizations`, {
      ctx: s.ctx,
    }),
  });

/** The picker's search over the context's saved queries. */
export const pickerQueriesOptions = (ctx: string, q: string) =>
  queryOptions({
    queryKey: dashboardKeys.pickerQueries(ctx, q),
    queryFn: apiQueryFn<ListQueriesResponse>('/queries', {
      ctx,
      query: { q: q.trim() || undefined, limit: 20, include_archived: false },
    }),
    placeholderData: keepPreviousInContext(ctx),
  });

export const pickerVisualizationsOptions = (ctx: string, queryId: number) =>
  queryOptions({
    queryKey: dashboardKeys.pickerVisualizations(ctx, queryId),
    queryFn: apiQueryFn<ListVisualizationsResponse>(`/query/${queryId}/visualizations`, {
      ctx,
      query: { limit: 100 },
    }),
  });

/** A picked query's parameters, for parameter widgets of visualizations added in this edit. */
export const pickerQueryOptions = (ctx: string, queryId: number) =>
  queryOptions({
    queryKey: [...dashboardKeys.pickerVisualizations(ctx, queryId), 'detail'] as const,
    queryFn: apiQueryFn<GetQueryResponse>(`/query/${queryId}`, { ctx }),
  });

/** A visualization's definition, for a widget added in this edit (not in the dashboard's list yet). */
export const editVisualizationOptions = (ctx: string, visualizationId: number) =>
  queryOptions({
    queryKey: [...dashboardKeys.edit(ctx), 'visualization', visualizationId] as const,
    queryFn: apiQueryFn<GetVisualizationResponse>(`/visualizations/${visualizationId}`, { ctx }),
  });

export type EditLatest = Pick<
  ExecutionResult,
  'execution_id' | 'state' | 'is_execution_finished' | 'error'
> | null;

/**
 * The latest run of a query, which edit mode draws its widgets from (the values of parameter
 * widgets are not applied while editing); null when the query has never run (404). Polls while
 * that run is not finished.
 */
export const editLatestOptions = (ctx: string, queryId: number) =>
  queryOptions({
    queryKey: [...dashboardKeys.edit(ctx), 'latest', queryId] as const,
    queryFn: async ({ signal }): Promise<EditLatest> => {
      const r = await nullIfNotFound(
        api<ExecutionResult>(`/query/${queryId}/results`, { ctx, signal, query: { limit: 1 } }),
      );
      if (!r) return null;
      const { execution_id, state, is_execution_finished, error } = r;
      return { execution_id, state, is_execution_finished, error };
    },
    refetchInterval: whileUnfinished(1000),
  });
