import { MAX_PIPELINE_NODES } from '../../contract/pipelines.js';
import { invalid } from '../errors.js';

/** What the graph logic needs of a node: its id and the ids it waits for. */
export type GraphNode = { id: number; dependencies: readonly number[] };

/** A cycle as a path that returns to its start (`[1, 2, 1]`), or undefined. */
export function findCycle(nodes: readonly GraphNode[]): number[] | undefined {
  const deps = new Map(nodes.map((n) => [n.id, n.dependencies]));
  const state = new Map<number, 'visiting' | 'done'>();
  const stack: number[] = [];
  const visit = (id: number): number[] | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'visiting') return [...stack.slice(stack.indexOf(id)), id];
    state.set(id, 'visiting');
    stack.push(id);
    for (const d of deps.get(id) ?? []) {
      const found = visit(d);
      if (found) return found;
    }
    stack.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const n of nodes) {
    const found = visit(n.id);
    if (found) return found.reverse(); // as "runs before" order: a → b means b depends on a
  }
  return undefined;
}

/**
 * Checks the shape of a pipeline's graph; throws 400 naming the node at fault: no nodes, too
 * many, duplicate ids, a dependency on itself or on an unknown id, a cycle.
 */
export function validateGraph(nodes: readonly GraphNode[]): void {
  if (nodes.length === 0) throw invalid('the pipeline has no nodes');
  if (nodes.length > MAX_PIPELINE_NODES) {
    throw invalid(
      `a pipeline has at most ${MAX_PIPELINE_NODES} nodes; this one has ${nodes.length}`,
    );
  }
  const ids = new Set<number>();
  for (const n of nodes) {
    if (ids.has(n.id)) throw invalid(`node id ${n.id} is used by more than one node`);
    ids.add(n.id);
  }
  for (const n of nodes) {
    for (const d of n.dependencies) {
      if (d === n.id) throw invalid(`node ${n.id} depends on itself`);
      if (!ids.has(d)) {
        throw invalid(`node ${n.id} depends on node ${d}, which is not in the pipeline`);
      }
    }
  }
  const cycle = findCycle(nodes);
  if (cycle) {
    throw invalid(
      `the pipeline has a cycle: ${cycle.map((id) => `node ${id}`).join(' → ')}; nothing was run`,
    );
  }
}

/** Every node that depends on `id`, directly or through others. */
export function dependantsOf(nodes: readonly GraphNode[], id: number): Set<number> {
  const out = new Set<number>();
  const queue = [id];
  while (queue.length) {
    const current = queue.shift()!;
    for (const n of nodes) {
      if (n.dependencies.includes(current) && !out.has(n.id)) {
        out.add(n.id);
        queue.push(n.id);
      }
    }
  }
  return out;
}

/** Nodes not yet started whose dependencies have all completed. */
export function readyNodes(
  nodes: readonly GraphNode[],
  status: (id: number) => string,
): GraphNode[] {
  return nodes.filter(
    (n) => status(n.id) === 'pending' && n.dependencies.every((d) => status(d) === 'completed'),
  );
}
