import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExecutePipelineResponse, Pipeline } from '../../../contract/pipelines';
import { api } from '../../lib/api';
import { pipelineKeys } from './api';

/** Starts a pipeline; answers its execution id. */
export function useExecutePipeline(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (pipeline: Pipeline) =>
      api<ExecutePipelineResponse>('/pipelines/execute', {
        ctx,
        method: 'POST',
        body: { pipeline },
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: pipelineKeys.runs(ctx) }),
  });
}

/** Cancels a running pipeline execution (nodes not yet finished end cancelled). */
export function useCancelPipeline(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<unknown>(`/pipelines/executions/${encodeURIComponent(id)}/cancel`, {
        ctx,
        method: 'POST',
      }),
    onSettled: (_data, _error, id) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: pipelineKeys.status(ctx, id) }),
        qc.invalidateQueries({ queryKey: pipelineKeys.runs(ctx) }),
      ]),
  });
}
