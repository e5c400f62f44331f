import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { refreshView, select, upsertView } from '../test/matviews-helpers.js';
import { countRows, createQuery, nodeExecutions, waitPipeline } from './pipelines-test-helpers.js';

/**
 * Lineage of queries that read other queries as `query_<id>`: each referenced query is a
 * `query_execution` node (with the values the reference passes) that depends on what it reads,
 * so running the lineage refreshes a chain of queries in dependency order, and the reading query
 * then reads the fresh result without running the referenced query again.
 */

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let base: number; // the source of view result_v: SELECT 1 AS v
let first: number; // reads view result_v
let second: number; // reads query_<first>

const V1 = '/api/v1';

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
  base = await createQuery(t, alice.key, 'SELECT 1 AS v');
  await upsertView(t, alice.key, { name: 'result_v', query_id: base });
  first = await createQuery(t, alice.key, 'SELECT v * 10 AS w FROM dune.alice.result_v');
  second = await createQuery(t, alice.key, `SELECT w + 1 AS z FROM query_${first}`);
});
afterAll(() => t.close());

const lineage = (queryId: number, key = alice.key, qs = '') =>
  t.call('GET', `${V1}/query/${queryId}/pipeline${qs}`, { key });

const setSql = async (queryId: number, sql: string) => {
  const r = await t.call('PATCH', `${V1}/query/${queryId}`, {
    key: alice.key,
    body: { query_sql: sql },
  });
  expect(r.status, r.text).toBe(200);
};

const view = (id: number, dependencies: number[], name: string) => ({
  id,
  dependencies,
  materialized_view_refresh: { name, performance: 'medium' },
});
const query = (
  id: number,
  dependencies: number[],
  queryId: number,
  values?: Record<string, unknown>,
) => ({
  id,
  dependencies,
  query_execution: {
    query_id: queryId,
    performance: 'medium',
    ...(values ? { query_parameters: values } : {}),
  },
});

/** The executions of query `id`, oldest first. */
const runsOf = (id: number) =>
  t.deps.store.db
    .selectFrom('executions')
    .selectAll()
    .where('query_id', '=', id)
    .orderBy('submitted_at')
    .orderBy('id')
    .execute();

/** Runs the lineage of `queryId` as alice; the pipeline's status once it ended. */
async function runLineage(queryId: number) {
  const r = await t.call('POST', `${V1}/query/${queryId}/pipeline/execute`, {
    key: alice.key,
    body: {},
  });
  expect(r.status, r.text).toBe(200);
  return waitPipeline(t, alice.key, r.json.pipeline_execution_id as string);
}

