import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ExecuteQueryResponseSchema,
  ExecutionResultSchema,
  ExecutionStatusSchema,
} from '../../../contract/executions';
import type { ParameterValue } from '../../../contract/parameters';
import type { Tier } from '../../../contract/rules/enums';
import { api, apiQueryFn, nullIfNotFound } from '../api';
import { ctxKey } from '../context-keys';

/**
 * Runs as the app reads and starts them: an execution's status, the latest run of a saved query
 * (GET /query/{id}/results) and a run of one (POST /query/{id}/execute), declared once for the
 * query page, the dashboard editor and the parameters' options, under one key factory, so a run
 * started anywhere invalidates every reader of that query's latest run.
 */

/** An execution's state and timings (GET /execution/{id}/status). */
export type ExecutionStatus = z.output<typeof ExecutionStatusSchema>;
/** An execution's state with a page of its rows (GET /execution/{id}/results and the like). */
export type ExecutionResult = z.output<typeof ExecutionResultSchema>;
/** The answer to starting a run: `{execution_id, state}`. */
export type ExecuteResponse = z.output<typeof ExecuteQueryResponseSchema>;

/** The path of an execution's status, results or cancel endpoint. */
export const executionPath = (id: string, what: 'status' | 'results' | 'cancel') =>
  `/execution/${encodeURIComponent(id)}/${what}`;

/** What a refetchInterval below reads of a React Query query. */
type Polled = {
  state: {
    status: string;
    data?: { is_execution_finished: boolean } | null;
    dataUpdateCount: number;
  };
};

/**
 * A status read's refetchInterval: again after `ms` (or `ms(reads so far)`) until the execution
 * is finished, and not after a failed read.
 */
export const untilFinished =
  (ms: number | ((updates: number) => number)) =>
  (query: Polled): number | false =>
    query.state.status === 'error' || query.state.data?.is_execution_finished
      ? false
      : typeof ms === 'number'
        ? ms
        : ms(query.state.dataUpdateCount);

/** A result read's refetchInterval: again after `ms` while what it read is not finished. */
export const whileUnfinished =
  (ms: number) =>
  (query: Polled): number | false =>
    query.state.data && !query.state.data.is_execution_finished ? ms : false;

/** Parameter values of a run or a latest-result lookup, by name. */
export type RunValues = Record<string, ParameterValue>;

export const executionKeys = {
  all: (ctx: string) => [...ctxKey(ctx), 'executions'] as const,
  status: (ctx: string, id: string) => [...executionKeys.all(ctx), 'status', id] as const,
  latestOf: (ctx: string, queryId: number) =>
    [...executionKeys.all(ctx), 'latest', queryId] as const,
  latest: (ctx: string, queryId: number, params: RunValues) =>
    [...executionKeys.latestOf(ctx, queryId), params] as const,
};

/** How often a running execution's status is asked for: briskly at first, then calmer. */
export function pollInterval(updates: number): number {
  return updates < 10 ? 200 : 500;
}

/** GET /execution/{id}/status, polled until the execution is finished (or the read fails). */
export const executionStatusOptions = (ctx: string, executionId: string) =>
  queryOptions({
    queryKey: executionKeys.status(ctx, executionId),
    queryFn: apiQueryFn<ExecutionStatus>(executionPath(executionId, 'status'), { ctx }),
    refetchInterval: untilFinished(pollInterval),
    // A finished execution changes only when its result expires.
    staleTime: (query) => (query.state.data?.is_execution_finished ? 60_000 : 0),
  });

/**
 * `params.<name>=value` of the latest-results endpoints; a list repeats the name per value. The
 * query page and the editor show the latest result whatever its age (`allow_stale`): a maximum
 * result age is the readers' policy (dashboards, the API), and opening a query to edit it never
 * starts a run.
 */
export function latestParamsQuery(
  params: RunValues,
): Record<string, string | number | readonly string[]> {
  const query: Record<string, string | number | readonly string[]> = {
    limit: 1,
    allow_stale: 'true',
  };
  for (const [name, v] of Object.entries(params))
    query[`params.${name}`] = Array.isArray(v) ? v.map(String) : String(v);
  return query;
}

/**
 * GET /query/{id}/results: the latest run of a saved query with a page of its result, as
 * `query` asks (values, columns, rows); null when the query has none (404).
 */
export const latestResult = (
  ctx: string,
  queryId: number,
  query: Record<string, string | number | readonly string[] | undefined>,
  signal?: AbortSignal,
) => nullIfNotFound(api<ExecutionResult>(`/query/${queryId}/results`, { ctx, signal, query }));

export type LatestExecution = Pick<
  ExecutionResult,
  'execution_id' | 'state' | 'is_execution_finished' | 'error'
>;

/**
 * The latest execution of a saved query (for these parameter values, if any are given), to show
 * its result on open without running again; null when there is none (404). The service prefers
 * a completed run over a newer unfinished or failed one.
 */
export const latestExecutionOptions = (ctx: string, queryId: number, params: RunValues = {}) =>
  queryOptions({
    queryKey: executionKeys.latest(ctx, queryId, params),
    queryFn: async ({ signal }): Promise<LatestExecution | null> => {
      const r = await latestResult(ctx, queryId, latestParamsQuery(params), signal);
      if (!r) return null;
      const { execution_id, state, is_execution_finished, error } = r;
      return { execution_id, state, is_execution_finished, error };
    },
  });

export type ExecuteQueryBody = { query_parameters: RunValues; performance?: Tier };

/** POST /query/{id}/execute: runs the saved query; resolves to `{execution_id, state}`. */
export const executeQuery = (ctx: string | null, queryId: number, body: ExecuteQueryBody) =>
  api<ExecuteResponse>(`/query/${queryId}/execute`, { ctx, method: 'POST', body });
