import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { readDashboardView } from '../previews/dashboard-view.js';
import { FirstPaintService } from '../previews/first-paint.js';
import { waitFinished } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { fakeDist } from '../test/spa-dist.js';

const INDEX =
  '<!doctype html><html lang="en"><head><script type="module" src="/assets/index-1.js"></script>\n<link rel="stylesheet" crossorigin href="/assets/index-1.css">\n</head><body><div id="root"></div></body></html>';
const dist = fakeDist(INDEX, { 'index.html': { file: 'assets/index-1.js', isEntry: true } });
let t: TestServer;
let app: ReturnType<typeof createApp>;
let alice: TestUser;
const EVIL = '</div><script>alert(1)</script><img src=x onerror=alert(2)>';
const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;

const get = (p: string, headers: Record<string, string> = {}) => app.request(p, { headers });
/** The first paint in a page: what the server wrote in the root element. */
const paintOf = (html: string) =>
  /<div id="root">([^]*?)<script type="application\/json"/.exec(html)?.[1] ?? '';

async function dashboard(body: object) {
  const r = await t.call('POST', '/api/v1/dashboards', { key: alice.key, body });
  expect(r.status).toBe(200);
  return r.json as { dashboard_id: number; slug: string };
}

beforeAll(async () => {
  t = await createTestServer();
  app = createApp(t.deps, { staticDir: dist.dir });
  alice = await t.createUser('paint_alice');
  const q = await t.call('POST', '/api/v1/query', {
    key: alice.key,
    body: {
      name: 'evil',
      query_sql: `SELECT ${sqlText(EVIL)} || x AS label, x * 3 AS y FROM range(1, 4) t(x)`,
    },
  });
  const run = await t.call('POST', `/api/v1/query/${q.json.query_id}/execute`, { key: alice.key });
  await waitFinished(t, alice.key, run.json.execution_id);
  const viz = async (name: string, type: string, options: object) =>
    (
      await t.call('POST', `/api/v1/query/${q.json.query_id}/visualizations`, {
        key: alice.key,
        body: { name, type, options },
      })
    ).json.id as number;
  const ids = [
    await viz(EVIL, 'chart', {
      globalSeriesType: 'column',
      columnMapping: { label: 'x', y: 'y' },
      legend: { enabled: true },
    }),
    await viz('Rows', 'table', {}),
  ];
  await dashboard({ name: EVIL, visualization_ids: ids, text_widgets: [{ text: EVIL }] });
  await dashboard({ name: 'Closed', is_private: true, visualization_ids: ids });
  // The render thread's start takes seconds, past the page's budget: drawn once here, the
  // pages below are served from the cache.
  for (const schemes of [['light', 'dark'], ['dark']] as const)
    expect(
      await t.deps.firstPaint.html(
        readDashboardView(
          t.deps,
          'paint_alice',
          'div-script-alert-1-script-img-src-x-onerror-alert-2',
          null,
        ),
        [...schemes],
        60_000,
      ),
    ).toContain('<svg');
}, 90_000);
afterAll(async () => {
  await t.close();
  dist.remove();
});