describe('lineage through query_<id>', () => {
  it('is the chain query → query → view, in dependency order', async () => {
    const r = await lineage(second);
    expect(r.status, r.text).toBe(200);
    expect(r.json.pipeline.nodes).toEqual([
      view(1, [], 'dune.alice.result_v'),
      query(2, [1], first),
      query(3, [2], second),
    ]);
  });

  it('makes one node of a query read twice, directly and through another query', async () => {
    const both = await createQuery(
      t,
      alice.key,
      `SELECT z, w FROM query_${second} CROSS JOIN query_${first} CROSS JOIN dune.alice.result_v`,
    );
    const r = await lineage(both);
    expect(r.status, r.text).toBe(200);
    expect(r.json.pipeline.nodes).toEqual([
      view(1, [], 'dune.alice.result_v'),
      query(2, [1], first),
      query(3, [2], second),
      query(4, [1, 3, 2], both),
    ]);
  });

  it('passes the quoted form’s values to the referenced query’s node, one node per value set', async () => {
    const chains = await createQuery(
      t,
      alice.key,
      "SELECT '{{chain}}' AS chain, {{n}} * 2 AS twice",
      {
        parameters: [
          { key: 'chain', type: 'text', value: 'ethereum' },
          { key: 'n', type: 'number', value: '1' },
        ],
      },
    );
    const reader = await createQuery(
      t,
      alice.key,
      `SELECT a.chain, a.twice + b.twice AS s FROM "query_${chains}(chain='base', n='21')" a, query_${chains} b`,
    );
    const r = await lineage(reader);
    expect(r.status, r.text).toBe(200);
    expect(r.json.pipeline.nodes).toEqual([
      query(1, [], chains, { chain: 'base', n: '21' }),
      query(2, [], chains, { chain: 'ethereum', n: '1' }),
      query(3, [1, 2], reader),
    ]);

    // Running it runs each value set once; the reader finds both fresh and runs neither again.
    const status = await runLineage(reader);
    expect(status.status, JSON.stringify(status)).toBe('completed');
    // The two nodes are independent: they may start in either order.
    const runs = (await runsOf(chains)).map((e) => [e.source, JSON.parse(e.parameters)]);
    expect(runs.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
      ['pipeline', { chain: 'base', n: '21' }],
      ['pipeline', { chain: 'ethereum', n: '1' }],
    ]);
    const e = await nodeExecutions(t, status);
    const rows = await t.call('GET', `${V1}/execution/${e.get(3)!.id}/results`, {
      key: alice.key,
    });
    expect(rows.json.result.rows).toEqual([{ chain: 'base', s: 44 }]);
  });

  it('runs the chain once each, in order: the reading query reads the fresh result', async () => {
    await setSql(base, 'SELECT 2 AS v');
    const before = (await runsOf(first)).length;
    const status = await runLineage(second);
    expect(status.status, JSON.stringify(status)).toBe('completed');
    const e = await nodeExecutions(t, status);
    for (const [node, dep] of [
      [2, 1],
      [3, 2],
    ] as const)
      expect(e.get(node)!.started_at! >= e.get(dep)!.ended_at!).toBe(true);
    // The referenced query ran once, as the pipeline's node: not again inside the reader's run.
    const runs = (await runsOf(first)).slice(before);
    expect(runs.map((x) => [x.id, x.source])).toEqual([[e.get(2)!.id, 'pipeline']]);
    const rows = await t.call('GET', `${V1}/execution/${e.get(3)!.id}/results`, {
      key: alice.key,
    });
    expect(rows.json.result.rows).toEqual([{ z: 21 }]);
  });
});

describe('lineage through query_<id>: bad references', () => {
  it('answers a reference to a query the caller may not run with the 404 an execute gives', async () => {
    const secret = await createQuery(t, bob.key, 'SELECT 1 AS s', { is_private: true });
    const archived = await createQuery(t, bob.key, 'SELECT 1 AS s', { is_private: false });
    await t.call('POST', `${V1}/query/${archived}/archive`, { key: bob.key });
    for (const id of [secret, archived, 99_999_999]) {
      const reader = await createQuery(t, alice.key, `SELECT * FROM query_${id}`);
      const executed = await t.call('POST', `${V1}/query/${reader}/execute`, { key: alice.key });
      expect(executed.status).toBe(404);
      const before = await countRows(t, 'executions');
      const r = await lineage(reader);
      expect(r.status).toBe(404);
      expect(r.json).toEqual(executed.json);
      expect(r.json).toEqual({ error: `query_${id}: Query not found` });
      // Also one level down, and when the lineage is run: nothing is run or recorded.
      const outer = await createQuery(t, alice.key, `SELECT * FROM query_${reader}`);
      expect((await lineage(outer)).json).toEqual(executed.json);
      const run = await t.call('POST', `${V1}/query/${outer}/pipeline/execute`, {
        key: alice.key,
        body: {},
      });
      expect(run.status).toBe(404);
      expect(await countRows(t, 'executions')).toBe(before);
    }
    // bob reads his own private query's lineage through a reference.
    const own = await createQuery(t, bob.key, `SELECT s FROM query_${secret}`);
    expect((await lineage(own, bob.key)).json.pipeline.nodes).toEqual([
      query(1, [], secret),
      query(2, [1], own),
    ]);
  });

  it('answers 400 naming a referenced query that cannot be bound', async () => {
    const broken = await createQuery(t, alice.key, 'SELECT 1 AS v');
    await setSql(broken, 'SELECT nope FROM dune.alice.result_v');
    const reader = await createQuery(t, alice.key, `SELECT * FROM query_${broken}`);
    const r = await lineage(reader);
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(
      new RegExp(
        `^query ${reader} cannot be bound, so its lineage is unknown: query_${broken}: .*nope`,
      ),
    );
  });

  it('answers 400 naming a cycle through a view and a query', async () => {
    const source = await createQuery(t, alice.key, 'SELECT 1 AS v');
    await upsertView(t, alice.key, { name: 'result_loop', query_id: source });
    const reader = await createQuery(t, alice.key, 'SELECT v FROM dune.alice.result_loop');
    await setSql(source, `SELECT v FROM query_${reader}`);
    const top = await createQuery(t, alice.key, `SELECT v FROM query_${reader}`);
    const r = await lineage(top);
    expect(r.status).toBe(400);
    expect(r.json.error).toBe(
      `query_${reader} reads itself (cycle: query_${reader} → dune.alice.result_loop → query_${reader})`,
    );
    await setSql(source, 'SELECT 1 AS v');
  });
});

