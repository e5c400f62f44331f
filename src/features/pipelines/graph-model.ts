import type { Pipeline, PipelineExecutionStatus, PipelineNode } from '../../../contract/pipelines';
import { isTier, type Tier } from '../../../contract/rules/enums';
import { PIPELINE_LIMITS } from '../../../contract/rules/limits';

/**
 * The pipeline editor's graph: nodes (a saved query to run or a materialized view to refresh)
 * and dependency edges, with pure operations and the conversion to and from the wire
 * `Pipeline`. An edge `{from, to}` means `to` depends on `from` (runs after it).
 */

/** Nodes a pipeline may have (the service's limit). */
export const MAX_NODES = PIPELINE_LIMITS.nodes;

export type { Tier };

type QueryParameters = NonNullable<
  NonNullable<PipelineNode['query_execution']>['query_parameters']
>;

export type GraphNode =
  | {
      id: number;
      kind: 'query';
      queryId: number;
      performance?: Tier;
      parameters?: QueryParameters;
    }
  | { id: number; kind: 'view'; name: string; performance?: Tier };

export type GraphEdge = { from: number; to: number };
export type Graph = { nodes: GraphNode[]; edges: GraphEdge[] };
export type NodeTarget = { kind: 'query'; queryId: number } | { kind: 'view'; name: string };

export const emptyGraph = (): Graph => ({ nodes: [], edges: [] });

/** 1 for an empty graph, else one more than the largest id. */
export const nextId = (g: Graph): number => g.nodes.reduce((max, n) => Math.max(max, n.id), 0) + 1;

export function addNode(g: Graph, target: NodeTarget): Graph {
  const id = nextId(g);
  const node: GraphNode =
    target.kind === 'query'
      ? { id, kind: 'query', queryId: target.queryId }
      : { id, kind: 'view', name: target.name };
  return { ...g, nodes: [...g.nodes, node] };
}

/** Removes a node and every edge that touches it. */
export function removeNode(g: Graph, id: number): Graph {
  return {
    nodes: g.nodes.filter((n) => n.id !== id),
    edges: g.edges.filter((e) => e.from !== id && e.to !== id),
  };
}

/** Whether `to` can be reached from `from` along the edges. */
function reaches(edges: GraphEdge[], from: number, to: number): boolean {
  const seen = new Set<number>();
  const stack = [from];
  while (stack.length > 0) {
    const at = stack.pop()!;
    if (at === to) return true;
    if (seen.has(at)) continue;
    seen.add(at);
    for (const e of edges) if (e.from === at) stack.push(e.to);
  }
  return false;
}

export type ConnectResult = { ok: true; graph: Graph } | { ok: false; message: string };

/** Adds "`to` depends on `from`"; refuses unknown nodes, a self edge, a duplicate and a cycle. */
export function connect(g: Graph, from: number, to: number): ConnectResult {
  const ids = new Set(g.nodes.map((n) => n.id));
  if (!ids.has(from) || !ids.has(to)) return { ok: false, message: 'Unknown node' };
  if (from === to) return { ok: false, message: 'A node cannot depend on itself' };
  if (g.edges.some((e) => e.from === from && e.to === to))
    return { ok: false, message: `Node ${to} already depends on node ${from}` };
  if (reaches(g.edges, to, from))
    return {
      ok: false,
      message: `Node ${from} already depends on node ${to}: this edge would make a cycle`,
    };
  return { ok: true, graph: { ...g, edges: [...g.edges, { from, to }] } };
}

export function disconnect(g: Graph, from: number, to: number): Graph {
  return { ...g, edges: g.edges.filter((e) => e.from !== from || e.to !== to) };
}

/** Problems the service would answer 400 for, as sentences (empty when the graph can run). */
export function validate(g: Graph): string[] {
  const problems: string[] = [];
  if (g.nodes.length === 0) problems.push('Add at least one node');
  if (g.nodes.length > MAX_NODES) problems.push(`A pipeline has at most ${MAX_NODES} nodes`);
  const ids = new Set<number>();
  for (const n of g.nodes) {
    if (ids.has(n.id)) problems.push(`Node id ${n.id} is used twice`);
    ids.add(n.id);
    if (n.kind === 'query' && !(Number.isInteger(n.queryId) && n.queryId > 0))
      problems.push(`Node ${n.id} has no query`);
    if (n.kind === 'view' && n.name.trim() === '') problems.push(`Node ${n.id} has no view`);
  }
  for (const e of g.edges) {
    for (const end of [e.from, e.to])
      if (!ids.has(end)) problems.push(`An edge refers to node ${end}, which is not in the graph`);
  }
  if (hasCycle(g)) problems.push('The dependencies form a cycle');
  return [...new Set(problems)];
}

