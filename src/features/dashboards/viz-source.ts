import { useQuery, type QueryClient } from '@tanstack/react-query';
import { seedFirstPage, vizHeadOptions } from '../../components/viz/use-viz-data';
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

const latestKey = (
  s: DashboardScope,
  dashboardId: number,
  vid: number,
  v: Record<string, string>,
) => [...dashboardKeys.viz(s, dashboardId, vid, v), 'latest'] as const;

/**
 * What the widget keeps of its latest result `r` (read for `values`). A completed one's rows
 * also serve the renderer: its head, and every read the page can answer, come from it.
 */
function keepLatest(
  client: QueryClient,
  at: { scope: DashboardScope; dashboardId: number; vid: number; values: Record<string, string> },
  r: ExecutionResult,
): Latest {
  if (isDone(r.state)) {
    const source = {
      key: [...dashboardKeys.viz(at.scope, at.dashboardId, at.vid, at.values), r.execution_id],
      path: resultsPath(at.dashboardId, at.vid),
      ctx: at.scope.ctx,
      query: paramsQuery(at.values),
    };
    client.setQueryData(vizHeadOptions(source).queryKey, r);
    seedFirstPage(client, source, r);
  }
  return { execution_id: r.execution_id, state: r.state, error: r.error?.message };
}

/**
 * Seeds a widget shown with no parameter values, as if it had read its latest result `r`
 * (null: the query has none yet), so it draws without a request (a dashboard's bundle).
 */
export function seedLatest(
  client: QueryClient,
  scope: DashboardScope,
  dashboardId: number,
  vid: number,
  r: ExecutionResult | null,
) {
  const at = { scope, dashboardId, vid, values: {} };
  client.setQueryData<Latest>(
    latestKey(scope, dashboardId, vid, {}),
    r && keepLatest(client, at, r),
  );
}

/**
 * The latest result of the widget's query for its values (the dashboard's results endpoint);
 * when there is none and the viewer is signed in, a run of the query with those values, polled
 * until it ends. Each step is a React Query query, so nothing runs twice for the same values.
 */
export function useVizSource(input: VizSourceInput): VizSource {
  const { scope, dashboardId, visualizationId: vid, queryId, values } = input;
  const key = dashboardKeys.viz(scope, dashboardId, vid, values);
  const path = resultsPath(dashboardId, vid);
  const latest = useQuery({
    queryKey: latestKey(scope, dashboardId, vid, values),
    queryFn: async ({ signal, client }): Promise<Latest> => {
      const r = await nullIfNotFound(
        api<ExecutionResult>(resultsPath(dashboardId, vid), {
          ctx: scope.ctx,
          signal,
          query: { limit: 1, ...paramsQuery(values) },
        }),
      );
      // This answer is also the visualization's first page (one row, every column).
      return r && keepLatest(client, { scope, dashboardId, vid, values }, r);
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
