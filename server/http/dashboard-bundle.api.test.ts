import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFinished } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { saveQuery } from '../test/queries-helpers.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let pubQ: number; // public, SELECT {{n}} AS n, run with n=5 then n=6
let rangeQ: number; // public, 25 rows
let privQ: number; // private
let idleQ: number; // public, never run
let vizzes: { pub: number; pub2: number; range: number; priv: number; idle: number };
let shown: { dashboard_id: number; slug: string }; // public, all of them
let hidden: { dashboard_id: number; slug: string }; // private

const PRIVATE_SQL = "SELECT 'secret' AS word";

const query = (name: string, sql: string, isPrivate: boolean, params = false) =>
  saveQuery(t, alice.key, { name, sql, isPrivate, params });
async function run(queryId: number, parameters: object = {}) {
  const e = await t.call('POST', `/api/v1/query/${queryId}/execute`, {
    key: alice.key,
    body: { query_parameters: parameters },
  });
  expect(e.status).toBe(200);
  await waitFinished(t, alice.key, e.json.execution_id);
}
async function viz(queryId: number, name = `viz of ${queryId}`) {
  const r = await t.call('POST', `/api/v1/query/${queryId}/visualizations`, {
    key: alice.key,
    body: { name, type: 'table', options: {} },
  });
  return r.json.id as number;
}
async function dashboard(body: object) {
  const r = await t.call('POST', '/api/v1/dashboards', { key: alice.key, body });
  expect(r.status).toBe(200);
  return r.json as { dashboard_id: number; slug: string };
}

const call = (url: string, key?: string) => t.call('GET', `/api/v1${url}`, { key });
const bundle = (owner: string, slug: string, qs = '', key?: string) =>
  call(`/dashboards/by-slug/${owner}/${slug}/bundle${qs}`, key);
const pagesDir = () => path.join(t.dir, 'tmp', 'pages');

type Entry = {
  query_id: number;
  result: { result: { rows: unknown[] } } & Record<string, unknown>;
};

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('bundle_alice');
  bob = await t.createUser('bundle_bob');
  pubQ = await query('public', 'SELECT {{n}} AS n', false, true);
  rangeQ = await query('range', 'SELECT range AS i, range * 2 AS twice FROM range(25)', false);
  privQ = await query('Confidential revenue', PRIVATE_SQL, true);
  idleQ = await query('idle', 'SELECT 1 AS one', false);
  await run(pubQ, { n: 5 });
  await run(pubQ, { n: 6 });
  await run(rangeQ);
  await run(privQ);
  vizzes = {
    pub: await viz(pubQ),
    pub2: await viz(pubQ, 'second viz of the public query'),
    range: await viz(rangeQ),
    priv: await viz(privQ),
    idle: await viz(idleQ),
  };
  shown = await dashboard({
    name: 'Shown',
    visualization_ids: [vizzes.pub, vizzes.range, vizzes.priv, vizzes.idle, vizzes.pub2],
  });
  hidden = await dashboard({ name: 'Hidden', is_private: true, visualization_ids: [vizzes.pub] });
});
afterAll(() => t.close());

