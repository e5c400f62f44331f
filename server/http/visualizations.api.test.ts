import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let publicQuery: number;
let privateQuery: number;

const CHART = {
  name: 'Volume per day',
  type: 'chart',
  description: 'Daily USD volume',
  options: {
    globalSeriesType: 'line',
    columnMapping: { day: 'x', volume_usd: 'y' },
    yAxis: [{ title: { text: 'USD' } }],
    series: { stacking: null },
    numberFormat: '$0.0a',
  },
};

async function query(u: TestUser, isPrivate = false): Promise<number> {
  const r = await t.call('POST', '/api/v1/query', {
    key: u.key,
    body: { name: 'q', query_sql: 'SELECT 1 AS day, 2 AS volume_usd', is_private: isPrivate },
  });
  expect(r.status).toBe(200);
  return r.json.query_id;
}

async function createViz(queryId: number, body: object = CHART, key = alice.key) {
  return t.call('POST', `/api/v1/query/${queryId}/visualizations`, { key, body });
}

const tick = () => new Promise((r) => setTimeout(r, 5));

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('viz_alice');
  bob = await t.createUser('viz_bob');
  publicQuery = await query(alice);
  privateQuery = await query(alice, true);
});
afterAll(() => t.close());

describe('POST /query/{id}/visualizations', () => {
  it('creates a visualization and stores options as given', async () => {
    const r = await createViz(publicQuery);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ id: expect.any(Number) });
    const got = await t.call('GET', `/api/v1/visualizations/${r.json.id}`, { key: alice.key });
    expect(got.status).toBe(200);
    expect(got.json).toEqual({
      id: r.json.id,
      query_id: publicQuery,
      name: CHART.name,
      type: 'chart',
      description: CHART.description,
      options: CHART.options,
      created_at: expect.any(String),
      updated_at: got.json.created_at,
      version: 1,
    });
  });

  it('defaults description to "" and options to {}, and accepts every hosted type', async () => {
    for (const type of ['table', 'counter', 'pivot', 'sankey', 'word_cloud']) {
      const r = await createViz(publicQuery, { name: type, type });
      expect(r.status).toBe(200);
      const got = await t.call('GET', `/api/v1/visualizations/${r.json.id}`, { key: alice.key });
      expect(got.json).toMatchObject({ type, description: '', options: {} });
    }
  });

  it('answers 400 for bad bodies, naming the field', async () => {
    const cases: [object, RegExp][] = [
      [{ type: 'chart' }, /^Invalid request body payload: name: /],
      [{ name: '', type: 'chart' }, /name/],
      [{ name: 'x'.repeat(301), type: 'chart' }, /name/],
      [{ name: 7, type: 'chart' }, /name/],
      [{ name: 'x', type: 'bar' }, /type: .*"chart"/],
      [{ name: 'x' }, /type/],
      [{ name: 'x', type: 'table', description: 'd'.repeat(1001) }, /description/],
      [{ name: 'x', type: 'table', options: [1, 2] }, /options/],
      [{ name: 'x', type: 'table', options: 'big' }, /options/],
      [
        { name: 'x', type: 'table', options: { blob: 'x'.repeat(300_000) } },
        /options must be at most/,
      ],
    ];
    for (const [body, message] of cases) {
      const r = await createViz(publicQuery, body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.json.error).toMatch(message);
    }
    const notJson = await t.call('POST', `/api/v1/query/${publicQuery}/visualizations`, {
      key: alice.key,
      raw: { body: '{nope', contentType: 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect((await createViz(0.5 as unknown as number)).status).toBe(400);
    expect(
      (await t.call('POST', '/api/v1/query/abc/visualizations', { key: alice.key, body: CHART }))
        .status,
    ).toBe(400);
  });

  it('answers 400 for a temporary query', async () => {
    const temp = await t.deps.queries.create(
      { contextId: alice.account.id, userId: null },
      {
        name: 'tmp',
        query_sql: 'SELECT 1',
        is_temp: true,
      },
    );
    const r = await createViz(temp.id);
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/temporary/);
    // Another context cannot even see it.
    expect((await createViz(temp.id, CHART, bob.key)).status).toBe(404);
  });

  it('answers 401 without a valid key and 403 with a read key', async () => {
    const none = await t.call('POST', `/api/v1/query/${publicQuery}/visualizations`, {
      body: CHART,
    });
    expect(none.status).toBe(401);
    expect((await createViz(publicQuery, CHART, 'bad-key')).status).toBe(401);
    const read = await createViz(publicQuery, CHART, alice.readKey);
    expect(read.status).toBe(403);
    expect(read.json.error).toMatch(/read_write/);
  });

  it('answers 403 on another context’s public query and 404 on its private one or unknown ids', async () => {
    const pub = await createViz(publicQuery, CHART, bob.key);
    expect(pub.status).toBe(403);
    expect(pub.json.error).toMatch(/owner/);
    expect((await createViz(privateQuery, CHART, bob.key)).status).toBe(404);
    expect((await createViz(987654)).status).toBe(404);
    // The owner may add to its private query.
    expect((await createViz(privateQuery)).status).toBe(200);
  });
});

