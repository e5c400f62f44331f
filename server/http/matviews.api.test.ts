import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { waitFinished } from '../test/executions-helpers.js';
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

describe('POST /materialized-views', () => {
  it('creates a view, refreshes it, and serves it as dune.<handle>.<name>', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS x, 2 AS y');
    const r = await upsertView(t, alice.key, { name: 'result_Two_Cols', query_id: q });
    expect(r.name).toBe('dune.alice.result_two_cols');
    expect(r.executionId).toMatch(/^[0-9A-Z]{26}$/);
    expect(r.status.state).toBe('QUERY_STATE_COMPLETED');
    // the refresh is an ordinary execution with results
    const res = await t.call('GET', `/api/v1/execution/${r.executionId}/results`, {
      key: alice.key,
    });
    expect(res.json.result.rows).toEqual([{ x: 1, y: 2 }]);
    expect(await select(t, alice.key, 'SELECT * FROM dune.alice.result_two_cols')).toEqual({
      error: undefined,
      rows: [{ x: 1, y: 2 }],
    });
    // public: others read it too
    expect((await select(t, bob.key, 'SELECT y FROM dune.alice.result_two_cols')).rows).toEqual([
      { y: 2 },
    ]);
  });

  it('updates the view of the same query, and refuses its name for another query (409)', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 10 AS v');
    const first = await upsertView(t, alice.key, { name: 'result_same', query_id: q });
    const again = await upsertView(t, alice.key, {
      name: 'result_same',
      query_id: q,
      performance: 'large',
      cron_expression: '0 6 * * *',
    });
    expect(again.name).toBe(first.name);
    expect(again.executionId).not.toBe(first.executionId);
    const g = await t.call('GET', `${MV}/${first.name}`, { key: alice.key });
    expect(g.json.schedule).toMatchObject({ cron_expression: '0 6 * * *', performance: 'large' });
    expect(g.json.last_execution_ids).toEqual([again.executionId, first.executionId]);
    const other = await createQuery(t, alice.key, 'SELECT 11 AS v');
    const clash = await t.call('POST', MV, {
      key: alice.key,
      body: { name: 'RESULT_SAME', query_id: other },
    });
    expect(clash.status).toBe(409);
    expect(clash.json.error).toContain('dune.alice.result_same');
  });

  it('renames the view of a query when its name changes (the table moves)', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 5 AS five');
    await upsertView(t, alice.key, { name: 'result_before', query_id: q });
    const r = await upsertView(t, alice.key, { name: 'result_after', query_id: q });
    expect(r.name).toBe('dune.alice.result_after');
    expect((await t.call('GET', `${MV}/dune.alice.result_before`, { key: alice.key })).status).toBe(
      404,
    );
    expect((await select(t, alice.key, 'SELECT * FROM dune.alice.result_after')).rows).toEqual([
      { five: 5 },
    ]);
    expect((await select(t, alice.key, 'SELECT * FROM dune.alice.result_before')).error).toMatch(
      /result_before/,
    );
  });

  it('refuses a name taken by an uploaded table (409)', async () => {
    const up = await t.call('POST', '/api/v1/uploads', {
      key: alice.key,
      body: {
        namespace: 'alice',
        table_name: 'result_uploaded',
        schema: [{ name: 'a', type: 'integer' }],
      },
    });
    expect(up.status, up.text).toBe(200);
    const q = await createQuery(t, alice.key, 'SELECT 1 AS a');
    const r = await t.call('POST', MV, {
      key: alice.key,
      body: { name: 'result_uploaded', query_id: q },
    });
    expect(r.status).toBe(409);
  });

  it.each([
    [{ query_id: 1 }, /name/],
    [{ name: 'result_x' }, /query_id/],
    [{ name: 42, query_id: 1 }, /name/],
    [{ name: 'result_x', query_id: 'one' }, /query_id/],
    [{ name: 'result_x', query_id: 1, is_private: 'yes' }, /is_private/],
    [{ name: 'result_x', query_id: 1, performance: 'huge' }, /performance/],
    [{ name: 'result_x', query_id: 1, cron_expression: 5 }, /cron_expression/],
    [{ name: 'result_x', query_id: 1, cron_expression: 'x'.repeat(5000) }, /cron_expression/],
  ])('answers 400 for a bad body %#', async (body, message) => {
    const r = await t.call('POST', MV, { key: alice.key, body });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(message);
  });

  it.each(['x', 'result_', 'results_x', 'result_a-b', 'result_é', `result_${'a'.repeat(122)}`])(
    'answers 400 for the name %s',
    async (name) => {
      const q = await createQuery(t, alice.key, 'SELECT 1 AS a');
      const r = await t.call('POST', MV, { key: alice.key, body: { name, query_id: q } });
      expect(r.status).toBe(400);
      expect(r.json.error).toContain('starts with "result_"');
    },
  );

  it('accepts the longest name', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS a');
    const name = `result_${'a'.repeat(121)}`;
    expect((await upsertView(t, alice.key, { name, query_id: q })).name).toBe(`dune.alice.${name}`);
  });

  it.each([
    ['0 0 * * * *', /five fields/],
    ['61 * * * *', /minute/],
    ['@daily', /five fields/],
    ['*/5 * * * *', /5 minutes apart; the shortest interval allowed is 15 minutes/],
    ['0,10 * * * *', /10 minutes apart/],
    ['0 0 31 2 *', /never runs/],
  ])('answers 400 for the cron_expression %s', async (cron, message) => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS a');
    const r = await t.call('POST', MV, {
      key: alice.key,
      body: { name: 'result_cron', query_id: q, cron_expression: cron },
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(message);
  });

  it.each([
    ['yesterday', /ISO 8601/],
    ['2001-01-01T00:00:00Z', /not in the future/],
    ['2030-13-45T00:00:00Z', /ISO 8601/],
  ])('answers 400 for expires_at %s', async (expires, message) => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS a');
    const r = await t.call('POST', MV, {
      key: alice.key,
      body: { name: 'result_exp', query_id: q, cron_expression: '0 * * * *', expires_at: expires },
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(message);
  });

  it('answers 404 for an unknown or another context private query, 403 for another public one or an archived one', async () => {
    const mine = await createQuery(t, alice.key, 'SELECT 1 AS a');
    const theirsPrivate = await createQuery(t, bob.key, 'SELECT 1 AS a', { is_private: true });
    const theirsPublic = await createQuery(t, bob.key, 'SELECT 1 AS a');
    const post = (query_id: number, key = alice.key) =>
      t.call('POST', MV, { key, body: { name: 'result_q', query_id } });
    expect((await post(999_999)).status).toBe(404);
    expect((await post(999_999)).json.error).toMatch(/Query not found/);
    expect((await post(theirsPrivate)).status).toBe(404);
    expect((await post(theirsPublic)).status).toBe(403);
    const archive = await t.call('POST', `/api/v1/query/${mine}/archive`, { key: alice.key });
    expect(archive.status, archive.text).toBe(200);
    expect((await post(mine)).status).toBe(403);
  });

  it('needs a read_write key (403) and a key at all (401)', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS a');
    const body = { name: 'result_scope', query_id: q };
    expect((await t.call('POST', MV, { key: alice.readKey, body })).status).toBe(403);
    expect((await t.call('POST', MV, { body })).status).toBe(401);
    expect((await t.call('POST', MV, { key: 'nope', body })).status).toBe(401);
  });

  it('answers 402 over the billing limit, saving nothing', async () => {
    const s = await createTestServer({
      plan: { creditsIncluded: 0, creditsLimit: 0, storageBytes: 1e9 },
    });
    try {
      const u = await s.createUser('broke');
      const q = await createQuery(s, u.key, 'SELECT 1 AS a');
      const r = await s.call('POST', MV, { key: u.key, body: { name: 'result_b', query_id: q } });
      expect(r.status).toBe(402);
      expect((await s.call('GET', MV, { key: u.key })).json.materialized_views).toEqual([]);
    } finally {
      await s.close();
    }
  });
});

