import { describe, expect, it } from 'vitest';
import { MAX_PIPELINE_NODES } from '../../contract/pipelines.js';
import { dependantsOf, findCycle, readyNodes, validateGraph, type GraphNode } from './graph.js';

const n = (id: number, ...dependencies: number[]): GraphNode => ({ id, dependencies });
const diamond = [n(1), n(2, 1), n(3, 1), n(4, 2, 3)];

describe('validateGraph', () => {
  it('accepts a diamond and a forest', () => {
    expect(() => validateGraph(diamond)).not.toThrow();
    expect(() => validateGraph([n(1), n(2), n(3, 2)])).not.toThrow();
  });

  it.each([
    [[], /no nodes/],
    [[n(1), n(1)], /node id 1 is used by more than one node/],
    [[n(1, 1)], /node 1 depends on itself/],
    [[n(1), n(2, 9)], /node 2 depends on node 9, which is not in the pipeline/],
    [[n(1, 3), n(2, 1), n(3, 2)], /cycle: node \d → node \d → node \d → node \d/],
    [[n(1), n(2, 3), n(3, 2)], /cycle: node (2 → node 3 → node 2|3 → node 2 → node 3)/],
  ] as [GraphNode[], RegExp][])('rejects %j', (nodes, message) => {
    let error: unknown;
    try {
      validateGraph(nodes);
    } catch (err) {
      error = err;
    }
    expect(error).toMatchObject({ kind: 'invalid', message: expect.stringMatching(message) });
  });

  it('rejects more than MAX_PIPELINE_NODES nodes', () => {
    const many = Array.from({ length: MAX_PIPELINE_NODES + 1 }, (_, i) => n(i + 1));
    expect(() => validateGraph(many)).toThrow(/at most 200 nodes/);
  });
});

describe('findCycle', () => {
  it('returns the path in run order, back to its start', () => {
    // 2 depends on 1, 3 on 2, 1 on 3: 1 runs before 2, 2 before 3, 3 before 1
    const cycle = findCycle([n(1, 3), n(2, 1), n(3, 2)])!;
    expect(cycle[0]).toBe(cycle[cycle.length - 1]);
    const at = cycle.indexOf(1);
    expect(cycle[at + 1]).toBe(2);
    expect(findCycle(diamond)).toBeUndefined();
  });
});

describe('dependantsOf', () => {
  it('finds direct and transitive dependants only', () => {
    expect([...dependantsOf(diamond, 1)].sort()).toEqual([2, 3, 4]);
    expect([...dependantsOf(diamond, 2)]).toEqual([4]);
    expect([...dependantsOf(diamond, 4)]).toEqual([]);
    expect([...dependantsOf([n(1), n(2), n(3, 2)], 1)]).toEqual([]);
  });
});

describe('readyNodes', () => {
  it('picks pending nodes whose dependencies all completed', () => {
    const status = new Map<number, string>([
      [1, 'completed'],
      [2, 'executing'],
      [3, 'pending'],
      [4, 'pending'],
    ]);
    expect(readyNodes(diamond, (id) => status.get(id)!).map((x) => x.id)).toEqual([3]);
    status.set(2, 'failed');
    status.set(3, 'completed');
    expect(readyNodes(diamond, (id) => status.get(id)!)).toEqual([]);
  });
});
