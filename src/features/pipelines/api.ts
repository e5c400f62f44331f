import { queryOptions } from '@tanstack/react-query';
import type { ListQueriesResponse } from '../../../contract/queries';
import type { MatviewsListResponse } from '../../../contract/matviews';
import type {
  GetQueryPipelineResponse,
  PipelineExecutionStatus,
  PipelineExecutionsListResponse,
} from '../../../contract/pipelines';
import { api, apiQueryFn } from '../../lib/api';
import { ctxKey } from '../../lib/context-keys';
import { queryListOptions } from '../../lib/resources/queries';
import { isTerminal } from './status-style';

/** How often a running pipeline's status and the runs list are asked for. */
export const POLL_MS = 1000;
/** Recent runs shown beside the graph. */
export const RUNS_PAGE = 20;
/** The pickers list up to this many queries and views of the context. */
const PICKER_LIMIT = 1000;

/** Every key of the pipelines feature starts with the context it belongs to. */
export const pipelineKeys = {
  all: (ctx: string) => [...ctxKey(ctx), 'pipelines'] as const,
  lineage: (ctx: string, queryId: number) =>
    [...pipelineKeys.all(ctx), 'lineage', queryId] as const,
  runs: (ctx: string) => [...pipelineKeys.all(ctx), 'runs'] as const,
  status: (ctx: string, id: string) => [...pipelineKeys.all(ctx), 'status', id] as const,
  views: (ctx: string) => [...pipelineKeys.all(ctx), 'view-picker'] as const,
};

/** A query's lineage: every view it reads (recursively) and the query, as a pipeline. */
export const lineageOptions = (ctx: string, queryId: number) =>
  queryOptions({
    queryKey: pipelineKeys.lineage(ctx, queryId),
    queryFn: apiQueryFn<GetQueryPipelineResponse>(`/query/${queryId}/pipeline`, { ctx }),
  });

/** A pipeline execution's status, polled until it ends. */
export const runStatusOptions = (ctx: string, id: string) =>
  queryOptions({
    queryKey: pipelineKeys.status(ctx, id),
    queryFn: apiQueryFn<PipelineExecutionStatus>(
      `/pipelines/executions/${encodeURIComponent(id)}/status`,
      { ctx },
    ),
    refetchInterval: (q) => (q.state.data && isTerminal(q.state.data.status) ? false : POLL_MS),
  });

/** The context's latest pipeline executions, polled while one of them is still going. */
export const recentRunsOptions = (ctx: string) =>
  queryOptions({
    queryKey: pipelineKeys.runs(ctx),
    queryFn: apiQueryFn<PipelineExecutionsListResponse>('/pipelines/executions', {
      ctx,
      query: { limit: RUNS_PAGE, offset: 0 },
    }),
    refetchInterval: (q) =>
      q.state.data?.pipeline_executions.some((r) => !isTerminal(r.status)) ? POLL_MS * 2 : false,
  });

export type PickerQuery = { id: number; name: string };

const pickerQueries = (res: ListQueriesResponse): PickerQuery[] =>
  res.queries.map((q) => ({ id: q.id, name: q.name }));

/** The context's saved queries (not archived), for the node picker and node labels. */
export const pickerQueriesOptions = (ctx: string) =>
  queryOptions({
    ...queryListOptions(ctx, { limit: PICKER_LIMIT, include_archived: false }),
    select: pickerQueries,
    staleTime: 30_000,
  });

export type PickerView = { name: string; fullName: string; queryName: string };

/** The context's materialized views, for the node picker. */
export const pickerViewsOptions = (ctx: string) =>
  queryOptions({
    queryKey: pipelineKeys.views(ctx),
    queryFn: async ({ signal }): Promise<PickerView[]> => {
      const res = await api<MatviewsListResponse>('/materialized-views', {
        ctx,
        query: { limit: PICKER_LIMIT },
        signal,
      });
      return res.materialized_views.map((v) => ({
        name: v.name,
        fullName: v.id || v.name,
        queryName: v.query_name,
      }));
    },
    staleTime: 30_000,
  });