describe('private views', () => {
  it('are served only to their owner context; others get 404 everywhere', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 42 AS secret');
    const { name } = await upsertView(t, alice.key, {
      name: 'result_private',
      query_id: q,
      is_private: true,
    });
    expect((await select(t, alice.key, `SELECT * FROM ${name}`)).rows).toEqual([{ secret: 42 }]);
    expect((await select(t, bob.key, `SELECT * FROM ${name}`)).error).toMatch(/result_private/);
    for (const [method, path] of [
      ['GET', `${MV}/${name}`],
      ['GET', `${MV}/${name}/refreshes`],
      ['DELETE', `${MV}/${name}`],
      ['POST', `${MV}/${name}/refresh`],
    ] as const) {
      const r = await t.call(method, path, { key: bob.key });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.json.error).toBe('Materialized view not found');
    }
    expect((await t.call('GET', `/api/v1/datasets/${name}`, { key: bob.key })).status).toBe(404);
    expect((await t.call('GET', `/api/v1/datasets/${name}`, { key: alice.key })).status).toBe(200);
  });

  it('turning a view private (or public) changes its table at once', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 7 AS n');
    const { name } = await upsertView(t, alice.key, { name: 'result_flip', query_id: q });
    expect((await select(t, bob.key, `SELECT * FROM ${name}`)).rows).toEqual([{ n: 7 }]);
    const r = await t.call('POST', MV, {
      key: alice.key,
      body: { name: 'result_flip', query_id: q, is_private: true },
    });
    expect(r.status).toBe(200);
    // at once, before the refresh it started has finished
    expect((await select(t, bob.key, `SELECT * FROM ${name}`)).error).toMatch(/result_flip/);
    await waitFinished(t, alice.key, r.json.execution_id);
    expect((await t.call('GET', `${MV}/${name}`, { key: alice.key })).json.is_private).toBe(true);
  });

  it('a view of a private query is private unless told otherwise', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS a', { is_private: true });
    const { name } = await upsertView(t, alice.key, { name: 'result_of_private', query_id: q });
    expect((await t.call('GET', `${MV}/${name}`, { key: alice.key })).json.is_private).toBe(true);
  });
});

