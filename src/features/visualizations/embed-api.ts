import { queryOptions } from '@tanstack/react-query';
import type { EmbedVisualizationResponse } from '../../../contract/embeds';
import { isCompletedState } from '../../../contract/rules/enums';
import { seedFirstPage, vizHeadOptions, type VizSource } from '../../components/viz/use-viz-data';
import { api, apiQueryFn, nullIfNotFound } from '../../lib/api';
import type { ExecutionResult } from '../../lib/resources/executions';

/** Parameter values of an embed, as its URL gives them (a multiselect's as a list). */
export type EmbedValues = Record<string, string | string[]>;

const base = (queryId: number, vizId: number) =>
  `/embed/queries/${queryId}/visualizations/${vizId}`;

/** An embed reads anonymously: its keys belong to no context. */
const embedKey = (queryId: number, vizId: number) =>
  ['embed', 'query', queryId, 'visualization', vizId] as const;

/** `params.<key>=value` of the results endpoint. */
const paramsOf = (values: EmbedValues) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [`params.${k}`, v]));

/** The visualization of a public query, and its query's name, owner and parameters. */
export const embedVisualizationOptions = (queryId: number, vizId: number) =>
  queryOptions({
    queryKey: embedKey(queryId, vizId),
    queryFn: apiQueryFn<EmbedVisualizationResponse>(base(queryId, vizId), { ctx: null }),
  });

/** Where the visualization reads the rows of the latest result for `values`. */
export const embedSource = (
  queryId: number,
  vizId: number,
  values: EmbedValues,
  executionId: string,
): VizSource => ({
  key: [...embedKey(queryId, vizId), 'result', values, executionId],
  path: `${base(queryId, vizId)}/results`,
  ctx: null,
  query: paramsOf(values),
});

export type EmbedLatest = Pick<ExecutionResult, 'execution_id' | 'state' | 'error'> | null;

/**
 * The latest result of the visualization's query for `values` (null: there is none), read with
 * one row; a completed one's answer is also the renderer's first read, so it draws from it.
 */
export const embedLatestOptions = (queryId: number, vizId: number, values: EmbedValues) =>
  queryOptions({
    queryKey: [...embedKey(queryId, vizId), 'latest', values] as const,
    queryFn: async ({ signal, client }): Promise<EmbedLatest> => {
      const r = await nullIfNotFound(
        api<ExecutionResult>(`${base(queryId, vizId)}/results`, {
          ctx: null,
          signal,
          query: { limit: 1, ...paramsOf(values) },
        }),
      );
      if (!r) return null;
      if (isCompletedState(r.state)) {
        const source = embedSource(queryId, vizId, values, r.execution_id);
        client.setQueryData(vizHeadOptions(source).queryKey, r);
        seedFirstPage(client, source, r);
      }
      return { execution_id: r.execution_id, state: r.state, error: r.error };
    },
  });