describe('a materialized view on a query that reads queries', () => {
  it('is created and refreshed, and is in the lineage of what reads it', async () => {
    const over = await createQuery(t, alice.key, `SELECT z * 2 AS r FROM query_${second}`);
    const created = await upsertView(t, alice.key, { name: 'result_r', query_id: over });
    expect(created.status.state).toBe('QUERY_STATE_COMPLETED');
    expect((await select(t, alice.key, 'SELECT r FROM dune.alice.result_r')).rows).toEqual([
      { r: 42 },
    ]);
    // A refresh reads the referenced query's fresh result; running the chain first renews it.
    await setSql(base, 'SELECT 3 AS v');
    await runLineage(second);
    const refreshed = await refreshView(t, alice.key, 'result_r');
    expect(refreshed.status.state).toBe('QUERY_STATE_COMPLETED');
    expect((await select(t, alice.key, 'SELECT r FROM dune.alice.result_r')).rows).toEqual([
      { r: 62 },
    ]);

    const reader = await createQuery(t, alice.key, 'SELECT r + 1 AS s FROM dune.alice.result_r');
    const r = await lineage(reader);
    expect(r.status, r.text).toBe(200);
    expect(r.json.pipeline.nodes).toEqual([
      view(1, [], 'dune.alice.result_v'),
      query(2, [1], first),
      query(3, [2], second),
      view(4, [3], 'dune.alice.result_r'),
      query(5, [4], reader),
    ]);
    await setSql(base, 'SELECT 4 AS v');
    const status = await runLineage(reader);
    expect(status.status, JSON.stringify(status)).toBe('completed');
    const e = await nodeExecutions(t, status);
    const rows = await t.call('GET', `${V1}/execution/${e.get(5)!.id}/results`, {
      key: alice.key,
    });
    expect(rows.json.result.rows).toEqual([{ s: 83 }]);
  });

  it('is refused at upsert on a query that reads a query the owner may not run', async () => {
    const secret = await createQuery(t, bob.key, 'SELECT 1 AS s', { is_private: true });
    const over = await createQuery(t, alice.key, `SELECT s FROM query_${secret}`);
    const before = await countRows(t, 'executions');
    const r = await t.call('POST', `${V1}/materialized-views`, {
      key: alice.key,
      body: { name: 'result_bad', query_id: over },
    });
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ error: `query_${secret}: Query not found` });
    expect(await countRows(t, 'executions')).toBe(before);
    // ...and nothing is saved: no half-made view.
    const get = await t.call('GET', `${V1}/materialized-views/dune.alice.result_bad`, {
      key: alice.key,
    });
    expect(get.status).toBe(404);
  });
});
