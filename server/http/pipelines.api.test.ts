import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_SQL } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import {
  countRows,
  createQuery,
  executePipeline,
  nodeExecutions,
  nodeStates,
  qnode,
  runPipeline,
  waitPipeline,
} from '../pipelines/pipelines-test-helpers.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let ok: number; // SELECT 1
let fails: number;
let slow: number;
let typed: number; // a number parameter n
let bobPrivate: number;
let bobPublic: number;

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
  ok = await createQuery(t, alice.key, 'SELECT 1 AS one');
  fails = await createQuery(t, alice.key, `SELECT error('boom') AS x`);
  slow = await createQuery(t, alice.key, SLOW_SQL);
  typed = await createQuery(t, alice.key, 'SELECT {{n}} * 2 AS doubled', {
    parameters: [{ key: 'n', type: 'number', value: '1' }],
  });
  bobPrivate = await createQuery(t, bob.key, 'SELECT 2 AS two', { is_private: true });
  bobPublic = await createQuery(t, bob.key, 'SELECT 3 AS three');
});
afterAll(async () => {
  await t.close();
});

describe('POST /pipelines/execute with nodes', () => {
  it('runs nodes in dependency order with their parameters, each with an execution id', async () => {
    const status = await runPipeline(t, alice.key, [
      qnode(3, typed, [1, 2], { query_parameters: { n: 21 }, performance: 'small' }),
      qnode(1, ok),
      qnode(2, bobPublic, [1]),
    ]);
    expect(status).toMatchObject({ status: 'completed', ended_at: expect.any(String) });
    expect(status.error).toBeUndefined();
    expect(status.node_executions.map((n: { id: number }) => n.id)).toEqual([3, 1, 2]);
    expect(status.node_executions[0]).toEqual({
      id: 3,
      dependencies: [1, 2],
      query_execution_status: {
        query_id: typed,
        query_name: expect.any(String),
        execution_id: expect.stringMatching(/^[0-9A-Z]{26}$/),
        status: 'completed',
      },
    });
    const e = await nodeExecutions(t, status);
    expect(e.get(3)).toMatchObject({
      source: 'pipeline',
      performance: 'small',
      context_id: alice.account.id,
    });
    expect(e.get(3)!.sql).toBe('SELECT 21 * 2 AS doubled');
    expect(e.get(2)!.started_at! >= e.get(1)!.ended_at!).toBe(true);
    expect(e.get(3)!.started_at! >= e.get(2)!.ended_at!).toBe(true);
    const rows = await t.call('GET', `/api/v1/execution/${e.get(3)!.id}/results`, {
      key: alice.key,
    });
    expect(rows.json.result.rows).toEqual([{ doubled: 42 }]);
  });

  it('runs independent nodes in parallel', async () => {
    const busy = await createQuery(
      t,
      alice.key,
      'SELECT sum(hash(i)) AS h FROM range(30000000) t(i)',
    );
    const status = await runPipeline(t, alice.key, [qnode(1, busy), qnode(2, busy)]);
    expect(status.status).toBe('completed');
    const e = await nodeExecutions(t, status);
    expect(e.get(2)!.started_at! < e.get(1)!.ended_at!).toBe(true);
    expect(e.get(1)!.started_at! < e.get(2)!.ended_at!).toBe(true);
  });

  it('skips the dependants of a failed node, runs independent ones, and fails with its error', async () => {
    const status = await runPipeline(t, alice.key, [
      qnode(1, ok),
      qnode(2, fails, [1]),
      qnode(3, ok, [2]),
      qnode(4, ok, [3, 1]),
      qnode(5, ok, [1]),
    ]);
    expect(status.status).toBe('failed');
    expect(status.error).toMatch(new RegExp(`^node 2 \\(query ${fails}\\) failed: .*boom`));
    const states = nodeStates(status);
    expect(states[1]).toBe('completed');
    expect(states[2]).toMatch(/^failed: .*boom/);
    expect(states[3]).toBe(`skipped: not run: node 2 (query ${fails}) failed`);
    expect(states[4]).toBe(`skipped: not run: node 2 (query ${fails}) failed`);
    expect(states[5]).toBe('completed');
    const skipped = status.node_executions.find((n: { id: number }) => n.id === 3);
    expect(skipped.query_execution_status.execution_id).toBeUndefined();
  });

  it('fails a node whose execution is cancelled from outside, skipping its dependants', async () => {
    const r = await executePipeline(t, alice.key, [
      qnode(1, slow),
      qnode(2, ok, [1]),
      qnode(3, ok),
    ]);
    expect(r.status).toBe(200);
    const id = r.json.pipeline_execution_id as string;
    // The run starts after the answer: wait until node 1 runs (at once with SQLite, a few round
    // trips later with PostgreSQL).
    const running = (j: typeof first.json) =>
      j.status === 'executing' && j.node_executions[0].query_execution_status.execution_id;
    let first = await t.call('GET', `/api/v1/pipelines/executions/${id}/status`, {
      key: alice.key,
    });
    for (let i = 0; i < 500 && !running(first.json); i++) {
      await new Promise((done) => setTimeout(done, 10));
      first = await t.call('GET', `/api/v1/pipelines/executions/${id}/status`, { key: alice.key });
    }
    const execId = first.json.node_executions[0].query_execution_status.execution_id as string;
    expect(first.json.status).toBe('executing');
    expect(
      (await t.call('POST', `/api/v1/execution/${execId}/cancel`, { key: alice.key })).json,
    ).toEqual({
      success: true,
    });
    const status = await waitPipeline(t, alice.key, id);
    expect(status.status).toBe('failed');
    expect(status.error).toBe(`node 1 (query ${slow}) was cancelled`);
    expect(nodeStates(status)).toEqual({
      1: 'cancelled: the execution was cancelled',
      2: `skipped: not run: node 1 (query ${slow}) was cancelled`,
      3: 'completed',
    });
  });

  it('accepts the query form of the body: the query’s lineage', async () => {
    const r = await t.call('POST', '/api/v1/pipelines/execute', {
      key: alice.key,
      body: { query_id: typed, performance: 'large', query_parameters: { n: 5 } },
    });
    expect(r.status).toBe(200);
    const status = await waitPipeline(t, alice.key, r.json.pipeline_execution_id);
    expect(status.status).toBe('completed');
    expect(status.node_executions).toHaveLength(1);
    const e = (await nodeExecutions(t, status)).get(1)!;
    expect(e).toMatchObject({
      query_id: typed,
      performance: 'large',
      sql: 'SELECT 5 * 2 AS doubled',
    });
  });
});

