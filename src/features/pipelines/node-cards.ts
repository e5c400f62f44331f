import type { PipelineExecutionStatus } from '../../../contract/pipelines';
import { sameTarget, type Graph, type GraphNode, type Tier } from './graph-model';
import type { NodeCardInfo } from './node-card';

/** `dune.team.result_x` → `result_x`. */
export const shortViewName = (name: string) => name.split('.').at(-1) ?? name;

/**
 * What each node's card shows: names from the query list (or the run), the tier it runs with,
 * and its state in the watched run (`idle` when no run is watched or the run did not run it).
 */
export function nodeCards(
  graph: Graph,
  opts: { queryNames: Map<number, string>; tier: Tier; run?: PipelineExecutionStatus },
): Map<number, NodeCardInfo> {
  const cards = new Map<number, NodeCardInfo>();
  for (const n of graph.nodes) {
    const exec = opts.run?.node_executions.find((e) => e.id === n.id && sameTarget(n, e));
    const status = exec?.query_execution_status ?? exec?.materialized_view_refresh_status;
    const common = {
      id: n.id,
      tier: n.performance ?? opts.tier,
      state: status?.status ?? ('idle' as const),
      ...(status?.execution_id ? { executionId: status.execution_id } : {}),
      ...(status?.error ? { error: status.error } : {}),
    };
    if (n.kind === 'query') {
      const name =
        opts.queryNames.get(n.queryId) ?? exec?.query_execution_status?.query_name ?? undefined;
      const values = valuesText(n.parameters);
      cards.set(n.id, {
        ...common,
        kind: 'query',
        title: name || `Query #${n.queryId}`,
        subtitle: `Query #${n.queryId}${values ? ` (${values})` : ''}`,
      });
    } else
      cards.set(n.id, { ...common, kind: 'view', title: shortViewName(n.name), subtitle: n.name });
  }
  return cards;
}

/**
 * A node's parameter values as `chain=base, ids=[1, 2]`: a lineage gives a query read with values
 * (`"query_12(chain='base')"`) a node per value set, which would otherwise look alike.
 */
function valuesText(values: Extract<GraphNode, { kind: 'query' }>['parameters']): string {
  const entries = Array.isArray(values)
    ? values.map((p) => [p.key ?? p.name ?? '', p.value] as const)
    : Object.entries(values ?? {});
  return entries
    .map(([k, v]) => `${k}=${Array.isArray(v) ? `[${v.join(', ')}]` : String(v)}`)
    .join(', ');
}
