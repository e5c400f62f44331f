import { queryOptions } from '@tanstack/react-query';
import { apiQueryFn, apiUrl } from '../../lib/api';
import { ctxKey } from '../../lib/context-keys';
import { executionPath, whileUnfinished, type ExecutionResult } from '../../lib/executions';
import { columnsParam, sortByParam, type SortState } from './sort';

export type ResultRow = Record<string, unknown>;

/**
 * What the grid asks the service for: a server-side sort, a `filters` expression (the service's
 * grammar, e.g. `amount > 100 AND symbol = 'WETH'`) and the visible columns (null: all).
 */
export type ResultView = { sort: SortState; filters: string; columns: string[] | null };

export const EMPTY_VIEW: ResultView = { sort: null, filters: '', columns: null };

/** The view as result query parameters; `all` is every column of the result, in order. */
export function viewParams(view: ResultView, all: readonly string[]) {
  const filters = view.filters.trim();
  return {
    sort_by: sortByParam(view.sort),
    filters: filters || undefined,
    columns: columnsParam(view.columns, all),
  };
}

/** Every key of the results feature starts with the context it belongs to. */
export const resultKeys = {
  all: (ctx: string, executionId: string) => [...ctxKey(ctx), 'results', executionId] as const,
  summary: (ctx: string, executionId: string) =>
    [...resultKeys.all(ctx, executionId), 'summary'] as const,
  page: (
    ctx: string,
    executionId: string,
    params: ReturnType<typeof viewParams> & { pageSize: number },
    pageIndex: number,
  ) => [...resultKeys.all(ctx, executionId), params, pageIndex] as const,
};

const resultsPath = (executionId: string) => executionPath(executionId, 'results');

/**
 * The result's envelope and full metadata (every column, unfiltered row count, sizes, times):
 * one row is read. Polls while the execution is not finished.
 */
export const resultSummaryOptions = (ctx: string, executionId: string) =>
  queryOptions({
    queryKey: resultKeys.summary(ctx, executionId),
    queryFn: apiQueryFn<ExecutionResult>(resultsPath(executionId), { ctx, query: { limit: 1 } }),
    staleTime: Infinity,
    refetchInterval: whileUnfinished(1000),
  });

/**
 * One window of `pageSize` rows at `pageIndex * pageSize`, sorted, filtered and projected by the
 * service. A finished result never changes, so pages stay fresh; pages no longer on screen are
 * dropped after `gcTime`, so only the visible part of a large result stays in memory.
 */
export const resultPageOptions = (
  ctx: string,
  executionId: string,
  params: ReturnType<typeof viewParams>,
  pageSize: number,
  pageIndex: number,
) =>
  queryOptions({
    queryKey: resultKeys.page(ctx, executionId, { ...params, pageSize }, pageIndex),
    queryFn: apiQueryFn<ExecutionResult>(resultsPath(executionId), {
      ctx,
      query: { ...params, limit: pageSize, offset: pageIndex * pageSize },
    }),
    staleTime: Infinity,
    gcTime: 20_000,
  });

/**
 * The link that downloads the whole result as CSV, with the same sort, filters and columns.
 * A link cannot send the context header, so the context goes in `context=`.
 */
export function csvDownloadUrl(
  ctx: string,
  executionId: string,
  params: ReturnType<typeof viewParams>,
) {
  return apiUrl(`${resultsPath(executionId)}/csv`, { ...params, context: ctx });
}