describe('validation before anything runs', () => {
  const cases: [string, unknown, number, RegExp][] = [
    ['no nodes', { pipeline: { nodes: [] } }, 400, /no nodes/],
    ['a query_id of 0', { pipeline: { nodes: [qnode(1, 0)] } }, 400, /Invalid request body/],
    ['a node that is not an object', { pipeline: { nodes: ['c'] } }, 400, /Invalid request body/],
    ['a missing body', undefined, 400, /Invalid request body/],
    ['a wrong-typed query_id', { query_id: '12' }, 400, /Invalid request body/],
    ['wrong-typed nodes', { pipeline: { nodes: 'all' } }, 400, /Invalid request body/],
    [
      'wrong-typed dependencies',
      { pipeline: { nodes: [{ id: 1, dependencies: ['2'] }] } },
      400,
      /Invalid/,
    ],
    [
      'a fractional id',
      { pipeline: { nodes: [{ id: 1.5, query_execution: { query_id: 1 } }] } },
      400,
      /Invalid/,
    ],
    [
      'a bad tier',
      { pipeline: { nodes: [qnode(1, 1, [], { performance: 'huge' })] } },
      400,
      /Invalid/,
    ],
  ];
  it.each(cases)('rejects %s', async (_name, body, status, message) => {
    const before = await countRows(t, 'executions');
    const r = await t.call('POST', '/api/v1/pipelines/execute', { key: alice.key, body });
    expect(r.status).toBe(status);
    expect(r.json.error).toMatch(message);
    expect(await countRows(t, 'executions')).toBe(before);
  });

  const nodeCases: [string, () => unknown[], number, () => RegExp][] = [
    [
      'duplicate ids',
      () => [qnode(1, ok), qnode(1, ok)],
      400,
      () => /node id 1 is used by more than one node/,
    ],
    [
      'an unknown dependency',
      () => [qnode(1, ok, [7])],
      400,
      () => /node 1 depends on node 7, which is not in the pipeline/,
    ],
    ['a dependency on itself', () => [qnode(1, ok, [1])], 400, () => /node 1 depends on itself/],
    [
      'a cycle',
      () => [qnode(1, ok), qnode(2, ok, [1, 4]), qnode(3, ok, [2]), qnode(4, ok, [3])],
      400,
      () => /cycle: node \d → node \d → node \d → node \d; nothing was run/,
    ],
    [
      'a node of neither kind',
      () => [qnode(1, ok), { id: 2, dependencies: [1] }],
      400,
      () => /node 2 needs exactly one of/,
    ],
    [
      'a node of both kinds',
      () => [{ ...qnode(1, ok), materialized_view_refresh: { name: 'result_x' } }],
      400,
      () => /node 1 needs exactly one of/,
    ],
    [
      'an unknown query',
      () => [qnode(1, ok), qnode(2, 999_999, [1])],
      400,
      () => /node 2 \(query 999999\): Query not found/,
    ],
    [
      'another context’s private query',
      () => [qnode(1, ok), qnode(3, bobPrivate)],
      400,
      () => new RegExp(`node 3 \\(query ${bobPrivate}\\): Query not found`),
    ],
    [
      'a parameter of the wrong type',
      () => [qnode(1, typed, [], { query_parameters: { n: 'abc' } })],
      400,
      () => new RegExp(`node 1 \\(query ${typed}\\): parameter "n": "abc" is not a number`),
    ],
    [
      'an unknown parameter',
      () => [qnode(1, typed, [], { query_parameters: { m: 1 } })],
      400,
      () => /node 1 \(query \d+\): unknown parameters \(m\)/,
    ],
    [
      'an unknown view',
      () => [{ id: 1, materialized_view_refresh: { name: 'result_nope' } }],
      400,
      () => /node 1: materialized view/,
    ],
    [
      'too many nodes',
      () => Array.from({ length: 201 }, (_, i) => qnode(i + 1, ok)),
      400,
      () => /Invalid request body payload: pipeline.nodes/,
    ],
  ];
  it.each(nodeCases)('rejects %s, and nothing runs', async (_name, nodes, status, message) => {
    const before = [await countRows(t, 'executions'), await countRows(t, 'pipeline_executions')];
    const r = await executePipeline(t, alice.key, nodes());
    expect(r.status).toBe(status);
    expect(r.json.error).toMatch(message());
    expect([await countRows(t, 'executions'), await countRows(t, 'pipeline_executions')]).toEqual(
      before,
    );
  });

  it('answers 403 for an archived query, 403 for a read key, 401 without a key', async () => {
    const archived = await createQuery(t, alice.key, 'SELECT 4 AS four');
    await t.call('POST', `/api/v1/query/${archived}/archive`, { key: alice.key });
    const r = await executePipeline(t, alice.key, [qnode(1, ok), qnode(2, archived)]);
    expect(r.status).toBe(403);
    expect(r.json.error).toMatch(/node 2 \(query \d+\): Not allowed to execute query/);
    expect((await executePipeline(t, alice.readKey, [qnode(1, ok)])).status).toBe(403);
    const none = await t.call('POST', '/api/v1/pipelines/execute', { body: { query_id: ok } });
    expect(none.status).toBe(401);
    const wrong = await executePipeline(t, 'sk_not_a_key', [qnode(1, ok)]);
    expect(wrong.status).toBe(401);
  });

  it('answers 402 over the billing-cycle limit', async () => {
    const s = await createTestServer({
      plan: { creditsIncluded: 0, creditsLimit: 0.001, storageBytes: 1024 ** 2 },
    });
    try {
      const u = await s.createUser('spender');
      const q = await createQuery(s, u.key, 'SELECT 1 AS one');
      const first = await runPipeline(s, u.key, [qnode(1, q)]);
      expect(first.status).toBe('completed');
      const r = await executePipeline(s, u.key, [qnode(1, q)]);
      expect(r.status).toBe(402);
      expect(r.json.error).toMatch(/limits per billing cycle/);
    } finally {
      await s.close();
    }
  });
});