describe('GET /materialized-views and /materialized-views/{name}', () => {
  it('lists only the caller context, by name, with next_offset while more follow', async () => {
    const s = await createTestServer();
    try {
      const u = await s.createUser('lister');
      const other = await s.createUser('other');
      for (const n of ['result_c', 'result_a', 'result_b']) {
        const q = await createQuery(s, u.key, `SELECT '${n}' AS n`);
        await upsertView(s, u.key, { name: n, query_id: q, cron_expression: '30 * * * *' });
      }
      const oq = await createQuery(s, other.key, 'SELECT 1 AS n');
      await upsertView(s, other.key, { name: 'result_other', query_id: oq });
      const page1 = await s.call('GET', `${MV}?limit=2`, { key: u.readKey });
      expect(page1.status).toBe(200);
      expect(page1.json.materialized_views.map((v: { name: string }) => v.name)).toEqual([
        'result_a',
        'result_b',
      ]);
      expect(page1.json.next_offset).toBe(2);
      const page2 = await s.call('GET', `${MV}?limit=2&offset=2`, { key: u.readKey });
      expect(page2.json.materialized_views.map((v: { name: string }) => v.name)).toEqual([
        'result_c',
      ]);
      expect(page2.json).not.toHaveProperty('next_offset');
      const el = page2.json.materialized_views[0];
      expect(el).toEqual({
        id: expect.any(String),
        sql_id: 'dune.lister.result_c',
        query_id: expect.any(Number),
        is_private: false,
        table_size_bytes: expect.any(Number),
        name: 'result_c',
        query_name: 'source',
        row_count: 1,
        created_at: expect.any(String),
        refreshed_at: expect.any(String),
        last_refresh: {
          execution_id: expect.any(String),
          state: 'QUERY_STATE_COMPLETED',
          trigger: 'upsert',
          performance: 'medium',
          submitted_at: expect.any(String),
          ended_at: expect.any(String),
          error: null,
          row_count: 1,
        },
        schedule: {
          cron_expression: '30 * * * *',
          expires_at: null,
          next_execution_time: expect.stringMatching(/:30:00\.000Z$/),
          performance: 'medium',
        },
      });
      expect(el.table_size_bytes).toBeGreaterThan(0);
      for (const qs of ['?limit=0', '?limit=x', '?offset=-1'])
        expect((await s.call('GET', `${MV}${qs}`, { key: u.key })).status).toBe(400);
      expect((await s.call('GET', `${MV}?limit=99999`, { key: u.key })).status).toBe(200);
      expect((await s.call('GET', MV)).status).toBe(401);
    } finally {
      await s.close();
    }
  });

  it('answers a view by full or short name, with owners and without schedule when none', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 3 AS c');
    const { name, executionId } = await upsertView(t, alice.key, {
      name: 'result_get',
      query_id: q,
    });
    const full = await t.call('GET', `${MV}/${name}`, { key: alice.readKey });
    expect(full.status).toBe(200);
    expect(full.json).toMatchObject({
      sql_id: 'dune.alice.result_get',
      query_id: q,
      owner_user_id: alice.account.id,
      owner_team_id: null,
      last_execution_ids: [executionId],
      row_count: 1,
    });
    expect(full.json).not.toHaveProperty('schedule');
    const short = await t.call('GET', `${MV}/result_get`, { key: alice.key });
    expect(short.json.sql_id).toBe('dune.alice.result_get');
    const quoted = await t.call('GET', `${MV}/dune.%22ALICE%22.result_get`, { key: alice.key });
    expect(quoted.json.sql_id).toBe('dune.alice.result_get');
    // another context reads a public view by its full name, not by the short one
    expect((await t.call('GET', `${MV}/${name}`, { key: bob.key })).status).toBe(200);
    expect((await t.call('GET', `${MV}/result_get`, { key: bob.key })).status).toBe(404);
    for (const n of [
      'result_nope',
      'dune.alice.result_nope',
      'dune.nobody.result_get',
      'a.b',
      'x'.repeat(5000),
    ])
      expect((await t.call('GET', `${MV}/${n}`, { key: alice.key })).status).toBe(404);
  });

  it('team views carry owner_team_id and live in the team namespace', async () => {
    const team = await t.createTeam('crew', alice);
    const q = await createQuery(t, team.key, 'SELECT 1 AS a');
    const { name } = await upsertView(t, team.key, { name: 'result_team', query_id: q });
    expect(name).toBe('dune.crew.result_team');
    const g = await t.call('GET', `${MV}/${name}`, { key: team.key });
    expect(g.json).toMatchObject({ owner_team_id: team.account.id, owner_user_id: null });
  });
});

