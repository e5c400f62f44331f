import { useQueries } from '@tanstack/react-query';
import { queryDetailOptions } from '../../lib/resources/queries';
import type { PickerQuery } from './api';
import type { Graph } from './graph-model';

/** The graph's queries that `names` does not name, each once. */
export function unnamedQueries(graph: Graph, names: Map<number, string>): number[] {
  const ids = graph.nodes.flatMap((n) => (n.kind === 'query' ? [n.queryId] : []));
  return [...new Set(ids)].filter((id) => !names.has(id));
}

/**
 * The names of the graph's queries: the context's own from the picker's list (`listed`, once
 * loaded); any other, such as another context's public query that a lineage reads as
 * `query_<id>`, asked for by id. One the context cannot read stays unnamed ("Query #12").
 */
export function useQueryNames(
  ctx: string,
  graph: Graph,
  listed: PickerQuery[] | undefined,
): Map<number, string> {
  const names = new Map((listed ?? []).map((q) => [q.id, q.name]));
  const missing = listed === undefined ? [] : unnamedQueries(graph, names);
  const details = useQueries({
    queries: missing.map((id) => ({ ...queryDetailOptions(ctx, id), retry: false })),
  });
  details.forEach((d, i) => {
    if (d.data) names.set(missing[i]!, d.data.name);
  });
  return names;
}