/** Kahn's algorithm: a cycle leaves nodes that never reach in-degree 0. */
function hasCycle(g: Graph): boolean {
  const indegree = new Map(g.nodes.map((n) => [n.id, 0]));
  for (const e of g.edges) indegree.set(e.to, (indegree.get(e.to) ?? 0) + 1);
  const ready = [...indegree].filter(([, d]) => d === 0).map(([id]) => id);
  let done = 0;
  while (ready.length > 0) {
    const id = ready.pop()!;
    done += 1;
    for (const e of g.edges)
      if (e.from === id) {
        const d = (indegree.get(e.to) ?? 0) - 1;
        indegree.set(e.to, d);
        if (d === 0) ready.push(e.to);
      }
  }
  return done < indegree.size;
}

const dependenciesOf = (g: Graph, id: number) =>
  g.edges
    .filter((e) => e.to === id)
    .map((e) => e.from)
    .sort((a, b) => a - b);

/** The wire pipeline; `tier` is the performance of nodes that have none of their own. */
export function toPipeline(g: Graph, tier?: Tier): Pipeline {
  return {
    nodes: g.nodes.map((n) => {
      const performance = n.performance ?? tier;
      const dependencies = dependenciesOf(g, n.id);
      if (n.kind === 'view')
        return {
          id: n.id,
          dependencies,
          materialized_view_refresh: { name: n.name, ...(performance ? { performance } : {}) },
        };
      return {
        id: n.id,
        dependencies,
        query_execution: {
          query_id: n.queryId,
          ...(performance ? { performance } : {}),
          ...(n.parameters !== undefined ? { query_parameters: n.parameters } : {}),
        },
      };
    }),
  };
}

const asTier = (p: unknown): Tier | undefined =>
  isTier(p) ? p : p === 'free' ? 'small' : undefined;

type WireNode = {
  id: number;
  dependencies?: number[];
  query_execution?: {
    query_id: number;
    performance?: string;
    query_parameters?: QueryParameters;
  };
  materialized_view_refresh?: { name: string; performance?: string };
};

/** Builds the graph of wire nodes; nodes with neither target and dangling edges are dropped. */
function fromWireNodes(wire: WireNode[]): Graph {
  const nodes: GraphNode[] = [];
  for (const w of wire) {
    const performance = asTier(
      w.query_execution?.performance ?? w.materialized_view_refresh?.performance,
    );
    const extra = performance ? { performance } : {};
    if (w.query_execution) {
      const params = w.query_execution.query_parameters;
      nodes.push({
        id: w.id,
        kind: 'query',
        queryId: w.query_execution.query_id,
        ...extra,
        ...(params !== undefined ? { parameters: params } : {}),
      });
    } else if (w.materialized_view_refresh)
      nodes.push({ id: w.id, kind: 'view', name: w.materialized_view_refresh.name, ...extra });
  }
  const ids = new Set(nodes.map((n) => n.id));
  const edges = wire.flatMap((w) =>
    ids.has(w.id)
      ? [...new Set(w.dependencies ?? [])]
          .filter((d) => ids.has(d) && d !== w.id)
          .map((from) => ({ from, to: w.id }))
      : [],
  );
  return { nodes, edges };
}

/** The editor graph of a wire pipeline (a query's lineage). */
export const fromPipeline = (p: Pipeline): Graph => fromWireNodes(p.nodes);

/** The graph a pipeline execution ran (from its node executions). */
export function fromExecution(run: PipelineExecutionStatus): Graph {
  return fromWireNodes(
    run.node_executions.map((n) => ({
      id: n.id,
      dependencies: n.dependencies,
      ...(n.query_execution_status
        ? { query_execution: { query_id: n.query_execution_status.query_id } }
        : {}),
      ...(n.materialized_view_refresh_status
        ? { materialized_view_refresh: { name: n.materialized_view_refresh_status.name } }
        : {}),
    })),
  );
}

/** Whether a node runs the same thing as a node execution of a run (so its status applies). */
export function sameTarget(
  node: GraphNode,
  exec: PipelineExecutionStatus['node_executions'][number],
): boolean {
  if (node.kind === 'query') return exec.query_execution_status?.query_id === node.queryId;
  return exec.materialized_view_refresh_status?.name === node.name;
}
