import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { SLOW_SQL, waitFinished } from '../test/executions-helpers.js';
import { MV, createQuery, refreshView, select, upsertView } from '../test/matviews-helpers.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
});
afterAll(() => t.close());

const setSql = async (q: number, sql: string) => {
  const r = await t.call('PATCH', `/api/v1/query/${q}`, {
    key: alice.key,
    body: { query_sql: sql },
  });
  expect(r.status, r.text).toBe(200);
};

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('a refresh that fails', () => {
  it('keeps the previous data and records the error in the history', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS x');
    const { name, executionId: first } = await upsertView(t, alice.key, {
      name: 'result_fails',
      query_id: q,
    });
    const before = (await t.call('GET', `${MV}/${name}`, { key: alice.key })).json;
    await setSql(q, 'SELECT * FROM no_such_table');
    const failed = await refreshView(t, alice.key, name);
    expect(failed.status.state).toBe('QUERY_STATE_FAILED');
    expect(failed.status.error.message).toMatch(/no_such_table/);
    expect((await select(t, bob.key, `SELECT * FROM ${name}`)).rows).toEqual([{ x: 1 }]);
    const view = (await t.call('GET', `${MV}/${name}`, { key: alice.key })).json;
    expect(view.refreshed_at).toBe(before.refreshed_at);
    expect(view.last_refresh).toMatchObject({ state: 'QUERY_STATE_FAILED', trigger: 'manual' });
    expect(view.last_execution_ids).toEqual([failed.executionId, first]);
    const history = await t.call('GET', `${MV}/${name}/refreshes`, { key: alice.readKey });
    expect(history.status).toBe(200);
    expect(history.json.refreshes).toMatchObject([
      {
        execution_id: failed.executionId,
        state: 'QUERY_STATE_FAILED',
        error: expect.stringMatching(/no_such_table/),
      },
      {
        execution_id: first,
        state: 'QUERY_STATE_COMPLETED',
        error: null,
        row_count: 1,
        trigger: 'upsert',
      },
    ]);
    const page = await t.call('GET', `${MV}/${name}/refreshes?limit=1`, { key: alice.key });
    expect(page.json.refreshes).toHaveLength(1);
    expect(page.json.next_offset).toBe(1);
    const last = await t.call('GET', `${MV}/${name}/refreshes?limit=1&offset=1`, {
      key: alice.key,
    });
    expect(last.json.refreshes[0].execution_id).toBe(first);
    expect(last.json).not.toHaveProperty('next_offset');
    // a good refresh afterwards swaps in new data
    await setSql(q, 'SELECT 2 AS x');
    expect((await refreshView(t, alice.key, name)).status.state).toBe('QUERY_STATE_COMPLETED');
    expect((await select(t, bob.key, `SELECT * FROM ${name}`)).rows).toEqual([{ x: 2 }]);
  });

  it('fails when result columns share a name (every column must be named), keeping the data', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS a, 2 AS b');
    const { name } = await upsertView(t, alice.key, { name: 'result_dupes', query_id: q });
    await setSql(q, 'SELECT 1 AS a, 2 AS A');
    const r = await refreshView(t, alice.key, name);
    expect(r.status.state).toBe('QUERY_STATE_FAILED');
    expect(r.status.error.message).toBe(
      'the view could not be stored: the result has more than one column named "A"; give every column its own name (AS ...)',
    );
    expect((await select(t, alice.key, `SELECT * FROM ${name}`)).rows).toEqual([{ a: 1, b: 2 }]);
  });

  it('a first refresh that fails leaves no table, and the view lists with no data', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS a, 1 AS a');
    const { name, status } = await upsertView(t, alice.key, { name: 'result_never', query_id: q });
    expect(status.state).toBe('QUERY_STATE_FAILED');
    const g = await t.call('GET', `${MV}/${name}`, { key: alice.key });
    expect(g.json).toMatchObject({ table_size_bytes: 0, row_count: 0, refreshed_at: null });
    expect((await select(t, alice.key, `SELECT * FROM ${name}`)).error).toMatch(/result_never/);
  });

  it('fails beyond the storage plan, keeping the data', async () => {
    const s = await createTestServer({
      plan: { creditsIncluded: 100, creditsLimit: 1000, storageBytes: 20_000 },
    });
    try {
      const u = await s.createUser('small');
      const q = await createQuery(s, u.key, 'SELECT 1 AS n');
      const { name } = await upsertView(s, u.key, { name: 'result_grow', query_id: q });
      const patch = await s.call('PATCH', `/api/v1/query/${q}`, {
        key: u.key,
        body: {
          query_sql: 'SELECT md5(range::VARCHAR) AS n FROM range(100000)',
          dialect: 'duckdb',
        },
      });
      expect(patch.status).toBe(200);
      const r = await s.call('POST', `${MV}/${name}/refresh`, { key: u.key });
      const status = await waitFinished(s, u.key, r.json.execution_id);
      expect(status.state).toBe('QUERY_STATE_FAILED');
      expect(status.error.message).toMatch(
        /^the view could not be stored: it would take \d+ bytes/,
      );
      const rows = await s.call('POST', '/api/v1/sql/execute', {
        key: u.key,
        body: { sql: `SELECT * FROM ${name}` },
      });
      const done = await waitFinished(s, u.key, rows.json.execution_id);
      expect(done.result_metadata.total_row_count).toBe(1);
    } finally {
      await s.close();
    }
  });

  it('is refused with 403 when the source query is archived', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS a');
    const { name } = await upsertView(t, alice.key, { name: 'result_archived', query_id: q });
    expect((await t.call('POST', `/api/v1/query/${q}/archive`, { key: alice.key })).status).toBe(
      200,
    );
    const r = await t.call('POST', `${MV}/${name}/refresh`, { key: alice.key });
    expect(r.status).toBe(403);
    expect(r.json.error).toMatch(/archived/);
  });
});

