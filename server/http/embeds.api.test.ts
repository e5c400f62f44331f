import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { waitFinished } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { saveQuery } from '../test/queries-helpers.js';

let t: TestServer;
let app: ReturnType<typeof createApp>;
let alice: TestUser;
let pubQ: number; // public, SELECT {{n}} AS n, run with n=5 then n=6
let privQ: number; // private
let archivedQ: number; // public, archived
let vizzes: { pub: number; priv: number; archived: number };
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-dist-'));
const INDEX =
  '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>';
const EMBED =
  '<!doctype html><html lang="en"><head><script type="module" src="/assets/embed-1.js"></script></head><body><div id="embed"></div></body></html>';
const SECRET_NAME = 'Confidential revenue';

async function run(queryId: number, parameters: object = {}) {
  const e = await t.call('POST', `/api/v1/query/${queryId}/execute`, {
    key: alice.key,
    body: { query_parameters: parameters },
  });
  expect(e.status).toBe(200);
  await waitFinished(t, alice.key, e.json.execution_id);
}
async function viz(queryId: number, name: string) {
  const r = await t.call('POST', `/api/v1/query/${queryId}/visualizations`, {
    key: alice.key,
    body: { name, type: 'counter', options: { counterColName: 'n' } },
  });
  expect(r.status).toBe(200);
  return r.json.id as number;
}
async function dashboard(body: object) {
  const r = await t.call('POST', '/api/v1/dashboards', { key: alice.key, body });
  expect(r.status).toBe(200);
  return r.json as { dashboard_id: number; slug: string };
}
const page = (p: string, headers: Record<string, string> = {}) => app.request(p, { headers });

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'embed.html'), EMBED);
  fs.writeFileSync(path.join(dist, 'assets', 'embed-1.js'), 'export {};');
  t = await createTestServer();
  app = createApp(t.deps, { staticDir: dist });
  alice = await t.createUser('embed_alice');
  pubQ = await saveQuery(t, alice.key, {
    name: 'Public n',
    sql: 'SELECT {{n}} AS n',
    isPrivate: false,
    params: true,
  });
  privQ = await saveQuery(t, alice.key, {
    name: SECRET_NAME,
    sql: 'SELECT 42 AS n',
    isPrivate: true,
  });
  archivedQ = await saveQuery(t, alice.key, {
    name: 'Old',
    sql: 'SELECT 1 AS n',
    isPrivate: false,
  });
  await run(pubQ, { n: 5 });
  await run(pubQ, { n: 6 });
  await run(privQ);
  await run(archivedQ);
  vizzes = {
    pub: await viz(pubQ, 'Public counter'),
    priv: await viz(privQ, `${SECRET_NAME} counter`),
    archived: await viz(archivedQ, 'Old counter'),
  };
  const archive = await t.call('POST', `/api/v1/query/${archivedQ}/archive`, { key: alice.key });
  expect(archive.status).toBe(200);
  await dashboard({ name: 'Shown', visualization_ids: [vizzes.pub] });
  await dashboard({ name: SECRET_NAME, is_private: true, visualization_ids: [vizzes.pub] });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const frameAncestors = (res: Response) =>
  /frame-ancestors ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

describe('framing', () => {
  it('is allowed on the embed pages alone, found or not', async () => {
    for (const p of [
      '/embed/dashboards/embed_alice/shown',
      `/embed/queries/${pubQ}/${vizzes.pub}?n=5`,
      '/embed/dashboards/embed_alice/nothing',
      '/embed/whatever',
    ]) {
      const res = await page(p);
      expect(frameAncestors(res), p).toBe('*');
      expect(res.headers.get('x-frame-options'), p).toBeNull();
      // The rest of the policy stays.
      expect(res.headers.get('content-security-policy'), p).toContain("script-src 'self'");
    }
  });

  it('is refused everywhere else: app pages, assets, the API, the embeds’ own API', async () => {
    for (const p of [
      '/',
      '/embed_alice/shown',
      '/queries/1',
      '/embed.html',
      '/assets/embed-1.js',
      '/api/health',
      `/api/v1/embed/queries/${pubQ}/visualizations/${vizzes.pub}`,
      '/api/v1/nothing',
    ]) {
      const res = await page(p);
      expect(frameAncestors(res), p).toBe("'none'");
      expect(res.headers.get('x-frame-options'), p).toBe('DENY');
    }
  });

  it('follows EMBED_FRAME_ANCESTORS', async () => {
    const config = loadConfig({ EMBED_FRAME_ANCESTORS: " https://blog.example.com  'self' " });
    expect(config.embedFrameAncestors).toEqual(['https://blog.example.com', "'self'"]);
    const strict = createApp(
      { ...t.deps, config: { ...t.config, embedFrameAncestors: config.embedFrameAncestors } },
      { staticDir: dist },
    );
    const res = await strict.request('/embed/dashboards/embed_alice/shown');
    expect(frameAncestors(res)).toBe("https://blog.example.com 'self'");
    expect(frameAncestors(await strict.request('/'))).toBe("'none'");
    expect(loadConfig({}).embedFrameAncestors).toEqual(['*']);
    for (const bad of ["* ; script-src 'unsafe-inline'", "'unsafe-inline'", 'a.com,b.com'])
      expect(() => loadConfig({ EMBED_FRAME_ANCESTORS: bad }), bad).toThrow(
        /EMBED_FRAME_ANCESTORS/,
      );
  });
});

