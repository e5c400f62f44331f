import { describe, expect, it } from 'vitest';
import type { Graph } from './graph-model';
import { layoutGraph, NODE_HEIGHT, NODE_WIDTH } from './layout';

const q = (id: number) => ({ id, kind: 'query' as const, queryId: id * 10 });

/** A diamond: 1 → 2, 1 → 3, 2 → 4, 3 → 4. */
const diamond: Graph = {
  nodes: [q(1), q(2), q(3), q(4)],
  edges: [
    { from: 1, to: 2 },
    { from: 1, to: 3 },
    { from: 2, to: 4 },
    { from: 3, to: 4 },
  ],
};

describe('layoutGraph', () => {
  it('places dependencies left of their dependants, one layer per step', () => {
    const p = layoutGraph(diamond);
    expect(p[1]!.x).toBeLessThan(p[2]!.x);
    expect(p[2]!.x).toBe(p[3]!.x);
    expect(p[3]!.x).toBeLessThan(p[4]!.x);
    expect(p[2]!.x - p[1]!.x).toBeGreaterThanOrEqual(NODE_WIDTH);
    // Nodes of one layer do not overlap.
    expect(Math.abs(p[2]!.y - p[3]!.y)).toBeGreaterThanOrEqual(NODE_HEIGHT);
  });

  it('is deterministic: the same graph in any order gets the same positions', () => {
    const shuffled: Graph = {
      nodes: [...diamond.nodes].reverse(),
      edges: [...diamond.edges].reverse(),
    };
    expect(layoutGraph(shuffled)).toEqual(layoutGraph(diamond));
    expect(layoutGraph(diamond)).toEqual(layoutGraph(diamond));
  });

  it('lays out unconnected nodes and an empty graph', () => {
    expect(layoutGraph({ nodes: [], edges: [] })).toEqual({});
    const p = layoutGraph({ nodes: [q(1), q(2)], edges: [] });
    expect(Object.keys(p)).toEqual(['1', '2']);
    expect(p[1]).not.toEqual(p[2]);
  });
});
