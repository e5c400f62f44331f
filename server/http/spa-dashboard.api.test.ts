import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.js';
import { DashboardsRepo } from '../dashboards/dashboards-repo.js';
import { ExecutionsRepo } from '../executions/executions-repo.js';
import { readDashboardView } from '../previews/dashboard-view.js';
import { waitFinished } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { fakeDist } from '../test/spa-dist.js';

let t: TestServer;
let app: ReturnType<typeof createApp>;
let alice: TestUser;
let tricky: number;
let trickyQuery: number;
const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';
const dist = fakeDist(INDEX, {
  'index.html': { file: 'assets/index-1.js', isEntry: true },
  // The public dashboard's route, and the chart renderer it loads lazily (as Vite names them).
  'src/routes/$owner/$slug.tsx?tsr-split=component': {
    file: 'assets/slug-1.js',
    css: ['assets/slug-1.css'],
    dynamicImports: ['src/components/viz/visualization-view.tsx'],
  },
  'src/components/viz/visualization-view.tsx': {
    file: 'assets/viz-1.js',
    imports: ['_echart-1.js'],
  },
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
  tricky = v.json.id;
  trickyQuery = q.json.query_id;
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

  it('reads its dashboard and each query’s latest run once per page, through every service', async () => {
    // Two readable queries, one shown by two visualizations, one visualization twice: the page
    // (link preview tags, first paint, bundle) reads the dashboard once and each query's latest
    // run once, whatever service asks. Counted where the reads are made, in the repositories.
    const q2 = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: { name: 'sizes', query_sql: 'SELECT x AS label, x * 3 AS y FROM range(1, 4) t(x)' },
    });
    const run = await t.call('POST', `/api/v1/query/${q2.json.query_id}/execute`, {
      key: alice.key,
    });
    await waitFinished(t, alice.key, run.json.execution_id);
    const viz = async (type: string, options: object) =>
      (
        await t.call('POST', `/api/v1/query/${q2.json.query_id}/visualizations`, {
          key: alice.key,
          body: { name: type, type, options },
        })
      ).json.id as number;
    const chart = await viz('chart', {
      globalSeriesType: 'column',
      columnMapping: { label: 'x', y: 'y' },
    });
    const counter = await viz('counter', { counterColName: 'y' });
    const d = await dashboard({
      name: 'Counted',
      visualization_ids: [tricky, chart, counter, chart],
    });
    const queries = [trickyQuery, q2.json.query_id as number];
    const config = { ...t.config, publicUrl: 'https://strata.test' };
    const counted = createApp({ ...t.deps, config }, { staticDir: dist.dir });
    const page = `/page_alice/${d.slug}`;
    // The first paint drawn beforehand (the render thread's start is past a page's budget).
    const view = readDashboardView(t.deps, 'page_alice', d.slug, null);
    expect(await t.deps.firstPaint.html(view, ['light', 'dark'], 60_000)).toContain('<svg');

    const reads = {
      bySlug: vi.spyOn(DashboardsRepo.prototype, 'idBySlug'),
      head: vi.spyOn(DashboardsRepo.prototype, 'head'),
      latest: vi.spyOn(ExecutionsRepo.prototype, 'latestForQuery'),
    };
    const dashboardReads = () => ({
      bySlug: reads.bySlug.mock.calls.filter(([, slug]) => slug === d.slug).length,
      head: reads.head.mock.calls.filter(([id]) => id === d.dashboard_id).length,
    });
    const latestReads = () =>
      queries.map((q) => reads.latest.mock.calls.filter(([id]) => id === q).length);
    const clear = () => Object.values(reads).forEach((r) => r.mockClear());
    try {
      const html = await (await counted.request(page)).text();
      expect(html).toContain('<meta property="og:image" content="https://strata.test/og/');
      expect(html).toContain('data-first-paint');
      expect(inlineBundle(html)).toMatchObject({ latest_results: [{}, {}] });
      expect(dashboardReads()).toEqual({ bySlug: 1, head: 1 });
      expect(latestReads()).toEqual([1, 1]);
      clear();
      // The preview's image is drawn from the same reads.
      // The preview's image, a request of its own, reads as much again: the chart's query's run.
      const image = await counted.request(`/og/dashboards/page_alice/${d.slug}.png`);
      expect(image.headers.get('content-type')).toBe('image/png');
      await image.arrayBuffer();
      expect(dashboardReads()).toEqual({ bySlug: 1, head: 1 });
      expect(latestReads()).toEqual([0, 1]);
      clear();
      // A private dashboard's page: one read, which finds it is not public.
      expect(await (await counted.request('/page_alice/closed')).text()).toBe(INDEX);
      expect(reads.bySlug.mock.calls.filter(([, slug]) => slug === 'closed')).toHaveLength(1);
      expect(reads.head).toHaveBeenCalledTimes(1);
      clear();
      // A signed-in visitor's page carries no data: its preview tags and its preloads read once.
      const keyed = { headers: { 'x-service-api-key': alice.key } };
      const signedIn = await (await counted.request(page, keyed)).text();
      expect(signedIn).toContain('og:title');
      expect(inlineBundle(signedIn)).toBeUndefined();
      expect(dashboardReads()).toEqual({ bySlug: 1, head: 1 });
    } finally {
      Object.values(reads).forEach((r) => r.mockRestore());
    }
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