describe('GET /query/{id}/visualizations', () => {
  it('lists with total_count, limit and offset, oldest first', async () => {
    const q = await query(alice);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await createViz(q, { name: `v${i}`, type: 'table' })).json.id);
    const all = await t.call('GET', `/api/v1/query/${q}/visualizations`, { key: alice.readKey });
    expect(all.status).toBe(200);
    expect(all.json.total_count).toBe(3);
    expect(all.json.results.map((v: { id: number }) => v.id)).toEqual(ids);
    expect(all.json.results[0]).toEqual({
      id: ids[0],
      name: 'v0',
      type: 'table',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const page = await t.call('GET', `/api/v1/query/${q}/visualizations?limit=1&offset=1`, {
      key: alice.key,
    });
    expect(page.json).toMatchObject({ total_count: 3, results: [{ id: ids[1] }] });
    const huge = await t.call('GET', `/api/v1/query/${q}/visualizations?limit=99999999`, {
      key: alice.key,
    });
    expect(huge.status).toBe(200);
    expect(huge.json.results).toHaveLength(3);
    // Another context reads a public query's visualizations.
    const other = await t.call('GET', `/api/v1/query/${q}/visualizations`, { key: bob.key });
    expect(other.json.total_count).toBe(3);
  });

  it('answers 400 for bad paging, 401 anonymous, 404 for a private query of another', async () => {
    const bad = await t.call('GET', `/api/v1/query/${publicQuery}/visualizations?limit=-1`, {
      key: alice.key,
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await t.call('GET', `/api/v1/query/${publicQuery}/visualizations?offset=x`, {
          key: alice.key,
        })
      ).status,
    ).toBe(400);
    expect((await t.call('GET', `/api/v1/query/${publicQuery}/visualizations`)).status).toBe(401);
    expect(
      (await t.call('GET', `/api/v1/query/${privateQuery}/visualizations`, { key: bob.key }))
        .status,
    ).toBe(404);
    expect(
      (await t.call('GET', `/api/v1/query/${privateQuery}/visualizations`, { key: alice.key }))
        .status,
    ).toBe(200);
  });
});

describe('GET /visualizations/{id}', () => {
  it('hides a private query’s visualization from other contexts and anonymous callers', async () => {
    const id = (await createViz(privateQuery)).json.id;
    expect((await t.call('GET', `/api/v1/visualizations/${id}`, { key: alice.key })).status).toBe(
      200,
    );
    const other = await t.call('GET', `/api/v1/visualizations/${id}`, { key: bob.key });
    expect(other.status).toBe(404);
    expect(other.json.error).toBe('Visualization not found or private');
    expect((await t.call('GET', `/api/v1/visualizations/${id}`)).status).toBe(401);
    expect((await t.call('GET', '/api/v1/visualizations/424242', { key: alice.key })).status).toBe(
      404,
    );
    expect((await t.call('GET', '/api/v1/visualizations/nope', { key: alice.key })).status).toBe(
      400,
    );
  });

  it('is readable by another context when the query is public', async () => {
    const id = (await createViz(publicQuery)).json.id;
    const r = await t.call('GET', `/api/v1/visualizations/${id}`, { key: bob.readKey });
    expect(r.status).toBe(200);
    expect(r.json.options).toEqual(CHART.options);
  });
});

