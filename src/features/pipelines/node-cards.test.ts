import { describe, expect, it } from 'vitest';
import type { PipelineExecutionStatus } from '../../../contract/pipelines';
import type { Graph } from './graph-model';
import { nodeCards } from './node-cards';

const graph: Graph = {
  nodes: [
    { id: 1, kind: 'view', name: 'dune.team.result_base' },
    { id: 2, kind: 'query', queryId: 7 },
    { id: 3, kind: 'query', queryId: 8, performance: 'large' },
  ],
  edges: [{ from: 1, to: 2 }],
};

const run: PipelineExecutionStatus = {
  pipeline_execution_id: 'p',
  status: 'failed',
  error: 'node 2 failed',
  submitted_at: '2024-01-01T00:00:00Z',
  ended_at: '2024-01-01T00:00:05Z',
  node_executions: [
    {
      id: 1,
      dependencies: [],
      materialized_view_refresh_status: {
        name: 'dune.team.result_base',
        status: 'completed',
        execution_id: 'e1',
      },
    },
    {
      id: 2,
      dependencies: [1],
      query_execution_status: {
        query_id: 7,
        status: 'failed',
        execution_id: 'e2',
        error: 'boom',
        query_name: 'From run',
      },
    },
    // Node 3 of the run ran another query: its state does not apply to the graph's node 3.
    { id: 3, dependencies: [], query_execution_status: { query_id: 99, status: 'completed' } },
  ],
};

describe('nodeCards', () => {
  it('names nodes and gives them the run tier unless they have their own', () => {
    const cards = nodeCards(graph, { queryNames: new Map([[7, 'Volume']]), tier: 'small' });
    expect(cards.get(1)).toEqual({
      id: 1,
      kind: 'view',
      title: 'result_base',
      subtitle: 'dune.team.result_base',
      tier: 'small',
      state: 'idle',
    });
    expect(cards.get(2)).toMatchObject({ title: 'Volume', subtitle: 'Query #7', tier: 'small' });
    expect(cards.get(3)).toMatchObject({ title: 'Query #8', tier: 'large' });
  });

  it('overlays the watched run: state, execution and error of nodes with the same target', () => {
    const cards = nodeCards(graph, { queryNames: new Map(), tier: 'medium', run });
    expect(cards.get(1)).toMatchObject({ state: 'completed', executionId: 'e1' });
    expect(cards.get(2)).toMatchObject({
      title: 'From run',
      state: 'failed',
      executionId: 'e2',
      error: 'boom',
    });
    expect(cards.get(3)).toMatchObject({ state: 'idle' });
    expect(cards.get(3)?.executionId).toBeUndefined();
  });

  it('shows a query node’s values, so two value sets of one query tell apart', () => {
    const g: Graph = {
      nodes: [
        { id: 1, kind: 'query', queryId: 12, parameters: { chain: 'base', n: '21' } },
        { id: 2, kind: 'query', queryId: 12, parameters: { ids: ['1', '2'] } },
        { id: 3, kind: 'query', queryId: 12, parameters: [{ key: 'chain', value: 'op' }] },
        { id: 4, kind: 'query', queryId: 12, parameters: {} },
      ],
      edges: [],
    };
    const cards = nodeCards(g, { queryNames: new Map([[12, 'Prices']]), tier: 'medium' });
    expect([1, 2, 3, 4].map((id) => cards.get(id)?.subtitle)).toEqual([
      'Query #12 (chain=base, n=21)',
      'Query #12 (ids=[1, 2])',
      'Query #12 (chain=op)',
      'Query #12',
    ]);
    expect(cards.get(1)?.title).toBe('Prices');
  });
});
