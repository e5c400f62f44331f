import { useQuery, useQueryClient } from '@tanstack/react-query';
import { vizHeadOptions } from '../../components/viz/use-viz-data';
import { api, apiQueryFn, nullIfNotFound } from '../../lib/api';
import { executionPath, untilFinished } from '../../lib/executions';
import type { ExecuteResponse, ExecutionResult, ExecutionStatus } from '../../lib/executions';
import { dashboardKeys, type DashboardScope } from './api';
import { paramsQuery } from './params';
import { isCompletedState } from '../../../contract/rules/enums';

type State = ExecutionResult['state'];

const isDone = isCompletedState;

/** Where a visualization widget's rows come from, or why there are none yet. */
export type VizSource =
  | { state: 'loading' }
  | { state: 'ready'; key: readonly unknown[]; path: string; query?: Record<string, string> }
  | { state: 'running' }
  | { state: 'missing'; canRun: boolean }
  | { state: 'failed'; message: string };

export type VizSourceInput = {
  scope: DashboardScope;
  dashboardId: number;
  visualizationId: number;
  queryId: number | null;
  /** Parameter values from the widgets that drive this one (empty: the query's latest result). */
  values: Record<string, string>;
  signedIn: boolean;
  /** Auto-refresh: how often to look for a newer latest result (0: never). */
  refreshMs: number;
  /** The viewer asked to run the query (a widget with no result yet). */
  runRequested: boolean;
  /** False until the widget knows its query (so its values are complete). */
  enabled: boolean;
};

const resultsPath = (dashboardId: number, vid: number) =>
  `/dashboards/${dashboardId}/visualizations/${vid}/results`;

type Latest = { execution_id: string; state: State; error?: string } | null;

/**
 * The latest result of the widget's query for its values (the dashboard's results endpoint);
 * when there is none and the viewer is signed in, a run of the query with those values, polled
 * until it ends. Each step is a React Query query, so nothing runs twice for the same values.
 */
export function useVizSource(input: VizSourceInput): VizSource {
  const { scope, dashboardId, visualizationId: vid, queryId, values } = input;
  const key = dashboardKeys.viz(scope, dashboardId, vid, values);
  const path = resultsPath(dashboardId, vid);
  const qc = useQueryClient();
  const latest = useQuery({
    queryKey: [...dashboardKeys.viz(scope, dashboardId, vid, values), 'latest'],
    queryFn: async ({ signal }): Promise<Latest> => {
      const r = await nullIfNotFound(
        api<ExecutionResult>(resultsPath(dashboardId, vid), {
          ctx: scope.ctx,
          signal,
          query: { limit: 1, ...paramsQuery(values) },
        }),
      );
      if (!r) return null;
      // This answer is also the visualization's first page (one row, every column): seed the
      // renderer's cache with it, so painting does not wait for the same request again.
      if (isDone(r.state)) {
        const source = {
          key: [...dashboardKeys.viz(scope, dashboardId, vid, values), r.execution_id],
          path: resultsPath(dashboardId, vid),
          ctx: scope.ctx,
          query: paramsQuery(values),
        };
        qc.setQueryData(vizHeadOptions(source).queryKey, r);
      }
      return { execution_id: r.execution_id, state: r.state, error: r.error?.message };
    },
    enabled: input.enabled,
    refetchInterval: (q) => {
      const d = q.state.data;
      if (d && !isDone(d.state) && d.state !== 'QUERY_STATE_FAILED') return 1000;
      return input.refreshMs || false;
    },
  });
  const hasValues = Object.keys(values).length > 0;
  const wantRun =
    latest.data === null && input.signedIn && queryId !== null && (hasValues || input.runRequested);
  const run = useQuery({
    queryKey: [...dashboardKeys.viz(scope, dashboardId, vid, values), 'run', queryId],
    queryFn: () =>
      api<ExecuteResponse>(`/query/${queryId}/execute`, {
        ctx: scope.ctx,
        method: 'POST',
        body: { query_parameters: values },
      }),
    enabled: wantRun,
    staleTime: Infinity,
    retry: false,
  });
  const executionId = run.data?.execution_id ?? null;
  const status = useQuery({
    queryKey: [...dashboardKeys.viz(scope, dashboardId, vid, values), 'status', executionId],
    queryFn: apiQueryFn<ExecutionStatus>(executionPath(executionId ?? '', 'status'), {
      ctx: scope.ctx,
    }),
    enabled: executionId !== null,
    refetchInterval: untilFinished(400),
  });

  if (latest.isError) return { state: 'failed', message: latest.error.message };
  if (latest.data === undefined) return { state: 'loading' };
  if (latest.data) {
    const d = latest.data;
    if (isDone(d.state))
      return {
        state: 'ready',
        key: [...key, d.execution_id],
        path,
        query: paramsQuery(values),
      };
    if (d.state === 'QUERY_STATE_FAILED')
      return { state: 'failed', message: d.error ?? 'The latest run of this query failed' };
    return { state: 'running' };
  }
  if (!wantRun) return { state: 'missing', canRun: input.signedIn && queryId !== null };
  if (run.isError) return { state: 'failed', message: run.error.message };
  if (status.isError) return { state: 'failed', message: status.error.message };
  const s = status.data;
  if (!executionId || !s || !s.is_execution_finished) return { state: 'running' };
  if (isDone(s.state))
    return {
      state: 'ready',
      key: [...key, 'run', executionId],
      path: executionPath(executionId, 'results'),
    };
  return { state: 'failed', message: s.error?.message ?? `The run ended: ${s.state}` };
}
