import dagre from '@dagrejs/dagre';
import type { Graph } from './graph-model';

/** Size of a node card on the canvas (the layout spaces nodes by it). */
export const NODE_WIDTH = 260;
export const NODE_HEIGHT = 120;

export type Positions = Record<number, { x: number; y: number }>;

/**
 * A left-to-right layered layout (dependencies left of their dependants) of the graph: the
 * top-left corner of each node. Deterministic: nodes and edges are fed to dagre in id order, so
 * the same graph always gets the same positions whatever order it was built in.
 */
export function layoutGraph(g: Graph): Positions {
  const dg = new dagre.graphlib.Graph();
  dg.setGraph({ rankdir: 'LR', nodesep: 32, ranksep: 80, marginx: 16, marginy: 16 });
  dg.setDefaultEdgeLabel(() => ({}));
  const nodes = [...g.nodes].sort((a, b) => a.id - b.id);
  for (const n of nodes) dg.setNode(String(n.id), { width: NODE_WIDTH, height: NODE_HEIGHT });
  const edges = [...g.edges].sort((a, b) => a.from - b.from || a.to - b.to);
  for (const e of edges) dg.setEdge(String(e.from), String(e.to));
  dagre.layout(dg);
  const out: Positions = {};
  for (const n of nodes) {
    const { x = 0, y = 0 } = dg.node(String(n.id));
    // dagre gives centres; React Flow places nodes by their top-left corner.
    out[n.id] = { x: Math.round(x - NODE_WIDTH / 2), y: Math.round(y - NODE_HEIGHT / 2) };
  }
  return out;
}
