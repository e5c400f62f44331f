import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { select, upsertView } from '../test/matviews-helpers.js';
import {
  countRows,
  createQuery,
  executePipeline,
  nodeExecutions,
  nodeStates,
  qnode,
  runPipeline,
  vnode,
  waitPipeline,
} from '../pipelines/pipelines-test-helpers.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let qa: number; // view result_a: SELECT 1 AS v
let qd: number; // query reading result_b and result_c, which read result_a

const V1 = '/api/v1';

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
  qa = await createQuery(t, alice.key, 'SELECT 1 AS v');
  await upsertView(t, alice.key, { name: 'result_a', query_id: qa });
  const qb = await createQuery(t, alice.key, 'SELECT v * 10 AS b FROM dune.alice.result_a');
  await upsertView(t, alice.key, { name: 'result_b', query_id: qb });
  const qc = await createQuery(t, alice.key, 'SELECT v * 100 AS c FROM dune.alice.result_a');
  await upsertView(t, alice.key, { name: 'result_c', query_id: qc });
  qd = await createQuery(
    t,
    alice.key,
    'SELECT b + c AS d FROM dune.alice.result_b CROSS JOIN dune.alice.result_c',
  );
  const pub = await createQuery(t, bob.key, 'SELECT 7 AS p');
  await upsertView(t, bob.key, { name: 'result_pub', query_id: pub });
  const secret = await createQuery(t, bob.key, 'SELECT 8 AS s', { is_private: true });
  await upsertView(t, bob.key, { name: 'result_secret', query_id: secret, is_private: true });
});
afterAll(async () => {
  await t.close();
});

const lineage = async (queryId: number, qs = '') => {
  const r = await t.call('GET', `${V1}/query/${queryId}/pipeline${qs}`, { key: alice.key });
  return r;
};
const setSql = async (queryId: number, sql: string) => {
  const r = await t.call('PATCH', `${V1}/query/${queryId}`, {
    key: alice.key,
    body: { query_sql: sql },
  });
  expect(r.status, r.text).toBe(200);
};
const view = (id: number, dependencies: number[], name: string, performance = 'medium') => ({
  id,
  dependencies,
  materialized_view_refresh: { name, performance },
});

