import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CancelResponseSchema } from '../../../contract/executions';
import type { Parameter } from '../../../contract/parameters';
import { api } from '../../lib/api';
import {
  executeQuery,
  executionKeys,
  executionPath,
  executionStatusOptions,
  type ExecuteResponse,
  type RunValues,
} from '../../lib/resources/executions';
import type { Dialect, Tier } from '../../../contract/rules/enums';

type CancelResponse = z.output<typeof CancelResponseSchema>;

/** The status of an execution as it changes (idle while `executionId` is null). */
export function useExecutionStatus(ctx: string, executionId: string | null) {
  return useQuery({
    ...executionStatusOptions(ctx, executionId ?? ''),
    enabled: executionId !== null,
  });
}

export type ExecuteQueryInput = {
  queryId: number;
  queryParameters?: RunValues;
  performance?: Tier;
};

/** Runs the saved query; resolves to `{execution_id, state}`. Its latest run is read again. */
export function useExecuteQuery(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ queryId, queryParameters, performance }: ExecuteQueryInput) =>
      executeQuery(ctx, queryId, { query_parameters: queryParameters ?? {}, performance }),
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
  /** How the SQL reads; the service takes none as DuneSQL. */
  dialect: Dialect;
};

/** POST /sql/execute: runs SQL that is not saved (a draft, a selection, one statement). */
export function useExecuteSql(ctx: string) {
  return useMutation({
    mutationFn: ({ sql, queryParameters, parameters, performance, dialect }: ExecuteSqlInput) =>
      api<ExecuteResponse>('/sql/execute', {
        ctx,
        method: 'POST',
        body: { sql, performance, query_parameters: queryParameters ?? {}, parameters, dialect },
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
