import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { waitFinished } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { fakeDist } from '../test/spa-dist.js';
import { DASHBOARD_PAGE_MODULES } from './spa-page.js';

let t: TestServer;
let app: ReturnType<typeof createApp>;
let alice: TestUser;
const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';
const dist = fakeDist(INDEX, {
  'index.html': { file: 'assets/index-1.js', isEntry: true },
  [DASHBOARD_PAGE_MODULES[0]!]: { file: 'assets/slug-1.js', css: ['assets/slug-1.css'] },
  [DASHBOARD_PAGE_MODULES[1]!]: { file: 'assets/viz-1.js', imports: ['_echart-1.js'] },
  '_echart-1.js': { file: 'assets/echart-1.js' },
});
const TRICKY = "</script><script>alert('x')</script><!--";

async function dashboard(body: object) {
  const r = await t.call('POST', '/api/v1/dashboards', { key: alice.key, body });
  expect(r.status).toBe(200);
  return r.json as { dashboard_id: number; slug: string };
}

/** The JSON in the page's bundle element, or undefined when there is none. */
function inlineBundle(html: string): unknown {
  const m = /<script type="application\/json" id="dashboard-bundle">([^]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]!) : undefined;
}

const get = (p: string, headers: Record<string, string> = {}) => app.request(p, { headers });

beforeAll(async () => {
  t = await createTestServer();
  app = createApp(t.deps, { staticDir: dist.dir });
  alice = await t.createUser('page_alice');
  const q = await t.call('POST', '/api/v1/query', {
    key: alice.key,
    body: { name: 'tricky', query_sql: `SELECT '${TRICKY.replace(/'/g, "''")}' AS s` },
  });
  const run = await t.call('POST', `/api/v1/query/${q.json.query_id}/execute`, { key: alice.key });
  await waitFinished(t, alice.key, run.json.execution_id);
  const v = await t.call('POST', `/api/v1/query/${q.json.query_id}/visualizations`, {
    key: alice.key,
    body: { name: 'Tricky', type: 'table', options: {} },
  });
  await dashboard({ name: 'Open', visualization_ids: [v.json.id] });
  await dashboard({ name: 'Closed', is_private: true, visualization_ids: [v.json.id] });
});
afterAll(async () => {
  await t.close();
  dist.remove();
});

describe('a public dashboard’s page', () => {
  it('links the page’s chunks and carries the bundle, escaped, for anonymous visitors', async () => {
    const res = await get('/page_alice/open');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    // The security headers stay: the bundle is data, which no script policy has to allow.
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    // Its files are in a Link header too, so the browser fetches them before it parses the head.
    const link = res.headers.get('link') ?? '';
    expect(link).toContain('</assets/slug-1.css>; rel=preload; as=style; crossorigin');
    for (const f of ['/assets/index-1.js', '/assets/slug-1.js', '/assets/echart-1.js'])
      expect(link).toContain(`<${f}>; rel=modulepreload; crossorigin`);
    const html = await res.text();
    for (const f of ['/assets/slug-1.js', '/assets/viz-1.js', '/assets/echart-1.js'])
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="${f}">`);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/slug-1.css">');
    // The value's </script> and <!-- cannot end or change the element: only the entry's and the
    // bundle's own end tags are there.
    expect(html.split('</script>')).toHaveLength(3);
    expect(html).not.toContain('<!--');
    const api = await t.call('GET', '/api/v1/dashboards/by-slug/page_alice/open/bundle');
    expect(inlineBundle(html)).toEqual(api.json);
    expect(api.json.latest_results[0].result.result.rows).toEqual([{ s: TRICKY }]);
  });

  it('carries no data for a visitor with a session or key, or for HEAD', async () => {
    const visitors: Record<string, string>[] = [
      { cookie: 'strata_session=whatever' },
      { 'x-service-api-key': alice.key },
    ];
    for (const headers of visitors) {
      const html = await (await get('/page_alice/open', headers)).text();
      expect(html).toContain('/assets/viz-1.js');
      expect(inlineBundle(html)).toBeUndefined();
    }
    const head = await app.request('/page_alice/open', { method: 'HEAD' });
    expect(head.status).toBe(200);
    await expect.poll(() => fs.readdirSync(path.join(t.dir, 'tmp', 'pages')).length).toBe(0);
  });

  it('is the plain index.html for a private dashboard, an unknown one or another app path', async () => {
    for (const p of ['/page_alice/closed', '/page_alice/nothing', '/queries/12', '/a/%E0%A4%A']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('link'), p).toBe(
        '</assets/index-1.js>; rel=modulepreload; crossorigin',
      );
      expect(await res.text(), p).toBe(INDEX);
    }
  });

  it('reads its dashboard once for an anonymous visitor: for its paint, its bundle and its preloads', async () => {
    const calls: string[] = [];
    const service = t.deps.dashboards;
    // Calls from outside the service are counted; its own (shownBySlug reads bySlug) are not.
    const dashboards = new Proxy(service, {
      get: (target, name) => {
        const value = Reflect.get(target, name) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(String(name));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const counted = createApp({ ...t.deps, dashboards }, { staticDir: dist.dir });
    const html = await (await counted.request('/page_alice/open')).text();
    expect(inlineBundle(html)).toBeDefined();
    expect(calls).toEqual(['shownBySlug']);
    calls.length = 0;
    await (await counted.request('/page_alice/closed')).text();
    expect(calls).toEqual(['shownBySlug']);
    calls.length = 0;
    await (
      await counted.request('/page_alice/open', { headers: { 'x-service-api-key': alice.key } })
    ).text();
    expect(calls).toEqual(['bySlug']);
  });

  it('carries no data past the anonymous rate limit', async () => {
    const config = { ...t.config, rateLimit: { ...t.config.rateLimit, highPerMinute: 1 } };
    const strict = createApp({ ...t.deps, config }, { staticDir: dist.dir });
    const first = await (await strict.request('/page_alice/open')).text();
    expect(inlineBundle(first)).toBeDefined();
    const second = await (await strict.request('/page_alice/open')).text();
    expect(second).toContain('/assets/viz-1.js');
    expect(inlineBundle(second)).toBeUndefined();
  });
});
