import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { PreviewsService } from '../previews/previews-service.js';
import { DEFAULT_RENDER_LIMITS, RenderPool } from '../render/render-pool.js';
import { waitFinished } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { fakeDist } from '../test/spa-dist.js';
import { createNodeServer, listen } from './node-server.js';

let t: TestServer;
let app: ReturnType<typeof createApp>;
let alice: TestUser;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-dist-'));
const INDEX =
  '<!doctype html><html><head><title>Strata</title></head><body><div id="root"></div></body></html>';
const EVIL = `Evil "><script>alert('x')</script> $& <!--`;
const ids = {} as Record<
  'query' | 'chart' | 'counter' | 'secretQuery' | 'secretViz' | 'oldQuery' | 'oldViz',
  number
>;
/** The PUBLIC_URL of the app most tests ask: absolute links in tags come from it alone. */
const ORIGIN = 'http://strata.test';

async function saved(name: string, sql: string, isPrivate = false): Promise<number> {
  const q = await t.call('POST', '/api/v1/query', {
    key: alice.key,
    body: { name, query_sql: sql, is_private: isPrivate },
  });
  expect(q.status).toBe(200);
  await run(q.json.query_id);
  return q.json.query_id;
}

async function run(queryId: number) {
  const r = await t.call('POST', `/api/v1/query/${queryId}/execute`, { key: alice.key });
  expect(r.status).toBe(200);
  expect((await waitFinished(t, alice.key, r.json.execution_id)).state).toBe(
    'QUERY_STATE_COMPLETED',
  );
}

async function viz(queryId: number, body: object): Promise<number> {
  const v = await t.call('POST', `/api/v1/query/${queryId}/visualizations`, {
    key: alice.key,
    body,
  });
  expect(v.status).toBe(200);
  return v.json.id;
}

async function dashboard(body: object) {
  const r = await t.call('POST', '/api/v1/dashboards', { key: alice.key, body });
  expect(r.status).toBe(200);
  return r.json as { dashboard_id: number; slug: string };
}

/** The content of each meta tag of a page, by its property or name, unescaped. */
function metaOf(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g))
    out[m[1]!] = m[2]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  return out;
}

const page = async (p: string, headers: Record<string, string> = {}) => {
  const res = await app.request(`http://strata.test${p}`, { headers });
  expect(res.status).toBe(200);
  return res.text();
};