describe('PATCH and PUT /visualizations/{id}', () => {
  it('changes the given fields, replaces options whole and bumps updated_at', async () => {
    const id = (await createViz(publicQuery)).json.id;
    const before = (await t.call('GET', `/api/v1/visualizations/${id}`, { key: alice.key })).json;
    await tick();
    const r = await t.call('PATCH', `/api/v1/visualizations/${id}`, {
      key: alice.key,
      body: { name: 'Renamed', options: { globalSeriesType: 'column' } },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ id });
    const after = (await t.call('GET', `/api/v1/visualizations/${id}`, { key: alice.key })).json;
    expect(after).toMatchObject({
      name: 'Renamed',
      type: 'chart',
      description: CHART.description,
      options: { globalSeriesType: 'column' },
      created_at: before.created_at,
    });
    expect(after.updated_at > before.updated_at).toBe(true);
    const put = await t.call('PUT', `/api/v1/visualizations/${id}`, {
      key: alice.key,
      body: { name: 'Counter', type: 'counter', description: '', options: { counterColName: 'x' } },
    });
    expect(put.status).toBe(200);
    const final = (await t.call('GET', `/api/v1/visualizations/${id}`, { key: alice.key })).json;
    expect(final).toMatchObject({
      name: 'Counter',
      type: 'counter',
      description: '',
      options: { counterColName: 'x' },
    });
  });

  it('answers 400, 401, 403 and 404 as it should', async () => {
    const id = (await createViz(publicQuery)).json.id;
    const patch = (body: unknown, key?: string, vid: number | string = id) =>
      t.call('PATCH', `/api/v1/visualizations/${vid}`, { key, body });
    expect((await patch({}, alice.key)).status).toBe(400);
    expect((await patch({ type: 'pie' }, alice.key)).status).toBe(400);
    expect((await patch({ name: 'x'.repeat(301) }, alice.key)).status).toBe(400);
    expect((await patch({ name: 'x' })).status).toBe(401);
    expect((await patch({ name: 'x' }, alice.readKey)).status).toBe(403);
    expect((await patch({ name: 'x' }, bob.key)).status).toBe(403);
    const priv = (await createViz(privateQuery)).json.id;
    expect((await patch({ name: 'x' }, bob.key, priv)).status).toBe(404);
    expect((await patch({ name: 'x' }, alice.key, 555555)).status).toBe(404);
    expect(
      (
        await t.call('PUT', `/api/v1/visualizations/${id}`, {
          key: bob.key,
          body: { name: 'x', type: 'table' },
        })
      ).status,
    ).toBe(403);
    // Nothing changed.
    const got = await t.call('GET', `/api/v1/visualizations/${id}`, { key: alice.key });
    expect(got.json.name).toBe(CHART.name);
  });
});

describe('DELETE /visualizations/{id}', () => {
  it('deletes for good; 401, 403, 404 otherwise', async () => {
    const id = (await createViz(publicQuery)).json.id;
    expect((await t.call('DELETE', `/api/v1/visualizations/${id}`)).status).toBe(401);
    expect(
      (await t.call('DELETE', `/api/v1/visualizations/${id}`, { key: alice.readKey })).status,
    ).toBe(403);
    expect((await t.call('DELETE', `/api/v1/visualizations/${id}`, { key: bob.key })).status).toBe(
      403,
    );
    const r = await t.call('DELETE', `/api/v1/visualizations/${id}`, { key: alice.key });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ok: true });
    expect((await t.call('GET', `/api/v1/visualizations/${id}`, { key: alice.key })).status).toBe(
      404,
    );
    expect(
      (await t.call('DELETE', `/api/v1/visualizations/${id}`, { key: alice.key })).status,
    ).toBe(404);
  });

  it('removes its dashboard widgets and the parameter widgets that drove them', async () => {
    const q = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: {
        name: 'param',
        query_sql: 'SELECT {{n}} AS n',
        parameters: [{ key: 'n', type: 'number', value: '1' }],
      },
    });
    const qid = q.json.query_id;
    const keep = (await createViz(qid, { name: 'keep', type: 'table' })).json.id;
    const gone = (await createViz(qid, { name: 'gone', type: 'table' })).json.id;
    const d = await t.call('POST', '/api/v1/dashboards', {
      key: alice.key,
      body: { name: 'Cascade', visualization_ids: [keep, gone] },
    });
    const [wKeep, wGone] = d.json.visualization_widgets;
    const patched = await t.call('PATCH', `/api/v1/dashboards/${d.json.dashboard_id}`, {
      key: alice.key,
      body: {
        param_widgets: [
          { key: 'n', query_id: qid, visualization_widget_id: wKeep.widget_id },
          { key: 'n', query_id: qid, visualization_widget_id: wGone.widget_id },
        ],
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.json.param_widgets).toHaveLength(2);
    await tick();
    expect(
      (await t.call('DELETE', `/api/v1/visualizations/${gone}`, { key: alice.key })).status,
    ).toBe(200);
    const after = await t.call('GET', `/api/v1/dashboards/${d.json.dashboard_id}`, {
      key: alice.key,
    });
    expect(after.status).toBe(200);
    expect(after.json.visualization_widgets).toEqual([wKeep]);
    expect(after.json.param_widgets).toEqual([patched.json.param_widgets[0]]);
    expect(after.json.updated_at > patched.json.updated_at).toBe(true);
    // Nothing dangling is left in the store either.
    const rows = await t.deps.store.db
      .selectFrom('dashboard_widgets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('dashboard_id', '=', d.json.dashboard_id)
      .executeTakeFirstOrThrow();
    expect(rows.n).toBe(2);
    // The dashboard still renders its remaining visualizations.
    const vs = await t.call('GET', `/api/v1/dashboards/${d.json.dashboard_id}/visualizations`, {
      key: alice.key,
    });
    expect(
      vs.json.visualizations.map((v: { visualization_id: number }) => v.visualization_id),
    ).toEqual([keep]);
  });
});