describe('the first paint of a public dashboard', () => {
  const link = '/paint_alice/div-script-alert-1-script-img-src-x-onerror-alert-2';

  it('is in the anonymous page: charts as SVG in both schemes, every text escaped', async () => {
    const res = await get(link);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain('<style id="first-paint-style">');
    expect(html).toContain('<html lang="en">');
    const paint = paintOf(html);
    expect(paint).toContain('data-first-paint');
    expect(
      paint.match(/<div class="sfp-chart sfp-(light|dark)" data-fp-painted><svg /g),
    ).toHaveLength(2);
    expect(paint).toContain('<table class="sfp-table" data-fp-painted>');
    // Dashboard name, chart title, category labels, table cells, text widget: all as text.
    expect(paint).not.toMatch(/<script|<img|onerror=alert\(2\)>/);
    expect(paint.split('&lt;script&gt;alert(1)&lt;/script&gt;').length - 1).toBeGreaterThanOrEqual(
      5,
    );
    // The only script elements are the entry and the bundle's data.
    expect(html.match(/<script\b/g)).toHaveLength(2);
  });

  it('is drawn in the visitor’s scheme when the app left it in its cookie', async () => {
    const html = await (await get(link, { cookie: 'strata-color-scheme=dark' })).text();
    expect(html).toContain('<html data-mantine-color-scheme="dark" lang="en">');
    const paint = paintOf(html);
    expect(paint.match(/<svg /g)?.length).toBeGreaterThanOrEqual(1);
    expect(paint).toContain('<div class="sfp-chart" data-fp-painted><svg ');
    expect(paint).not.toContain('sfp-light');
  });

  it('is not in the page of a signed-in visitor, of a private dashboard or of HEAD', async () => {
    const visitors: Record<string, string>[] = [
      { cookie: 'strata_session=whatever' },
      { 'x-service-api-key': alice.key },
    ];
    for (const headers of visitors)
      expect(await (await get(link, headers)).text()).not.toContain('data-first-paint');
    expect(await (await get('/paint_alice/closed')).text()).toBe(INDEX);
    const head = await app.request(link, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('is left out when it is not drawn within its budget, and the page comes anyway', async () => {
    const stuck = new FirstPaintService({
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'strata-paint-')),
      executions: t.deps.executions,
      pool: { renderCharts: () => new Promise<string[]>(() => {}) },
    });
    const slow = createApp({ ...t.deps, firstPaint: stuck }, { staticDir: dist.dir });
    const started = Date.now();
    const html = await (await slow.request(link)).text();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(html).not.toContain('data-first-paint');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('id="dashboard-bundle"');
  });

  it("has the app's stylesheet after the first paint, so that it does not hold the paint back", async () => {
    const res = await get(link);
    const html = await res.text();
    const stylesheet = '<link rel="stylesheet" crossorigin href="/assets/index-1.css">';
    expect(html.split(stylesheet)).toHaveLength(2);
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('rel="stylesheet"');
    const at = html.indexOf(stylesheet);
    expect(at).toBeGreaterThan(html.lastIndexOf('data-fp-widget'));
    expect(at).toBeLessThan(html.indexOf('id="dashboard-bundle"'));
    // Right after the root element, outside it (React replaces what the root holds).
    expect(html.slice(0, at)).toMatch(/<\/div>\s*$/);
    // Still fetched from the start: the response's Link header names it.
    expect(res.headers.get('link')).toContain('</assets/index-1.css>; rel=preload; as=style');
    // A signed-in visitor's page has no first paint, and its stylesheet stays in the head.
    const signedIn = await (await get(link, { 'x-service-api-key': alice.key })).text();
    expect(signedIn.slice(0, signedIn.indexOf('</head>'))).toContain(stylesheet);
  });

  it('names the parameter values of a drawn widget’s result beside its title, escaped', async () => {
    const q = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: {
        name: 'by chain',
        query_sql: "SELECT '{{chain}}' AS chain, {{days}} AS days",
        parameters: [
          { key: 'days', type: 'number', value: '7' },
          { key: 'chain', type: 'text', value: 'base' },
        ],
      },
    });
    // The owner's last run, with values of their own: what the widget (no parameter widget) shows.
    const run = await t.call('POST', `/api/v1/query/${q.json.query_id}/execute`, {
      key: alice.key,
      body: { query_parameters: { chain: EVIL, days: 30 } },
    });
    await waitFinished(t, alice.key, run.json.execution_id);
    const table = async (id: number, name: string) =>
      (
        await t.call('POST', `/api/v1/query/${id}/visualizations`, {
          key: alice.key,
          body: { name, type: 'table', options: {} },
        })
      ).json.id as number;
    const plain = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: { name: 'plain', query_sql: 'SELECT 1 AS one' },
    });
    const plainRun = await t.call('POST', `/api/v1/query/${plain.json.query_id}/execute`, {
      key: alice.key,
    });
    await waitFinished(t, alice.key, plainRun.json.execution_id);
    const d = await dashboard({
      name: 'Captions',
      visualization_ids: [
        await table(q.json.query_id, 'By chain'),
        await table(plain.json.query_id, 'Plain'),
      ],
    });
    const paint = await t.deps.firstPaint.html(
      readDashboardView(t.deps, 'paint_alice', d.slug, null),
      ['light'],
      60_000,
    );
    const line =
      'days = 30 · chain = &lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;';
    // In the query's order of parameters; the whole line on hover too.
    expect(paint).toContain(
      `<span class="sfp-caption" title="${line}" data-fp-caption>${line}</span>`,
    );
    expect(paint).not.toMatch(/<script|<img/);
    // One caption: the query without parameters has none.
    expect(paint?.match(/data-fp-caption/g)).toHaveLength(1);

    // A parameter widget of another query sets `days`: the caption says its values are others.
    const other = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: {
        name: 'by days',
        query_sql: 'SELECT {{days}} AS days',
        parameters: [{ key: 'days', type: 'number', value: '7' }],
      },
    });
    const otherViz = await table(other.json.query_id, 'By days');
    const got = await t.call('GET', `/api/v1/dashboards/${d.dashboard_id}`, { key: alice.key });
    const patched = await t.call('PATCH', `/api/v1/dashboards/${d.dashboard_id}`, {
      key: alice.key,
      body: {
        visualization_widgets: [
          ...got.json.visualization_widgets,
          { visualization_id: otherViz, position: { col: 0, row: 30, size_x: 6, size_y: 4 } },
        ],
      },
    });
    const drivenWidget = patched.json.visualization_widgets.find(
      (w: { visualization_id: number }) => w.visualization_id === otherViz,
    );
    const withInput = await t.call('PATCH', `/api/v1/dashboards/${d.dashboard_id}`, {
      key: alice.key,
      body: {
        param_widgets: [
          {
            key: 'days',
            query_id: other.json.query_id,
            visualization_widget_id: drivenWidget.widget_id,
            position: { col: 6, row: 30, size_x: 3, size_y: 2 },
          },
        ],
      },
    });
    expect(withInput.status).toBe(200);
    const repainted = await t.deps.firstPaint.html(
      readDashboardView(t.deps, 'paint_alice', d.slug, null),
      ['light'],
      60_000,
    );
    expect(repainted).toContain(
      `<span class="sfp-caption sfp-other" title="This result is for ${line}, not the dashboard’s days = 7" data-fp-caption>Other values: ${line}</span>`,
    );
  });

  it('leaves a widget shown for parameter values to the app', async () => {
    const q = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: { name: 'params', query_sql: 'SELECT {{n}} * 2 AS y, 1 AS x' },
    });
    // The widget's values come from the page's URL: the server does not draw it.
    const v = await t.call('POST', `/api/v1/query/${q.json.query_id}/visualizations`, {
      key: alice.key,
      body: {
        name: 'Doubled',
        type: 'chart',
        options: { globalSeriesType: 'line', columnMapping: { x: 'x', y: 'y' } },
      },
    });
    const d = await dashboard({ name: 'With values', visualization_ids: [v.json.id] });
    const got = await t.call('GET', `/api/v1/dashboards/${d.dashboard_id}`, { key: alice.key });
    const widget = got.json.visualization_widgets[0];
    const patched = await t.call('PATCH', `/api/v1/dashboards/${d.dashboard_id}`, {
      key: alice.key,
      body: {
        param_widgets: [
          {
            key: 'n',
            query_id: q.json.query_id,
            visualization_widget_id: widget.widget_id,
            position: { col: 0, row: 20, size_x: 3, size_y: 2 },
          },
        ],
      },
    });
    expect(patched.status).toBe(200);
    const paint = await t.deps.firstPaint.html(
      readDashboardView(t.deps, 'paint_alice', d.slug, null),
      ['light'],
      60_000,
    );
    expect(paint).toContain(`data-fp-widget="v:${widget.widget_id}"`);
    expect(paint).not.toContain('<svg width="100%"');
    expect(paint).not.toContain('data-fp-painted');
  });
});