describe('never two refreshes of one view at once', () => {
  it('a refresh asked for while one runs answers the running one; delete cancels it', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS x');
    const { name } = await upsertView(t, alice.key, { name: 'result_busy', query_id: q });
    await setSql(q, SLOW_SQL);
    const first = await t.call('POST', `${MV}/${name}/refresh`, { key: alice.key });
    expect(first.status).toBe(200);
    const id = first.json.execution_id as string;
    await waitFor(async () => (await t.deps.executions.get(id))?.state === 'QUERY_STATE_EXECUTING');
    const second = await t.call('POST', `${MV}/${name}/refresh`, { key: alice.key });
    expect(second.json.execution_id).toBe(id);
    const upsert = await t.call('POST', MV, {
      key: alice.key,
      body: { name: 'result_busy', query_id: q },
    });
    expect(upsert.json.execution_id).toBe(id);
    expect(
      (
        await t.deps.matviews.refresh({
          contextId: alice.account.id,
          userId: null,
          apiKeyId: null,
          name,
          trigger: 'pipeline',
        })
      ).executionId,
    ).toBe(id);
    const history = await t.call('GET', `${MV}/${name}/refreshes`, { key: alice.key });
    expect(history.json.refreshes).toHaveLength(2); // the upsert's and the running one
    // readers keep the previous data meanwhile
    expect((await select(t, alice.key, `SELECT * FROM ${name}`)).rows).toEqual([{ x: 1 }]);
    const del = await t.call('DELETE', `${MV}/${name}`, { key: alice.key });
    expect(del.status).toBe(200);
    expect((await waitFinished(t, alice.key, id)).state).toBe('QUERY_STATE_CANCELLED');
    expect(await t.deps.lake.get('dune', 'alice', 'result_busy')).toBeUndefined();
  });
});

describe('the service interface pipelines use', () => {
  it('a refresh reaches its terminal state only after the new snapshot is served', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS x');
    const { name } = await upsertView(t, alice.key, {
      name: 'result_pipe',
      query_id: q,
      is_private: true,
    });
    await setSql(q, 'SELECT 2 AS x');
    const m = t.deps.matviews;
    expect((await m.find(alice.account.id, name))?.name).toBe('result_pipe');
    expect((await m.find(alice.account.id, 'result_pipe'))?.fullName).toBe(name);
    expect(await m.find(bob.account.id, name)).toBeUndefined();
    expect((await m.byFullName(name))?.isPrivate).toBe(true);
    expect(await m.byFullName('result_pipe')).toBeUndefined();
    await expect(
      m.refresh({
        contextId: bob.account.id,
        userId: null,
        apiKeyId: null,
        name,
        trigger: 'pipeline',
      }),
    ).rejects.toThrow(expect.objectContaining({ kind: 'not_found' }));
    const { executionId, view } = await m.refresh({
      contextId: alice.account.id,
      userId: alice.account.id,
      apiKeyId: null,
      name,
      trigger: 'pipeline',
    });
    expect(view.fullName).toBe(name);
    await t.deps.executions.settled(executionId);
    const e = (await t.deps.executions.get(executionId))!;
    expect(e.state).toBe('QUERY_STATE_COMPLETED');
    expect(e.source).toBe('pipeline');
    const table = (await t.deps.lake.get('dune', 'alice', 'result_pipe'))!;
    expect(table.metadata.execution_id).toBe(executionId);
    const history = await t.call('GET', `${MV}/${name}/refreshes?limit=1`, { key: alice.key });
    expect(history.json.refreshes[0]).toMatchObject({
      execution_id: executionId,
      trigger: 'pipeline',
    });
  });

  it('another context public view: 403 to refresh', () => {
    return (async () => {
      const q = await createQuery(t, alice.key, 'SELECT 1 AS x');
      const { name } = await upsertView(t, alice.key, { name: 'result_pub', query_id: q });
      await expect(
        t.deps.matviews.refresh({
          contextId: bob.account.id,
          userId: null,
          apiKeyId: null,
          name,
          trigger: 'pipeline',
        }),
      ).rejects.toThrow(expect.objectContaining({ kind: 'forbidden' }));
    })();
  });

  it('old snapshots are deleted once replaced and unread', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS x');
    const { name } = await upsertView(t, alice.key, { name: 'result_retire', query_id: q });
    const old = (await t.deps.lake.get('dune', 'alice', 'result_retire'))!;
    await refreshView(t, alice.key, name);
    const dir = t.deps.lake.snapshotDir(old.snapshot!);
    await waitFor(() => !fs.existsSync(dir));
    expect((await t.deps.lake.get('dune', 'alice', 'result_retire'))!.snapshot).not.toBe(
      old.snapshot,
    );
  });
});
