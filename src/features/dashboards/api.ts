import { queryOptions } from '@tanstack/react-query';
import type {
  DashboardResponse,
  DashboardVisualizationsResponse,
  ListDashboardsResponse,
} from '../../../contract/dashboards';
import { apiQueryFn } from '../../lib/api';
import { ctxKey, keepPreviousInContext } from '../../lib/context-keys';
import { latestExecutionOptions, whileUnfinished } from '../../lib/resources/executions';
import { queryListOptions } from '../../lib/resources/queries';

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
  queryListOptions(ctx, { q: q.trim() || undefined, limit: 20, include_archived: false });

/**
 * The latest run of a query, which edit mode draws its widgets from (the values of parameter
 * widgets are not applied while editing); null when the query has never run (404). Polls while
 * that run is not finished.
 */
export const editLatestOptions = (ctx: string, queryId: number) =>
  queryOptions({ ...latestExecutionOptions(ctx, queryId), refetchInterval: whileUnfinished(1000) });