describe('DELETE /materialized-views/{name}', () => {
  it('removes the view and its table; only the owner may', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS gone');
    const { name } = await upsertView(t, alice.key, { name: 'result_delete', query_id: q });
    expect((await t.call('DELETE', `${MV}/${name}`, { key: bob.key })).status).toBe(403);
    expect((await t.call('DELETE', `${MV}/${name}`, { key: alice.readKey })).status).toBe(403);
    const r = await t.call('DELETE', `${MV}/${name}`, { key: alice.key });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ message: `Materialized view ${name} deleted` });
    expect((await t.call('GET', `${MV}/${name}`, { key: alice.key })).status).toBe(404);
    expect((await select(t, alice.key, `SELECT * FROM ${name}`)).error).toMatch(/result_delete/);
    expect((await t.call('DELETE', `${MV}/${name}`, { key: alice.key })).status).toBe(404);
    expect((await t.call('GET', `/api/v1/datasets/${name}`, { key: alice.key })).status).toBe(404);
    // the name is free again, also for another query
    const q2 = await createQuery(t, alice.key, 'SELECT 2 AS back');
    await upsertView(t, alice.key, { name: 'result_delete', query_id: q2 });
    expect((await select(t, alice.key, `SELECT * FROM ${name}`)).rows).toEqual([{ back: 2 }]);
  });
});