describe('lineage from what the engine binds', () => {
  it('is the diamond: every view read, recursively, in dependency order, then the query', async () => {
    const r = await lineage(qd);
    expect(r.status, r.text).toBe(200);
    expect(r.json.pipeline.nodes).toEqual([
      view(1, [], 'dune.alice.result_a'),
      view(2, [1], 'dune.alice.result_b'),
      view(3, [1], 'dune.alice.result_c'),
      { id: 4, dependencies: [2, 3], query_execution: { query_id: qd, performance: 'medium' } },
    ]);
    const large = await lineage(qd, '?performance=large');
    expect(
      large.json.pipeline.nodes.map(
        (n: { materialized_view_refresh?: { performance: string } }) =>
          n.materialized_view_refresh?.performance,
      ),
    ).toEqual(['large', 'large', 'large', undefined]);
  });

  it('follows views over views over views, and reads in subqueries', async () => {
    const qe = await createQuery(t, alice.key, 'SELECT b + 1 AS e FROM dune.alice.result_b');
    await upsertView(t, alice.key, { name: 'result_e', query_id: qe });
    const q = await createQuery(
      t,
      alice.key,
      'SELECT (SELECT max(v) FROM dune.alice.result_a) AS m, e FROM dune.alice.result_e',
    );
    const r = await lineage(q);
    expect(r.json.pipeline.nodes).toEqual([
      view(1, [], 'dune.alice.result_a'),
      view(2, [1], 'dune.alice.result_b'),
      view(3, [2], 'dune.alice.result_e'),
      { id: 4, dependencies: [1, 3], query_execution: { query_id: q, performance: 'medium' } },
    ]);
  });

  it('ignores a CTE named like a view and a view name in a string literal', async () => {
    const cte = await createQuery(
      t,
      alice.key,
      'WITH result_a AS (SELECT 5 AS v) SELECT v FROM result_a',
    );
    const literal = await createQuery(t, alice.key, `SELECT 'dune.alice.result_a' AS s`);
    for (const q of [cte, literal]) {
      expect((await lineage(q)).json.pipeline.nodes).toEqual([
        { id: 1, dependencies: [], query_execution: { query_id: q, performance: 'medium' } },
      ]);
    }
  });

  it('reads other contexts’ public views as they are, and cannot see their private ones', async () => {
    const pub = await createQuery(t, alice.key, 'SELECT p FROM dune.bob.result_pub');
    expect((await lineage(pub)).json.pipeline.nodes).toHaveLength(1);
    const secret = await createQuery(t, alice.key, 'SELECT s FROM dune.bob.result_secret');
    const r = await lineage(secret);
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/cannot be bound.*result_secret.*does not exist/);
    // bob's own lineage of the same SQL sees his private view
    const own = await createQuery(t, bob.key, 'SELECT s FROM dune.bob.result_secret');
    const mine = await t.call('GET', `${V1}/query/${own}/pipeline`, { key: bob.key });
    expect(mine.json.pipeline.nodes[0].materialized_view_refresh.name).toBe(
      'dune.bob.result_secret',
    );
  });

  it('answers 400 naming a view that reads itself, directly or through another; nothing runs', async () => {
    const qx = await createQuery(t, alice.key, 'SELECT 1 AS v');
    await upsertView(t, alice.key, { name: 'result_x', query_id: qx });
    await setSql(qx, 'SELECT v FROM dune.alice.result_x');
    const reader = await createQuery(t, alice.key, 'SELECT v FROM dune.alice.result_x');
    const before = await countRows(t, 'executions');
    const self = await lineage(reader);
    expect(self.status).toBe(400);
    expect(self.json.error).toBe(
      'materialized view dune.alice.result_x reads itself (cycle: dune.alice.result_x → dune.alice.result_x)',
    );
    const qp = await createQuery(t, alice.key, 'SELECT 1 AS v');
    await upsertView(t, alice.key, { name: 'result_p', query_id: qp });
    const qq = await createQuery(t, alice.key, 'SELECT v FROM dune.alice.result_p');
    await upsertView(t, alice.key, { name: 'result_q', query_id: qq });
    await setSql(qp, 'SELECT v FROM dune.alice.result_q');
    const top = await createQuery(t, alice.key, 'SELECT v FROM dune.alice.result_q');
    const before2 = await countRows(t, 'executions');
    const r = await t.call('POST', `${V1}/query/${top}/pipeline/execute`, {
      key: alice.key,
      body: {},
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(
      /result_q reads itself \(cycle: .*result_q → .*result_p → .*result_q\)/,
    );
    expect(await countRows(t, 'executions')).toBe(before2);
    expect(before2).toBe(before + 2); // only the two view creations ran
    await setSql(qp, 'SELECT 1 AS v');
  });
});

describe('running views in dependency order', () => {
  it('runs the diamond so that fresh data flows from A through B and C into D', async () => {
    await setSql(qa, 'SELECT 2 AS v');
    const r = await t.call('POST', `${V1}/query/${qd}/pipeline/execute`, {
      key: alice.key,
      body: { performance: 'small' },
    });
    expect(r.status, r.text).toBe(200);
    const status = await waitPipeline(t, alice.key, r.json.pipeline_execution_id);
    expect(status.status).toBe('completed');
    expect(nodeStates(status)).toEqual({
      1: 'completed',
      2: 'completed',
      3: 'completed',
      4: 'completed',
    });
    expect(status.node_executions[1].materialized_view_refresh_status).toEqual({
      name: 'dune.alice.result_b',
      execution_id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      status: 'completed',
    });
    const e = await nodeExecutions(t, status);
    expect(e.get(1)).toMatchObject({ source: 'pipeline', performance: 'small' });
    for (const [node, deps] of [
      [2, [1]],
      [3, [1]],
      [4, [2, 3]],
    ] as const) {
      for (const d of deps) expect(e.get(node)!.started_at! >= e.get(d)!.ended_at!).toBe(true);
    }
    const rows = await t.call('GET', `${V1}/execution/${e.get(4)!.id}/results`, {
      key: alice.key,
    });
    expect(rows.json.result.rows).toEqual([{ d: 220 }]);
    // the views' refresh history records the pipeline as the trigger
    const h = await t.call('GET', `${V1}/materialized-views/dune.alice.result_b/refreshes`, {
      key: alice.key,
    });
    expect(h.json.refreshes[0]).toMatchObject({ execution_id: e.get(2)!.id, trigger: 'pipeline' });
  });

  it('runs an explicit diamond of view nodes (full and short names)', async () => {
    await setSql(qa, 'SELECT 3 AS v');
    const status = await runPipeline(t, alice.key, [
      qnode(4, qd, [2, 3]),
      vnode(2, 'dune.alice.result_b', [1]),
      vnode(3, 'result_c', [1]),
      vnode(1, 'result_a'),
    ]);
    expect(status.status).toBe('completed');
    const e = await nodeExecutions(t, status);
    const rows = await t.call('GET', `${V1}/execution/${e.get(4)!.id}/results`, {
      key: alice.key,
    });
    expect(rows.json.result.rows).toEqual([{ d: 330 }]);
    expect(status.node_executions[2].materialized_view_refresh_status.name).toBe(
      'dune.alice.result_c',
    );
  });

  it('skips the dependants of a failing view; an independent view still refreshes', async () => {
    await setSql(qa, `SELECT error('source broke') AS v`);
    const qi = await createQuery(t, alice.key, 'SELECT 42 AS i');
    await upsertView(t, alice.key, { name: 'result_indep', query_id: qi });
    const status = await runPipeline(t, alice.key, [
      vnode(1, 'result_a'),
      vnode(2, 'result_b', [1]),
      qnode(3, qd, [2]),
      vnode(4, 'result_indep'),
    ]);
    expect(status.status).toBe('failed');
    expect(status.error).toMatch(/^node 1 \(dune\.alice\.result_a\) failed: .*source broke/);
    const states = nodeStates(status);
    expect(states[1]).toMatch(/^failed: .*source broke/);
    expect(states[2]).toBe('skipped: not run: node 1 (dune.alice.result_a) failed');
    expect(states[3]).toBe('skipped: not run: node 1 (dune.alice.result_a) failed');
    expect(states[4]).toBe('completed');
    // the failed refresh kept the view's previous data
    expect((await select(t, alice.key, 'SELECT v FROM dune.alice.result_a')).rows).toEqual([
      { v: 3 },
    ]);
    await setSql(qa, 'SELECT 3 AS v');
  });

  it('refuses unknown views (400), another context’s views (403 public, 400 private)', async () => {
    const cases: [string, number, RegExp][] = [
      ['result_nothing', 400, /node 1: materialized view result_nothing not found/],
      ['dune.bob.result_secret', 400, /node 1: materialized view dune.bob.result_secret not found/],
      [
        'dune.bob.result_pub',
        403,
        /node 1: materialized view dune.bob.result_pub belongs to another context/,
      ],
      ['not.a.view.name', 400, /not found/],
    ];
    for (const [name, code, message] of cases) {
      const before = await countRows(t, 'pipeline_executions');
      const r = await executePipeline(t, alice.key, [vnode(1, name)]);
      expect(r.status, name).toBe(code);
      expect(r.json.error).toMatch(message);
      expect(await countRows(t, 'pipeline_executions')).toBe(before);
    }
  });
});
