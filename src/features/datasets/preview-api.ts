import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ExecuteQueryResponseSchema,
  ExecutionResultSchema,
  ExecutionStatusSchema,
} from '../../../contract/executions';
import { api } from '../../lib/api';
import { datasetKeys } from './api';
import { previewSql, PREVIEW_ROWS } from './preview-sql';

export type PreviewStatus = z.output<typeof ExecutionStatusSchema>;
export type PreviewResult = z.output<typeof ExecutionResultSchema>;

/**
 * Starts the preview run (the first rows, on the small tier) and gives its execution id. A
 * started preview is kept for a few minutes, so coming back does not run it again.
 */
export const previewOptions = (ctx: string, fullName: string) =>
  queryOptions({
    queryKey: datasetKeys.preview(ctx, fullName),
    queryFn: ({ signal }) =>
      api<z.output<typeof ExecuteQueryResponseSchema>>('/sql/execute', {
        ctx,
        method: 'POST',
        body: { sql: previewSql(fullName), performance: 'small' },
        signal,
      }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The preview's status, long-polled (`wait_ms`) until the run is finished. */
export const previewStatusOptions = (ctx: string, fullName: string, id: string) =>
  queryOptions({
    queryKey: datasetKeys.previewStatus(ctx, fullName, id),
    queryFn: ({ signal }) =>
      api<PreviewStatus>(`/execution/${encodeURIComponent(id)}/status`, {
        ctx,
        query: { wait_ms: 2000 },
        signal,
      }),
    refetchInterval: (query) =>
      query.state.status === 'error' || query.state.data?.is_execution_finished ? false : 100,
    staleTime: (query) => (query.state.data?.is_execution_finished ? Infinity : 0),
  });

/** The preview's rows, once the run completed. */
export const previewRowsOptions = (ctx: string, fullName: string, id: string) =>
  queryOptions({
    queryKey: datasetKeys.previewRows(ctx, fullName, id),
    queryFn: ({ signal }) =>
      api<PreviewResult>(`/execution/${encodeURIComponent(id)}/results`, {
        ctx,
        query: { limit: PREVIEW_ROWS },
        signal,
      }),
    staleTime: Infinity,
  });