describe('the embed pages', () => {
  it('are the embed app for a public dashboard or a public query’s visualization, in the asked theme', async () => {
    for (const p of [
      '/embed/dashboards/embed_alice/shown',
      '/embed/dashboards/EMBED_ALICE/Shown/',
      `/embed/queries/${pubQ}/${vizzes.pub}?n=5`,
    ]) {
      const res = await page(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toContain('text/html');
      const html = await res.text();
      expect(html, p).toContain('<div id="embed">');
      expect(html, p).toContain('<html lang="en" data-mantine-color-scheme="light">');
    }
    const dark = await (await page('/embed/dashboards/embed_alice/shown?theme=dark')).text();
    expect(dark).toContain('<html lang="en" data-mantine-color-scheme="dark">');
  });

  it('answer 404 with the same page, naming nothing, for private, archived and unknown content', async () => {
    const missing = [
      '/embed/dashboards/embed_alice/confidential-revenue', // private
      '/embed/dashboards/embed_alice/nothing',
      '/embed/dashboards/nobody/shown',
      `/embed/queries/${privQ}/${vizzes.priv}`, // private query
      `/embed/queries/${archivedQ}/${vizzes.archived}`, // archived query
      `/embed/queries/${privQ}/${vizzes.pub}`, // a visualization of another query
      `/embed/queries/${pubQ}/999999`,
      '/embed/queries/abc/1',
      '/embed/queries/0/1',
      '/embed/whatever',
      '/embed/dashboards/%E0%A4%A/x',
    ];
    const bodies = new Set<string>();
    for (const p of missing) {
      // The owner's key or session changes nothing: an embed shows public content only.
      const res = await page(p, { 'x-service-api-key': alice.key });
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type'), p).toContain('text/html');
      const html = await res.text();
      expect(html, p).toContain('This content is not available');
      expect(html, p).not.toContain('<script');
      expect(html, p).not.toMatch(/confidential|embed_alice|counter/i);
      bodies.add(html);
    }
    expect(bodies.size).toBe(1);
    const dark = await (await page('/embed/dashboards/embed_alice/nothing?theme=dark')).text();
    expect(dark).toContain('This content is not available');
    expect(dark).not.toBe([...bodies][0]);
  });
});

describe('the embed API', () => {
  const api = (p: string, key?: string) => t.call('GET', `/api/v1/embed/queries${p}`, { key });

  it('reads a public query’s visualization anonymously, without its SQL', async () => {
    const r = await api(`/${pubQ}/visualizations/${vizzes.pub}`);
    expect(r.status).toBe(200);
    expect(r.json.visualization).toMatchObject({ id: vizzes.pub, name: 'Public counter' });
    expect(r.json.query).toEqual({
      query_id: pubQ,
      name: 'Public n',
      owner: 'embed_alice',
      parameters: [expect.objectContaining({ key: 'n', type: 'number', value: '1' })],
    });
    expect(r.text).not.toContain('SELECT');
  });

  it('answers the latest result for the given parameter values', async () => {
    const rows = async (qs: string) => {
      const r = await api(`/${pubQ}/visualizations/${vizzes.pub}/results${qs}`);
      return r.status === 200 ? r.json.result.rows : r.status;
    };
    expect(await rows('?params.n=5')).toEqual([{ n: 5 }]);
    expect(await rows('?params.n=6')).toEqual([{ n: 6 }]);
    expect(await rows('')).toEqual([{ n: 6 }]);
    expect(await rows('?params.n=7')).toBe(404);
    const page1 = await api(`/${pubQ}/visualizations/${vizzes.pub}/results?params.n=5&limit=1`);
    expect(page1.json.execution_id).toEqual(expect.any(String));
  });

  it('is 404 for private, archived or mismatched visualizations, even for their owner', async () => {
    for (const p of [
      `/${privQ}/visualizations/${vizzes.priv}`,
      `/${privQ}/visualizations/${vizzes.priv}/results`,
      `/${archivedQ}/visualizations/${vizzes.archived}/results`,
      `/${privQ}/visualizations/${vizzes.pub}`,
      `/${pubQ}/visualizations/999999/results`,
    ]) {
      const r = await api(p, alice.key);
      expect(r.status, p).toBe(404);
      expect(r.text, p).not.toContain(SECRET_NAME);
    }
    expect((await api('/abc/visualizations/1')).status).toBe(400);
  });

  it('is in the OpenAPI document', async () => {
    const doc = await t.call('GET', '/api/v1/openapi.json');
    const paths = Object.keys(doc.json.paths);
    expect(paths).toContain('/api/v1/embed/queries/{query_id}/visualizations/{visualization_id}');
    expect(paths).toContain(
      '/api/v1/embed/queries/{query_id}/visualizations/{visualization_id}/results',
    );
  });
});