describe('GET /dashboards/by-slug/{owner}/{slug}/bundle', () => {
  it('answers what the three separate reads answer, for anonymous callers', async () => {
    const r = await bundle('bundle_alice', 'shown');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/json');
    const bySlug = await call('/dashboards/by-slug/bundle_alice/shown');
    expect(r.json.dashboard).toEqual(bySlug.json);
    const vis = await call(`/dashboards/${shown.dashboard_id}/visualizations`);
    expect(r.json.visualizations).toEqual(vis.json.visualizations);
    // One entry per readable query with a result, in widget order: never the private or idle one.
    const entries = r.json.latest_results as Entry[];
    expect(entries.map((e) => e.query_id)).toEqual([pubQ, rangeQ]);
    for (const [i, vid] of [vizzes.pub, vizzes.range].entries()) {
      const separate = await call(
        `/dashboards/${shown.dashboard_id}/visualizations/${vid}/results`,
      );
      expect(entries[i]!.result).toEqual(separate.json);
    }
    expect(entries[0]!.result.result.rows).toEqual([{ n: 6 }]);
    expect(r.text).not.toContain('secret');
    expect(r.text).not.toContain('Confidential');
    expect(r.text).not.toContain('SELECT');
  });

  it('gives a private query’s result only in its owner context', async () => {
    const own = await bundle('bundle_alice', 'shown', '', alice.readKey);
    expect(own.status).toBe(200);
    const entries = own.json.latest_results as Entry[];
    expect(entries.map((e) => e.query_id)).toEqual([pubQ, rangeQ, privQ]);
    expect(entries[2]!.result.result.rows).toEqual([{ word: 'secret' }]);

    const other = await bundle('bundle_alice', 'shown', '', bob.key);
    expect(other.status).toBe(200);
    expect((other.json.latest_results as Entry[]).map((e) => e.query_id)).toEqual([pubQ, rangeQ]);
    const priv = other.json.visualizations.find(
      (v: { visualization_id: number }) => v.visualization_id === vizzes.priv,
    );
    expect(priv).toMatchObject({ query: null, error: 'This visualization’s query is private.' });
    expect(other.text).not.toContain('secret');
  });

  it('names the values each result was run with, as the dashboard’s results reads do', async () => {
    const entries = (await bundle('bundle_alice', 'shown')).json.latest_results as Entry[];
    // No values given: the latest run of any values (n = 6, the last one), and which it is.
    expect(entries.find((e) => e.query_id === pubQ)!.result.query_parameters).toEqual({ n: '6' });
    // A query without parameters: none.
    expect(entries.find((e) => e.query_id === rangeQ)!.result.query_parameters).toEqual({});
    const results = (vid: number, qs = '') =>
      call(`/dashboards/${shown.dashboard_id}/visualizations/${vid}/results${qs}`);
    expect((await results(vizzes.pub)).json.query_parameters).toEqual({ n: '6' });
    const five = await results(vizzes.pub, '?params.n=5&limit=1');
    expect(five.json.query_parameters).toEqual({ n: '5' });
    expect(five.json.result.rows).toEqual([{ n: 5 }]);
    expect((await results(vizzes.range, '?limit=1')).json.query_parameters).toEqual({});
    // The query's own results read stays as the hosted service answers it.
    expect((await call(`/query/${pubQ}/results`, alice.key)).json).not.toHaveProperty(
      'query_parameters',
    );
    const doc = await call('/openapi.json');
    const op =
      doc.json.paths['/api/v1/dashboards/{dashboard_id}/visualizations/{visualization_id}/results']
        .get;
    expect(op.responses['200'].content['application/json'].schema.$ref).toContain(
      'DashboardVisualizationResult',
    );
  });

  it('pages each result by `limit`, with a next_uri anyone may follow', async () => {
    const r = await bundle('bundle_alice', 'shown', '?limit=10');
    expect(r.status).toBe(200);
    const range = (r.json.latest_results as Entry[]).find((e) => e.query_id === rangeQ)!.result;
    expect(range.result.rows).toHaveLength(10);
    expect(range.next_offset).toBe(10);
    // Nothing is written ahead for a bundle, and every page file is gone once it is read.
    await expect.poll(() => fs.readdirSync(pagesDir()).length).toBe(0);
    const next = String(range.next_uri);
    expect(next).toMatch(
      new RegExp(
        `/api/v1/dashboards/${shown.dashboard_id}/visualizations/${vizzes.range}/results\\?offset=10&limit=10$`,
      ),
    );
    const page2 = await t.call('GET', next.replace(/^https?:\/\/[^/]+/, ''));
    expect(page2.status).toBe(200);
    expect(page2.json.result.rows[0]).toEqual({ i: 10, twice: 20 });
    t.deps.executions.results.close(); // the page the walk's second step wrote ahead
  });

  it('is not found for unknown owners and slugs, and for a private dashboard elsewhere', async () => {
    const unknown = await bundle('bundle_alice', 'no-such-slug');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: 'Dashboard not found or private' });
    expect((await bundle('nobody_here', 'shown')).status).toBe(404);
    for (const key of [undefined, bob.key]) {
      const r = await bundle('bundle_alice', hidden.slug, '', key);
      expect(r.status).toBe(404);
      expect(r.json).toEqual(unknown.json);
    }
    const own = await bundle('bundle_alice', hidden.slug, '', alice.key);
    expect(own.status).toBe(200);
    expect(own.json.dashboard.is_private).toBe(true);
  });

  it('matches the owner and slug case-insensitively', async () => {
    const r = await bundle('BUNDLE_ALICE', 'Shown');
    expect(r.status).toBe(200);
    expect(r.json.dashboard.dashboard_id).toBe(shown.dashboard_id);
  });

  it('answers 400 for bad input and 401 for a bad key', async () => {
    for (const qs of ['?limit=0', '?limit=abc', '?limit=-3']) {
      const r = await bundle('bundle_alice', 'shown', qs);
      expect(r.status, qs).toBe(400);
      expect(r.json.error).toEqual(expect.any(String));
    }
    expect((await bundle('bundle_alice', 'x'.repeat(201))).status).toBe(400);
    expect((await bundle('bundle_alice', 'shown', '', 'not-a-key')).status).toBe(401);
  });

  it('leaves no page file behind after a HEAD request', async () => {
    await expect.poll(() => fs.readdirSync(pagesDir()).length).toBe(0);
    const r = await t.app.request('/api/v1/dashboards/by-slug/bundle_alice/shown/bundle', {
      method: 'HEAD',
    });
    expect(r.status).toBe(200);
    await expect.poll(() => fs.readdirSync(pagesDir()).length).toBe(0);
  });

  it('is in the OpenAPI document as a Strata extension', async () => {
    const doc = await call('/openapi.json');
    const op = doc.json.paths['/api/v1/dashboards/by-slug/{owner_handle}/{slug}/bundle'].get;
    expect(op.summary).toContain('(Strata extension)');
    expect(op.responses['200'].content['application/json'].schema.$ref).toContain(
      'DashboardBundleResponse',
    );
  });
});
