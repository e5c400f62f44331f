import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDeps } from '../wire.js';
import { SLOW_SQL } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { STOPPED_MESSAGE } from '../pipelines/pipelines-service.js';
import {
  createQuery,
  executePipeline,
  nodeStates,
  qnode,
  runPipeline,
  waitPipeline,
} from '../pipelines/pipelines-test-helpers.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let ok: number;
let slow: number;
let typed: number;
let bobPrivate: number;

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
  ok = await createQuery(t, alice.key, 'SELECT 1 AS one');
  slow = await createQuery(t, alice.key, SLOW_SQL);
  typed = await createQuery(t, alice.key, 'SELECT {{n}} AS n', {
    parameters: [{ key: 'n', type: 'number', value: '1' }],
  });
  bobPrivate = await createQuery(t, bob.key, 'SELECT 2 AS two', { is_private: true });
});
afterAll(async () => {
  await t.close();
});

const V1 = '/api/v1';

describe('GET /pipelines/executions/{id}/status', () => {
  it('answers the context’s own pipeline; 404 for another context’s, 400 for a malformed id', async () => {
    const status = await runPipeline(t, alice.key, [qnode(1, ok)]);
    const id = status.pipeline_execution_id as string;
    expect(status).toMatchObject({ status: 'completed', submitted_at: expect.any(String) });
    const read = await t.call('GET', `${V1}/pipelines/executions/${id}/status`, {
      key: alice.readKey,
    });
    expect(read.status).toBe(200);
    expect(read.json).toEqual(status);
    const lower = await t.call('GET', `${V1}/pipelines/executions/${id.toLowerCase()}/status`, {
      key: alice.key,
    });
    expect(lower.json.pipeline_execution_id).toBe(id);
    const other = await t.call('GET', `${V1}/pipelines/executions/${id}/status`, { key: bob.key });
    expect(other.status).toBe(404);
    expect(other.json.error).toBe('Pipeline execution not found');
    const unknown = await t.call('GET', `${V1}/pipelines/executions/${'0'.repeat(26)}/status`, {
      key: alice.key,
    });
    expect(unknown.status).toBe(404);
    const bad = await t.call('GET', `${V1}/pipelines/executions/nope/status`, { key: alice.key });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/pipeline execution ID \(ID: nope\) is invalid/);
    const anon = await t.call('GET', `${V1}/pipelines/executions/${id}/status`);
    expect(anon.status).toBe(401);
  });

  it('shows live states: a node waiting for its dependency is pending, the running one executing', async () => {
    const r = await executePipeline(t, alice.key, [qnode(1, slow), qnode(2, ok, [1])]);
    const id = r.json.pipeline_execution_id as string;
    const read = () => t.call('GET', `${V1}/pipelines/executions/${id}/status`, { key: alice.key });
    // Pending until its first node's execution is submitted and recorded, then executing.
    await expect
      .poll(async () => (await read()).json.status, { timeout: 20_000 })
      .toBe('executing');
    const live = await read();
    expect(live.json.status).toBe('executing');
    expect(live.json.ended_at).toBeNull();
    expect(live.json.node_executions[0].query_execution_status).toMatchObject({
      status: expect.stringMatching(/^(pending|executing)$/),
      execution_id: expect.any(String),
    });
    expect(live.json.node_executions[1].query_execution_status).toEqual({
      query_id: ok,
      query_name: expect.any(String),
      status: 'pending',
    });
    await t.call('POST', `${V1}/pipelines/executions/${id}/cancel`, { key: alice.key });
  });
});