/** Fetches an absolute og:image URL from the app; its status, headers and bytes. */
async function image(url: string, headers: Record<string, string> = {}) {
  const res = await app.request(url, { headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(png: Buffer) {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** `a` served on a loopback port, as main.ts serves the app. */
async function served(a: ReturnType<typeof createApp>) {
  const server = createNodeServer(a.fetch, t.config);
  const port = await listen(server, 0, '127.0.0.1');
  const close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return { port, close };
}

/** GET `p` over a socket with the `Host` header a client chose (fetch sends the URL's own). */
function withHost(port: number, p: string, host: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: p, headers: { host } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
      req.on('error', reject);
    },
  );
}

/** Every start tag of a page, with what they say; the bundle's JSON (data, not a tag) left out. */
const tagsOf = (html: string): string[] =>
  html
    .replace(/(<script type="application\/json"[^>]*>)[^]*?<\/script>/g, '$1</script>')
    .match(/<[a-z][^>]*>/gi) ?? [];

const previewFiles = () =>
  fs.existsSync(path.join(t.dir, 'previews')) ? fs.readdirSync(path.join(t.dir, 'previews')) : [];

beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  t = await createTestServer();
  const config = { ...t.config, publicUrl: ORIGIN };
  app = createApp({ ...t.deps, config }, { staticDir: dist });
  alice = await t.createUser('og_alice');
  ids.query = await saved(
    'Daily volume',
    "SELECT DATE '2024-01-01' + i::INTEGER AS day, 10 + i * 3 AS volume FROM range(14) t(i)",
  );
  ids.chart = await viz(ids.query, {
    name: 'Volume chart',
    type: 'chart',
    options: { globalSeriesType: 'column', columnMapping: { day: 'x', volume: 'y' } },
  });
  ids.counter = await viz(ids.query, {
    name: 'Latest volume',
    type: 'counter',
    options: { counterColName: 'volume', rowNumber: 14 },
  });
  ids.secretQuery = await saved('Secret sauce', 'SELECT 42 AS answer', true);
  ids.secretViz = await viz(ids.secretQuery, { name: 'Hidden gem', type: 'table', options: {} });
  // Public, with a result and a chart, then archived.
  ids.oldQuery = await saved('Retired volume', 'SELECT 1 AS day, 2 AS volume');
  ids.oldViz = await viz(ids.oldQuery, {
    name: 'Retired chart',
    type: 'chart',
    options: { globalSeriesType: 'column', columnMapping: { day: 'x', volume: 'y' } },
  });
  const archive = await t.call('POST', `/api/v1/query/${ids.oldQuery}/archive`, {
    key: alice.key,
  });
  expect(archive.status).toBe(200);
  await dashboard({
    name: 'Open board',
    visualization_ids: [ids.chart, ids.counter, ids.secretViz],
  });
  await dashboard({ name: 'Closed board', is_private: true, visualization_ids: [ids.chart] });
  await dashboard({ name: EVIL, slug: 'evil', visualization_ids: [ids.counter] });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('link previews of a public dashboard', () => {
  it('are Open Graph and Twitter tags in the HTML, with a 1200×630 PNG of the charts', async () => {
    const html = await page('/og_alice/open-board');
    const meta = metaOf(html);
    expect(html).toContain('<title>Open board · Strata</title>');
    expect(meta['og:title']).toBe('Open board');
    expect(meta['og:description']).toContain('@og_alice');
    expect(meta['og:description']).toContain('Volume chart');
    expect(meta['og:url']).toBe('http://strata.test/og_alice/open-board');
    expect(meta['twitter:card']).toBe('summary_large_image');
    expect(meta['og:image']).toMatch(
      /^http:\/\/strata\.test\/og\/dashboards\/og_alice\/open-board\.png\?v=[0-9a-f]{12}$/,
    );
    expect(meta['twitter:image']).toBe(meta['og:image']);
    // The widget whose query is private is neither drawn nor named.
    expect(html).not.toContain('Hidden gem');

    const { res, bytes } = await image(meta['og:image']!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
  });

  it('serves the same bytes from the cache, and 304 for its ETag', async () => {
    const url = metaOf(await page('/og_alice/open-board'))['og:image']!;
    const [a, b] = await Promise.all([image(url), image(url)]);
    const c = await image(url);
    expect(b.bytes.equals(a.bytes)).toBe(true);
    expect(c.bytes.equals(a.bytes)).toBe(true);
    const etag = c.res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await image(url, { 'if-none-match': etag });
    expect(again.res.status).toBe(304);
    const board = previewFiles().filter((f) => f.endsWith('.png'));
    expect(board.filter((f) => f.includes(etag.slice(1, -1)))).toHaveLength(1);
  });

  it('changes with a new result: a new image URL, new bytes, the old file gone', async () => {
    const before = metaOf(await page('/og_alice/open-board'))['og:image']!;
    const old = await image(before);
    const patch = await t.call('PATCH', `/api/v1/query/${ids.query}`, {
      key: alice.key,
      body: {
        query_sql:
          "SELECT DATE '2024-01-01' + i::INTEGER AS day, 100 - i * 5 AS volume FROM range(14) t(i)",
      },
    });
    expect(patch.status).toBe(200);
    await run(ids.query);
    const after = metaOf(await page('/og_alice/open-board'))['og:image']!;
    expect(after).not.toBe(before);
    const fresh = await image(after);
    expect(fresh.res.status).toBe(200);
    expect(pngSize(fresh.bytes)).toEqual({ width: 1200, height: 630 });
    expect(fresh.bytes.equals(old.bytes)).toBe(false);
    const oldTag = old.res.headers.get('etag')!.slice(1, -1);
    await expect.poll(() => previewFiles().some((f) => f.includes(oldTag))).toBe(false);
  });

  it('escapes a hostile name in the title and every tag', async () => {
    const html = await page('/og_alice/evil');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<!--');
    expect(html).toContain('<title>Evil &quot;&gt;&lt;script&gt;');
    expect(html.match(/<title>/g)).toHaveLength(1);
    const meta = metaOf(html);
    expect(meta['og:title']).toBe(EVIL);
    expect(meta['twitter:title']).toBe(EVIL);
    const { res, bytes } = await image(meta['og:image']!);
    expect(res.status).toBe(200);
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
  });
});

describe('link previews of a public visualization and query', () => {
  it('are on the query page’s URL with ?viz=, and on the query page itself', async () => {
    const meta = metaOf(await page(`/queries/${ids.query}?viz=${ids.chart}`));
    expect(meta['og:title']).toBe('Volume chart · Daily volume');
    expect(meta['og:url']).toBe(`http://strata.test/queries/${ids.query}?viz=${ids.chart}`);
    expect(meta['og:image']).toMatch(
      new RegExp(`^http://strata\\.test/og/queries/${ids.query}/${ids.chart}\\.png\\?v=`),
    );
    const chart = await image(meta['og:image']!);
    expect(pngSize(chart.bytes)).toEqual({ width: 1200, height: 630 });

    const counter = metaOf(await page(`/queries/${ids.query}?viz=${ids.counter}`));
    expect(pngSize((await image(counter['og:image']!)).bytes)).toEqual({
      width: 1200,
      height: 630,
    });
    const query = metaOf(await page(`/queries/${ids.query}`));
    expect(query['og:title']).toBe('Daily volume');
    expect(query['og:image']).toMatch(/\/og\/queries\/\d+\.png\?v=/);
    expect(pngSize((await image(query['og:image']!)).bytes)).toEqual({ width: 1200, height: 630 });
  });

  it('uses PUBLIC_URL for absolute links when it is set', async () => {
    const config = { ...t.config, publicUrl: 'https://strata.example.org' };
    const other = createApp({ ...t.deps, config }, { staticDir: dist });
    const html = await (await other.request(`/queries/${ids.query}?viz=${ids.chart}`)).text();
    expect(metaOf(html)['og:image']).toMatch(/^https:\/\/strata\.example\.org\/og\/queries\//);
  });
});

describe('private and unknown content', () => {
  it('gets the generic page: no tags, no name', async () => {
    const pages = [
      ['/og_alice/closed-board', 'Closed board'],
      ['/og_alice/nothing-here', 'nothing'],
      [`/queries/${ids.secretQuery}`, 'Secret sauce'],
      [`/queries/${ids.secretQuery}?viz=${ids.secretViz}`, 'Hidden gem'],
      // A public query's URL naming another query's visualization.
      [`/queries/${ids.query}?viz=${ids.secretViz}`, 'Hidden gem'],
      ['/queries/999999', 'x'],
    ];
    for (const [p, name] of pages) {
      const html = await page(p!);
      expect(html, p).toBe(INDEX);
      expect(html, p).not.toContain(name);
    }
    // Signed in or not, the page is the same: a preview is what anyone may see.
    const keyed = await page('/og_alice/closed-board', { 'x-service-api-key': alice.key });
    expect(keyed).toBe(INDEX);
  });

  it('has neither tags nor an image for an archived public query', async () => {
    for (const p of [`/queries/${ids.oldQuery}`, `/queries/${ids.oldQuery}?viz=${ids.oldViz}`]) {
      const html = await page(p);
      expect(html, p).toBe(INDEX);
      expect(html, p).not.toContain('Retired');
    }
    for (const p of [
      `/og/queries/${ids.oldQuery}.png`,
      `/og/queries/${ids.oldQuery}/${ids.oldViz}.png`,
    ])
      for (const headers of [{}, { 'x-service-api-key': alice.key }] as Record<string, string>[]) {
        const res = await app.request(p, { headers });
        expect(res.status, p).toBe(404);
        expect(res.headers.get('content-type'), p).toContain('application/json');
      }
  });

  it('has no image: 404 for every private, unknown or malformed image path', async () => {
    for (const p of [
      '/og/dashboards/og_alice/closed-board.png',
      '/og/dashboards/og_alice/nothing-here.png',
      '/og/dashboards/og_alice/open-board.jpg',
      `/og/queries/${ids.secretQuery}.png`,
      `/og/queries/${ids.secretQuery}/${ids.secretViz}.png`,
      `/og/queries/${ids.query}/${ids.secretViz}.png`,
      '/og/queries/0.png',
      '/og/queries/abc.png',
      '/og/other',
    ]) {
      const res = await app.request(p, { headers: { 'x-service-api-key': alice.key } });
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type'), p).toContain('application/json');
    }
  });
});

describe('a forged Host header', () => {
  const FORGED = 'evil.example';
  // With the chunks' manifest, so a dashboard's page also carries its bundle and first paint.
  const built = fakeDist(INDEX, {
    'index.html': { file: 'assets/index-1.js', isEntry: true },
    'src/routes/$owner/$slug.tsx?tsr-split=component': { file: 'assets/slug-1.js' },
  });
  const pages = () => [
    '/og_alice/open-board',
    `/queries/${ids.query}`,
    `/queries/${ids.query}?viz=${ids.chart}`,
  ];
  afterAll(() => built.remove());

  it('names no foreign origin without PUBLIC_URL: a text card, and Vary: Host', async () => {
    const bare = await served(createApp(t.deps, { staticDir: built.dir }));
    try {
      for (const p of pages()) {
        const res = await withHost(bare.port, p, FORGED);
        expect(res.status, p).toBe(200);
        for (const tag of tagsOf(res.body)) expect(tag, p).not.toContain(FORGED);
        const meta = metaOf(res.body);
        expect(meta['og:title'], p).toBeTruthy();
        expect(meta['twitter:card'], p).toBe('summary');
        for (const [name, content] of Object.entries(meta))
          expect(content, `${p} ${name}`).not.toMatch(/:\/\//);
        // The bundle's links follow the request's host (as the API's): one copy per host.
        expect(res.headers.vary, p).toMatch(/\bHost\b/i);
      }
      const board = await withHost(bare.port, '/og_alice/open-board', FORGED);
      expect(board.body).toContain('id="dashboard-bundle"');
    } finally {
      await bare.close();
    }
  });

  it('is ignored with PUBLIC_URL: every URL in the tags is on PUBLIC_URL', async () => {
    const config = { ...t.config, publicUrl: ORIGIN };
    const site = await served(createApp({ ...t.deps, config }, { staticDir: built.dir }));
    try {
      for (const p of pages()) {
        const res = await withHost(site.port, p, FORGED);
        expect(res.status, p).toBe(200);
        expect(res.body, p).not.toContain(FORGED);
        const meta = metaOf(res.body);
        expect(meta['og:url'], p).toBe(`${ORIGIN}${p}`);
        expect(meta['og:image'], p).toMatch(new RegExp(`^${ORIGIN}/og/`));
        expect(meta['twitter:image'], p).toBe(meta['og:image']);
      }
    } finally {
      await site.close();
    }
  });
});

describe('limits', () => {
  it('counts image requests against the anonymous rate limit', async () => {
    const config = { ...t.config, rateLimit: { ...t.config.rateLimit, highPerMinute: 1 } };
    const strict = createApp({ ...t.deps, config }, { staticDir: dist });
    const url = `/og/queries/${ids.query}/${ids.chart}.png`;
    expect((await strict.request(url)).status).toBe(200);
    const second = await strict.request(url);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
  });
  it('answers 503 with Retry-After while the render queue is full', async () => {
    // A queue with no room left: every render is refused, as when maxQueue renders wait.
    const pool = new RenderPool({ ...DEFAULT_RENDER_LIMITS, maxQueue: 0 });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-previews-'));
    const previews = new PreviewsService({
      dataDir,
      dashboards: t.deps.dashboards,
      visualizations: t.deps.visualizations,
      queries: t.deps.queries,
      executions: t.deps.executions,
      pool,
    });
    const busy = createApp({ ...t.deps, previews }, { staticDir: dist });
    const urls = [
      `/og/queries/${ids.query}.png`,
      `/og/queries/${ids.query}/${ids.chart}.png`,
      `/og/queries/${ids.query}/${ids.counter}.png`,
      '/og/dashboards/og_alice/open-board.png',
    ];
    const answers = await Promise.all(urls.map((u) => busy.request(u)));
    for (const [i, res] of answers.entries()) {
      expect(res.status, urls[i]).toBe(503);
      expect(res.headers.get('retry-after'), urls[i]).toMatch(/^[1-9]\d*$/);
      expect(((await res.json()) as { error: string }).error).toMatch(/too many previews/);
    }
    await previews.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('the OpenAPI document', () => {
  it('lists the image routes as Strata extensions, anonymous, PNG or 404/429/503', async () => {
    const doc = (await (await app.request('/api/v1/openapi.json')).json()) as {
      paths: Record<string, { get?: { summary: string; security: unknown[]; responses: object } }>;
    };
    for (const p of [
      '/og/dashboards/{owner}/{file}',
      '/og/queries/{query_id}/{file}',
      '/og/queries/{file}',
    ]) {
      const get = doc.paths[p]?.get;
      expect(get?.summary, p).toMatch(/Strata extension/);
      expect(get?.security).toEqual([{}]);
      expect(Object.keys(get!.responses)).toEqual(['200', '304', '404', '429', '503']);
    }
  });
});
