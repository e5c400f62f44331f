import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CancelResponseSchema } from '../../../contract/executions';
import type { Parameter, ParameterValue } from '../../../contract/parameters';
import { api, apiQueryFn, nullIfNotFound } from '../../lib/api';
import { ctxKey } from '../../lib/context-keys';
import { executionPath, untilFinished } from '../../lib/executions';
import type { ExecuteResponse, ExecutionResult, ExecutionStatus } from '../../lib/executions';
import type { Tier } from '../../../contract/rules/enums';

type CancelResponse = z.output<typeof CancelResponseSchema>;

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

/** The status of an execution as it changes (idle while `executionId` is null). */
export function useExecutionStatus(ctx: string, executionId: string | null) {
  return useQuery({
    ...executionStatusOptions(ctx, executionId ?? ''),
    enabled: executionId !== null,
  });
}

/** `params.<name>=value` of the latest-results endpoints; a list repeats the name per value. */
export function latestParamsQuery(
  params: RunValues,
): Record<string, string | number | readonly string[]> {
  const query: Record<string, string | number | readonly string[]> = { limit: 1 };
  for (const [name, v] of Object.entries(params))
    query[`params.${name}`] = Array.isArray(v) ? v.map(String) : String(v);
  return query;
}

export type LatestExecution = Pick<
  ExecutionResult,
  'execution_id' | 'state' | 'is_execution_finished'
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
      const r = await nullIfNotFound(
        api<ExecutionResult>(`/query/${queryId}/results`, {
          ctx,
          signal,
          query: latestParamsQuery(params),
        }),
      );
      if (!r) return null;
      const { execution_id, state, is_execution_finished } = r;
      return { execution_id, state, is_execution_finished };
    },
  });

export type ExecuteQueryInput = {
  queryId: number;
  queryParameters?: RunValues;
  performance?: Tier;
};

/** POST /query/{id}/execute: runs the saved query; resolves to `{execution_id, state}`. */
export function useExecuteQuery(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ queryId, queryParameters, performance }: ExecuteQueryInput) =>
      api<ExecuteResponse>(`/query/${queryId}/execute`, {
        ctx,
        method: 'POST',
        body: { query_parameters: queryParameters ?? {}, performance },
      }),
    onSuccess: (_data, { queryId }) =>
      qc.invalidateQueries({ queryKey: executionKeys.latestOf(ctx, queryId) }),
  });
}

export type ExecuteSqlInput = {
  sql: string;
  queryParameters?: RunValues;
  /** Definitions of the `{{name}}`s, so an unsaved draft keeps its parameter types. */
  parameters?: Parameter[];
  performance?: Tier;
};

/** POST /sql/execute: runs SQL that is not saved (a draft, a selection, one statement). */
export function useExecuteSql(ctx: string) {
  return useMutation({
    mutationFn: ({ sql, queryParameters, parameters, performance }: ExecuteSqlInput) =>
      api<ExecuteResponse>('/sql/execute', {
        ctx,
        method: 'POST',
        body: { sql, performance, query_parameters: queryParameters ?? {}, parameters },
      }),
  });
}

/** POST /execution/{id}/cancel; the status is read again right after. */
export function useCancelExecution(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (executionId: string) =>
      api<CancelResponse>(executionPath(executionId, 'cancel'), { ctx, method: 'POST' }),
    onSettled: (_data, _err, executionId) =>
      qc.invalidateQueries({ queryKey: executionKeys.status(ctx, executionId) }),
  });
}
