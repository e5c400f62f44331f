import { queryOptions } from '@tanstack/react-query';
import { apiQueryFn } from '../../lib/api';
import { executionPath, untilFinished } from '../../lib/resources/executions';
import type {
  ExecuteResponse,
  ExecutionResult,
  ExecutionStatus,
} from '../../lib/resources/executions';
import { datasetKeys } from './api';
import { previewSql, PREVIEW_ROWS } from './preview-sql';

/**
 * Starts the preview run (the first rows, on the small tier) and gives its execution id. A
 * started preview is kept for a few minutes, so coming back does not run it again.
 */
export const previewOptions = (ctx: string, fullName: string) =>
  queryOptions({
    queryKey: datasetKeys.preview(ctx, fullName),
    queryFn: apiQueryFn<ExecuteResponse>('/sql/execute', {
      ctx,
      method: 'POST',
      body: { sql: previewSql(fullName), performance: 'small' },
    }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The preview's status, long-polled (`wait_ms`) until the run is finished. */
export const previewStatusOptions = (ctx: string, fullName: string, id: string) =>
  queryOptions({
    queryKey: datasetKeys.previewStatus(ctx, fullName, id),
    queryFn: apiQueryFn<ExecutionStatus>(executionPath(id, 'status'), {
      ctx,
      query: { wait_ms: 2000 },
    }),
    refetchInterval: untilFinished(100),
    staleTime: (query) => (query.state.data?.is_execution_finished ? Infinity : 0),
  });

/** The preview's rows, once the run completed. */
export const previewRowsOptions = (ctx: string, fullName: string, id: string) =>
  queryOptions({
    queryKey: datasetKeys.previewRows(ctx, fullName, id),
    queryFn: apiQueryFn<ExecutionResult>(executionPath(id, 'results'), {
      ctx,
      query: { limit: PREVIEW_ROWS },
    }),
    staleTime: Infinity,
  });