describe('POST /pipelines/executions/{id}/cancel', () => {
  it('cancels the running node and the ones not started; a second cancel is false', async () => {
    const r = await executePipeline(t, alice.key, [
      qnode(1, slow),
      qnode(2, ok, [1]),
      qnode(3, ok, [2]),
    ]);
    const id = r.json.pipeline_execution_id as string;
    expect(
      (await t.call('POST', `${V1}/pipelines/executions/${id}/cancel`, { key: alice.readKey }))
        .status,
    ).toBe(403);
    expect(
      (await t.call('POST', `${V1}/pipelines/executions/${id}/cancel`, { key: bob.key })).status,
    ).toBe(404);
    const c = await t.call('POST', `${V1}/pipelines/executions/${id}/cancel`, { key: alice.key });
    expect(c.json).toEqual({ success: true });
    const status = await waitPipeline(t, alice.key, id);
    expect(status.status).toBe('cancelled');
    expect(status.error).toBeUndefined();
    expect(status.ended_at).toEqual(expect.any(String));
    expect(nodeStates(status)).toEqual({
      1: 'cancelled: the execution was cancelled',
      2: 'cancelled: the pipeline was cancelled',
      3: 'cancelled: the pipeline was cancelled',
    });
    const e = status.node_executions[0].query_execution_status.execution_id;
    expect((await t.deps.executions.get(e))?.state).toBe('QUERY_STATE_CANCELLED');
    const again = await t.call('POST', `${V1}/pipelines/executions/${id}/cancel`, {
      key: alice.key,
    });
    expect(again.json).toEqual({ success: false });
  });
});

describe('GET /pipelines/executions', () => {
  it('lists the context’s pipelines newest first, with next_offset', async () => {
    const s = await createTestServer();
    try {
      const u = await s.createUser('lister');
      const q = await createQuery(s, u.key, 'SELECT 1 AS one');
      const ids: string[] = [];
      for (let i = 0; i < 3; i++)
        ids.push((await runPipeline(s, u.key, [qnode(1, q)])).pipeline_execution_id);
      const page = await s.call('GET', `${V1}/pipelines/executions?limit=2`, { key: u.readKey });
      expect(page.status).toBe(200);
      expect(
        page.json.pipeline_executions.map(
          (p: { pipeline_execution_id: string }) => p.pipeline_execution_id,
        ),
      ).toEqual([ids[2], ids[1]]);
      expect(page.json.next_offset).toBe(2);
      const last = await s.call('GET', `${V1}/pipelines/executions?limit=2&offset=2`, {
        key: u.key,
      });
      expect(last.json.pipeline_executions).toHaveLength(1);
      expect(last.json.pipeline_executions[0].node_executions).toHaveLength(1);
      expect(last.json.next_offset).toBeUndefined();
      const other = await s.createUser('other');
      const none = await s.call('GET', `${V1}/pipelines/executions`, { key: other.key });
      expect(none.json).toEqual({ pipeline_executions: [] });
      for (const bad of ['limit=0', 'limit=101', 'offset=-1', 'limit=x']) {
        const r = await s.call('GET', `${V1}/pipelines/executions?${bad}`, { key: u.key });
        expect(r.status).toBe(400);
      }
      expect((await s.call('GET', `${V1}/pipelines/executions`)).status).toBe(401);
    } finally {
      await s.close();
    }
  });
});

