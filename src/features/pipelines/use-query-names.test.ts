import { describe, expect, it } from 'vitest';
import type { Graph } from './graph-model';
import { unnamedQueries } from './use-query-names';

describe('unnamedQueries', () => {
  it('lists each query the names do not have once, and no view', () => {
    const graph: Graph = {
      nodes: [
        { id: 1, kind: 'view', name: 'dune.alice.result_v' },
        { id: 2, kind: 'query', queryId: 7 },
        { id: 3, kind: 'query', queryId: 19, parameters: { chain: 'base' } },
        { id: 4, kind: 'query', queryId: 19, parameters: { chain: 'op' } },
      ],
      edges: [],
    };
    expect(unnamedQueries(graph, new Map([[7, 'Daily volume']]))).toEqual([19]);
    expect(
      unnamedQueries(
        graph,
        new Map([
          [7, 'a'],
          [19, 'b'],
        ]),
      ),
    ).toEqual([]);
  });
});
