import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { DashboardResult } from '../../../contract/dashboards';
import type { Parameter } from '../../../contract/parameters';
import { isCompletedState } from '../../../contract/rules/enums';
import type { ShownValues } from '../../../shared/parameters/values-line';
import { api, apiQueryFn, nullIfNotFound } from '../../lib/api';
import {
  executeQuery,
  executionPath,
  untilFinished,
  type ExecutionStatus,
} from '../../lib/resources/executions';
import { dashboardKeys, type DashboardScope } from './api';
import { paramsQuery, withDefaults } from './params';
import { keepLatest, LATEST, latestKey, resultsPath, rowsQuery, type Latest } from './viz-latest';

const isDone = isCompletedState;

/**
 * Where a visualization widget's rows come from, or why there are none yet; with the parameter
 * values of the run it shows (or waits for, or has none for), when they are known.
 */
export type VizSource = (
  | { state: 'loading' }
  | {
      state: 'ready';
      key: readonly unknown[];
      path: string;
      query?: Record<string, string>;
      /** When the run of the rows shown ended (what the widget words as their age). */
      endedAt?: string;
      /** A newer run is under way (the shown result is older than the dashboard accepts). */
      refreshing?: boolean;
    }
  | { state: 'running' }
  | { state: 'missing'; canRun: boolean }
  | { state: 'failed'; message: string }
) & {
  /**
   * The run's values: as the service says for a latest result (a widget given no values shows
   * the latest run of any values), else the widget's values filled with the defaults. Undefined
   * while the latest result of any values is not known, or when there is none.
   */
  values?: ShownValues;
};

export type VizSourceInput = {
  scope: DashboardScope;
  dashboardId: number;
  visualizationId: number;
  queryId: number | null;
  /** The query's parameters (none while unknown): a run's values are filled with their defaults. */
  parameters: readonly Parameter[];
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

/**
 * Reads again the latest result of every widget of the dashboard (its "Refresh"): under a
 * maximum result age the service runs the queries whose results are too old, and answers the
 * others as they are. Runs a widget started for its values are not started again.
 */
export function rereadLatest(client: QueryClient, scope: DashboardScope, dashboardId: number) {
  return client.invalidateQueries({
    queryKey: [...dashboardKeys.dashboard(scope, dashboardId), 'viz'],
    predicate: (q) => q.queryKey.at(-1) === LATEST,
  });
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
    queryFn: async ({ signal, client, queryKey }): Promise<Latest> => {
      const r = await nullIfNotFound(
        api<DashboardResult>(resultsPath(dashboardId, vid), {
          ctx: scope.ctx,
          signal,
          query: { limit: 1, ...paramsQuery(values) },
        }),
      );
      // This answer is also the visualization's first page (one row, every column).
      const before = client.getQueryData<Latest>(queryKey);
      return r && keepLatest(client, { scope, dashboardId, vid, values }, r, before);
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
    queryFn: () => executeQuery(scope.ctx, queryId ?? 0, { query_parameters: values }),
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

  // What a run with the widget's values is made with (the values it waits for, or misses).
  const asked = hasValues || wantRun ? withDefaults(values, input.parameters) : undefined;
  const answer = (s: VizSource): VizSource => ({ ...s, values: s.values ?? asked });

  if (latest.isError) return answer({ state: 'failed', message: latest.error.message });
  if (latest.data === undefined) return answer({ state: 'loading' });
  if (latest.data) {
    const d = latest.data;
    const shown = { values: d.values };
    // A completed run, or one read before the run under way: the older result stays drawn.
    if (d.shown)
      return answer({
        state: 'ready',
        key: [...key, d.shown.execution_id],
        path,
        query: rowsQuery(values),
        values: d.shown.values,
        endedAt: d.shown.ended_at,
        refreshing: !isDone(d.state),
      });
    if (d.state === 'QUERY_STATE_FAILED')
      return answer({
        state: 'failed',
        message: d.error ?? 'The latest run of this query failed',
        ...shown,
      });
    return answer({ state: 'running', ...shown });
  }
  if (!wantRun) return answer({ state: 'missing', canRun: input.signedIn && queryId !== null });
  if (run.isError) return answer({ state: 'failed', message: run.error.message });
  if (status.isError) return answer({ state: 'failed', message: status.error.message });
  const s = status.data;
  if (!executionId || !s || !s.is_execution_finished) return answer({ state: 'running' });
  if (isDone(s.state))
    return answer({
      state: 'ready',
      key: [...key, 'run', executionId],
      path: executionPath(executionId, 'results'),
      endedAt: s.execution_ended_at,
    });
  return answer({ state: 'failed', message: s.error?.message ?? `The run ended: ${s.state}` });
}