describe('a query’s own pipeline', () => {
  it('GET /query/{id}/pipeline is the query node alone when it reads no view', async () => {
    const r = await t.call(
      'GET',
      `${V1}/query/${typed}/pipeline?performance=large&query_parameters=${encodeURIComponent('{"n": 3}')}`,
      { key: alice.readKey },
    );
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      pipeline: {
        nodes: [
          {
            id: 1,
            dependencies: [],
            query_execution: { query_id: typed, performance: 'large', query_parameters: { n: 3 } },
          },
        ],
      },
    });
    const plain = await t.call('GET', `${V1}/query/${ok}/pipeline`, { key: alice.key });
    expect(plain.json.pipeline.nodes[0].query_execution).toEqual({
      query_id: ok,
      performance: 'medium',
    });
  });

  it('GET /query/{id}/pipeline errors: 404, 400 for bad parameters or SQL that does not bind', async () => {
    const get = (id: number | string, qs = '', key = alice.key) =>
      t.call('GET', `${V1}/query/${id}/pipeline${qs}`, { key });
    expect((await get(bobPrivate)).status).toBe(404);
    expect((await get(999_999)).status).toBe(404);
    expect((await get('abc')).status).toBe(400);
    expect((await get(typed, '?query_parameters=notjson')).json.error).toMatch(/JSON object/);
    expect((await get(typed, `?query_parameters=${encodeURIComponent('{"n":"x"}')}`)).status).toBe(
      400,
    );
    expect((await get(typed, '?performance=huge')).status).toBe(400);
    const missing = await createQuery(t, alice.key, 'SELECT * FROM dune.bob.result_hidden');
    const unbound = await get(missing);
    expect(unbound.status).toBe(400);
    expect(unbound.json.error).toMatch(
      new RegExp(`query ${missing} cannot be bound.*result_hidden.*does not exist`),
    );
    expect((await t.call('GET', `${V1}/query/${ok}/pipeline`)).status).toBe(401);
  });

  it('POST /query/{id}/pipeline/execute runs it; 403 archived or read key, 404 unknown', async () => {
    const r = await t.call('POST', `${V1}/query/${typed}/pipeline/execute`, {
      key: alice.key,
      body: { performance: 'small', query_parameters: { n: 8 } },
    });
    expect(r.status).toBe(200);
    const status = await waitPipeline(t, alice.key, r.json.pipeline_execution_id);
    expect(status.status).toBe('completed');
    const e = await t.deps.executions.get(
      status.node_executions[0].query_execution_status.execution_id,
    );
    expect(e).toMatchObject({ performance: 'small', sql: 'SELECT 8 AS n', source: 'pipeline' });
    const noBody = await t.call('POST', `${V1}/query/${ok}/pipeline/execute`, { key: alice.key });
    expect(noBody.status).toBe(200);
    const post = (id: number, body: unknown, key = alice.key) =>
      t.call('POST', `${V1}/query/${id}/pipeline/execute`, { key, body });
    expect((await post(ok, {}, alice.readKey)).status).toBe(403);
    expect((await post(bobPrivate, {})).status).toBe(404);
    expect((await post(ok, { performance: 'x' })).status).toBe(400);
    expect((await post(ok, { query_parameters: 'x' })).status).toBe(400);
    const archived = await createQuery(t, alice.key, 'SELECT 9 AS nine');
    await t.call('POST', `${V1}/query/${archived}/archive`, { key: alice.key });
    const a = await post(archived, {});
    expect(a.status).toBe(403);
    expect(a.json.error).toMatch(/Not allowed to execute query/);
    const viaBody = await t.call('POST', `${V1}/pipelines/execute`, {
      key: alice.key,
      body: { query_id: bobPrivate },
    });
    expect(viaBody.status).toBe(404);
  });
});

describe('restarts', () => {
  it('stops writing on close, and fails pipelines left running when the service starts again', async () => {
    const s = await createTestServer();
    const u = await s.createUser('restarter');
    const slowQ = await createQuery(s, u.key, SLOW_SQL);
    const okQ = await createQuery(s, u.key, 'SELECT 1 AS one');
    const r = await executePipeline(s, u.key, [qnode(1, slowQ), qnode(2, okQ, [1])]);
    const id = r.json.pipeline_execution_id as string;
    // The runner submits node 1 after the answer (it reads the query first): close once it runs.
    const submitted = async () =>
      (await s.deps.pipelines.status(u.account.id, id)).node_executions[0]?.query_execution_status
        ?.execution_id;
    await expect.poll(submitted).toEqual(expect.any(String));
    await s.deps.close();
    const again = await buildDeps(s.config);
    try {
      const p = await again.pipelines.status(u.account.id, id);
      expect(p.status).toBe('failed');
      expect(p.error).toBe(STOPPED_MESSAGE);
      expect(nodeStates(p)).toEqual({
        1: `cancelled: ${STOPPED_MESSAGE}`,
        2: `skipped: not run: ${STOPPED_MESSAGE}`,
      });
    } finally {
      await again.close();
      fs.rmSync(s.dir, { recursive: true, force: true });
    }
  });
});
