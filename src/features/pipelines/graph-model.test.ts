import { describe, expect, it } from 'vitest';
import type { PipelineExecutionStatus } from '../../../contract/pipelines';
import {
  addNode,
  connect,
  disconnect,
  emptyGraph,
  fromExecution,
  fromPipeline,
  removeNode,
  sameTarget,
  toPipeline,
  validate,
  type Graph,
} from './graph-model';

/** Three query nodes 1, 2, 3 (queries 10, 20, 30) and no edges. */
function three(): Graph {
  let g = emptyGraph();
  for (const queryId of [10, 20, 30]) g = addNode(g, { kind: 'query', queryId });
  return g;
}

function mustConnect(g: Graph, from: number, to: number): Graph {
  const r = connect(g, from, to);
  if (!r.ok) throw new Error(r.message);
  return r.graph;
}

describe('adding and removing nodes', () => {
  it('gives each new node the next id, after the largest even when one was removed', () => {
    const g = three();
    expect(g.nodes.map((n) => n.id)).toEqual([1, 2, 3]);
    const removed = removeNode(g, 2);
    const added = addNode(removed, { kind: 'view', name: 'dune.team.result_x' });
    expect(added.nodes.map((n) => n.id)).toEqual([1, 3, 4]);
    expect(added.nodes[2]).toEqual({ id: 4, kind: 'view', name: 'dune.team.result_x' });
    expect(addNode(removeNode(g, 3), { kind: 'query', queryId: 5 }).nodes.at(-1)?.id).toBe(3);
  });

  it('removes the edges of a removed node', () => {
    const g = mustConnect(mustConnect(mustConnect(three(), 1, 2), 2, 3), 1, 3);
    expect(removeNode(g, 2).edges).toEqual([{ from: 1, to: 3 }]);
  });
});

describe('connect', () => {
  it('adds a dependency edge and refuses a duplicate', () => {
    const g = mustConnect(three(), 1, 2);
    expect(g.edges).toEqual([{ from: 1, to: 2 }]);
    expect(connect(g, 1, 2)).toEqual({ ok: false, message: 'Node 2 already depends on node 1' });
  });

  it('refuses an edge that closes a cycle, directly or through other nodes', () => {
    const chain = mustConnect(mustConnect(three(), 1, 2), 2, 3);
    const back = connect(chain, 3, 1);
    expect(back.ok).toBe(false);
    expect(!back.ok && back.message).toMatch(/cycle/);
    expect(connect(chain, 2, 1).ok).toBe(false);
    expect(connect(chain, 1, 3).ok).toBe(true);
  });

  it('refuses a self edge and unknown nodes', () => {
    expect(connect(three(), 2, 2).ok).toBe(false);
    expect(connect(three(), 1, 9)).toEqual({ ok: false, message: 'Unknown node' });
  });

  it('disconnect removes only that edge', () => {
    const g = mustConnect(mustConnect(three(), 1, 2), 1, 3);
    expect(disconnect(g, 1, 2).edges).toEqual([{ from: 1, to: 3 }]);
  });
});

describe('validate', () => {
  it('accepts a valid graph', () => {
    expect(validate(mustConnect(three(), 1, 2))).toEqual([]);
  });

  it('names an empty graph, dangling edges, duplicate ids, missing targets and cycles', () => {
    expect(validate(emptyGraph())).toEqual(['Add at least one node']);
    const g = three();
    expect(validate({ ...g, edges: [{ from: 1, to: 7 }] })).toEqual([
      'An edge refers to node 7, which is not in the graph',
    ]);
    expect(validate({ nodes: [...g.nodes, { ...g.nodes[0]! }], edges: [] })).toEqual([
      'Node id 1 is used twice',
    ]);
    expect(validate({ nodes: [{ id: 1, kind: 'view', name: ' ' }], edges: [] })).toEqual([
      'Node 1 has no view',
    ]);
    const cyclic = {
      ...g,
      edges: [
        { from: 1, to: 2 },
        { from: 2, to: 1 },
      ],
    };
    expect(validate(cyclic)).toEqual(['The dependencies form a cycle']);
  });

  it('refuses more nodes than the service allows', () => {
    let g = emptyGraph();
    for (let i = 1; i <= 201; i++) g = addNode(g, { kind: 'query', queryId: i });
    expect(validate(g)).toEqual(['A pipeline has at most 200 nodes']);
  });
});

describe('wire conversion', () => {
  it('writes dependencies per node and the run tier where a node has none', () => {
    let g = mustConnect(mustConnect(three(), 1, 3), 2, 3);
    g = addNode(g, { kind: 'view', name: 'dune.t.result_v' });
    g = { ...g, nodes: g.nodes.map((n) => (n.id === 2 ? { ...n, performance: 'large' } : n)) };
    g = mustConnect(g, 4, 1);
    expect(toPipeline(g, 'small')).toEqual({
      nodes: [
        { id: 1, dependencies: [4], query_execution: { query_id: 10, performance: 'small' } },
        { id: 2, dependencies: [], query_execution: { query_id: 20, performance: 'large' } },
        { id: 3, dependencies: [1, 2], query_execution: { query_id: 30, performance: 'small' } },
        {
          id: 4,
          dependencies: [],
          materialized_view_refresh: { name: 'dune.t.result_v', performance: 'small' },
        },
      ],
    });
  });

  it('round-trips a lineage pipeline, dropping dangling and self dependencies', () => {
    const wire = {
      nodes: [
        { id: 1, dependencies: [], materialized_view_refresh: { name: 'dune.a.result_x' } },
        {
          id: 2,
          dependencies: [1, 1, 2, 99],
          query_execution: { query_id: 7, performance: 'large' as const },
        },
      ],
    };
    const g = fromPipeline(wire);
    expect(g).toEqual({
      nodes: [
        { id: 1, kind: 'view', name: 'dune.a.result_x' },
        { id: 2, kind: 'query', queryId: 7, performance: 'large' },
      ],
      edges: [{ from: 1, to: 2 }],
    });
    expect(toPipeline(g)).toEqual({
      nodes: [
        { id: 1, dependencies: [], materialized_view_refresh: { name: 'dune.a.result_x' } },
        { id: 2, dependencies: [1], query_execution: { query_id: 7, performance: 'large' } },
      ],
    });
  });

  it('rebuilds the graph of a run and matches node executions to nodes by target', () => {
    const run: PipelineExecutionStatus = {
      pipeline_execution_id: 'p1',
      status: 'completed',
      submitted_at: '2024-01-01T00:00:00Z',
      ended_at: null,
      node_executions: [
        {
          id: 1,
          dependencies: [],
          materialized_view_refresh_status: { name: 'dune.a.result_x', status: 'completed' },
        },
        {
          id: 2,
          dependencies: [1],
          query_execution_status: { query_id: 7, status: 'completed', execution_id: 'e1' },
        },
      ],
    };
    const g = fromExecution(run);
    expect(g.edges).toEqual([{ from: 1, to: 2 }]);
    expect(sameTarget(g.nodes[1]!, run.node_executions[1]!)).toBe(true);
    expect(sameTarget(g.nodes[0]!, run.node_executions[1]!)).toBe(false);
    expect(sameTarget({ id: 2, kind: 'query', queryId: 8 }, run.node_executions[1]!)).toBe(false);
  });
});
