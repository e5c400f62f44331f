import { queryOptions } from '@tanstack/react-query';
import { apiQueryFn, apiUrl } from '../api';
import { ctxKey } from '../context-keys';
import { executionPath, whileUnfinished, type ExecutionResult } from './executions';

/**
 * An execution's result as the app reads it (GET /execution/{id}/results): its summary, windows
 * of rows and the CSV link, under one key factory per execution.
 */

export type ResultRow = Record<string, unknown>;

/** Sort, filters and columns of a read, as the service's query parameters. */
export type ResultQuery = { sort_by?: string; filters?: string; columns?: string };

/** Every key of an execution's result starts with the context it belongs to. */
export const resultKeys = {
  all: (ctx: string, executionId: string) => [...ctxKey(ctx), 'results', executionId] as const,
  summary: (ctx: string, executionId: string) =>
    [...resultKeys.all(ctx, executionId), 'summary'] as const,
  page: (
    ctx: string,
    executionId: string,
    params: ResultQuery & { pageSize: number },
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
  params: ResultQuery,
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

/** The formats a whole result downloads in: CSV, and Parquet and Arrow for data tools. */
export type DownloadFormat = 'csv' | 'parquet' | 'arrow';

/**
 * The link that downloads the whole result in `format`, with the same sort, filters and
 * columns. A link cannot send the context header, so the context goes in `context=`.
 */
export function downloadUrl(
  ctx: string,
  executionId: string,
  params: ResultQuery,
  format: DownloadFormat,
) {
  return apiUrl(`${resultsPath(executionId)}/${format}`, { ...params, context: ctx });
}