describe('POST /materialized-views/{name}/refresh', () => {
  it('runs the query current SQL, in the view tier unless told; only the owner may', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS v');
    const { name } = await upsertView(t, alice.key, {
      name: 'result_refresh',
      query_id: q,
      performance: 'small',
    });
    const patch = await t.call('PATCH', `/api/v1/query/${q}`, {
      key: alice.key,
      body: { query_sql: 'SELECT 2 AS v' },
    });
    expect(patch.status).toBe(200);
    const r = await t.call('POST', `${MV}/${name}/refresh`, { key: alice.key });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ sql_id: name, execution_id: expect.any(String) });
    const status = await waitFinished(t, alice.key, r.json.execution_id);
    expect(status.state).toBe('QUERY_STATE_COMPLETED');
    expect((await t.deps.executions.get(r.json.execution_id))?.performance).toBe('small');
    expect((await select(t, bob.key, `SELECT * FROM ${name}`)).rows).toEqual([{ v: 2 }]);
    const large = await refreshView(t, alice.key, name, { performance: 'large' });
    expect((await t.deps.executions.get(large.executionId))?.performance).toBe('large');
    expect((await t.call('POST', `${MV}/${name}/refresh`, { key: bob.key })).status).toBe(403);
    expect((await t.call('POST', `${MV}/${name}/refresh`, { key: alice.readKey })).status).toBe(
      403,
    );
    const bad = await t.call('POST', `${MV}/${name}/refresh`, {
      key: alice.key,
      body: { performance: 'enormous' },
    });
    expect(bad.status).toBe(400);
    expect(
      (await t.call('POST', `${MV}/${name}/refresh`, { key: alice.key, body: 'not json' })).status,
    ).toBe(400);
    expect((await t.call('POST', `${MV}/result_unknown/refresh`, { key: alice.key })).status).toBe(
      404,
    );
  });
});

describe('catalog and storage', () => {
  it('a view is a dataset (found by search) and counts in storage usage', async () => {
    const tablesBytes = async () =>
      (await t.call('GET', '/api/v1/usage', { key: bob.key })).json.storage.tables_bytes;
    const before = await tablesBytes();
    const q = await createQuery(t, bob.key, 'SELECT range AS zebra_stripes FROM range(1000)', {
      name: 'Zebra counter',
    });
    const { name } = await upsertView(t, bob.key, { name: 'result_zebra', query_id: q });
    const ds = await t.call('GET', `/api/v1/datasets/${name}`, { key: alice.key });
    expect(ds.status).toBe(200);
    expect(ds.json).toMatchObject({
      full_name: name,
      type: 'materialized_view',
      is_private: false,
      owner: { handle: 'bob' },
    });
    expect(ds.json.columns.map((c: { name: string }) => c.name)).toEqual(['zebra_stripes']);
    const search = await t.call('GET', '/api/v1/datasets?q=zebra', { key: alice.key });
    expect(search.status).toBe(200);
    expect(JSON.stringify(search.json)).toContain('result_zebra');
    const after = await tablesBytes();
    const view = await t.call('GET', `${MV}/${name}`, { key: bob.key });
    expect(view.json.table_size_bytes).toBeGreaterThan(0);
    expect(after - before).toBe(view.json.table_size_bytes);
  });
});

describe('the OpenAPI document', () => {
  it('declares every materialized view route, with the refresh states', async () => {
    const doc = (await t.call('GET', '/api/v1/openapi.json')).json;
    const paths = doc.paths as Record<string, Record<string, { description?: string }>>;
    expect(Object.keys(paths['/api/v1/materialized-views']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/v1/materialized-views/{name}']!).sort()).toEqual([
      'delete',
      'get',
    ]);
    expect(paths['/api/v1/materialized-views/{name}/refresh']!.post!.description).toContain(
      'QUERY_STATE_FAILED (the previous snapshot is still served',
    );
    expect(paths['/api/v1/materialized-views/{name}/refreshes']).toHaveProperty('get');
  });
});
