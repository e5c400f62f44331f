import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Browser, type FrameLocator, type Page } from '@playwright/test';
import { runToCompletion } from './support/api';
import { SCREENSHOTS, signUp } from './support/session';

/** y = x × factor for x in 1..8: the counter (row 8's y) reads 8 × factor. */
const SQL = 'SELECT x, x * {{factor}} AS y FROM range(1, 9) t(x)';

type Setup = {
  handle: string;
  queryId: number;
  line: number;
  counter: number;
  dashboardId: number;
  slug: string;
};

/**
 * A public query with a `factor` parameter (default 1) run with factor 7, a line chart and a
 * counter of it, and a public dashboard of both with a parameter widget for factor.
 */
async function setUp(page: Page, handle: string, isPrivate = false): Promise<Setup> {
  const headers = { 'x-strata-context': handle };
  const created = await page.request.post('/api/v1/query', {
    headers,
    data: {
      name: 'Multiples',
      query_sql: SQL,
      is_private: isPrivate,
      parameters: [{ key: 'factor', type: 'number', value: '1' }],
    },
  });
  expect(created.ok()).toBe(true);
  const { query_id: queryId } = (await created.json()) as { query_id: number };
  await runToCompletion(page, queryId, headers, { factor: '7' });
  const viz = async (name: string, type: string, options: object) => {
    const r = await page.request.post(`/api/v1/query/${queryId}/visualizations`, {
      headers,
      data: { name, type, options },
    });
    expect(r.ok()).toBe(true);
    return ((await r.json()) as { id: number }).id;
  };
  const line = await viz('Line of y', 'chart', {
    globalSeriesType: 'line',
    columnMapping: { x: 'x', y: 'y' },
  });
  const counter = await viz('Largest y', 'counter', { counterColName: 'y', rowNumber: 8 });
  const d = await page.request.post('/api/v1/dashboards', {
    headers,
    data: { name: 'Embedded multiples', visualization_ids: [line, counter] },
  });
  expect(d.ok()).toBe(true);
  const dash = (await d.json()) as {
    dashboard_id: number;
    slug: string;
    visualization_widgets: { widget_id: number }[];
  };
  const patch = await page.request.patch(`/api/v1/dashboards/${dash.dashboard_id}`, {
    headers,
    data: {
      param_widgets: [
        {
          key: 'factor',
          query_id: queryId,
          visualization_widget_id: dash.visualization_widgets[0]!.widget_id,
          position: { col: 0, row: 0, size_x: 3, size_y: 2 },
        },
      ],
    },
  });
  expect(patch.ok()).toBe(true);
  return { handle, queryId, line, counter, dashboardId: dash.dashboard_id, slug: dash.slug };
}

// Another site: a tiny server on its own port whose pages frame Strata's embeds.
const hosted = new Map<string, string>();
let host: http.Server;
let hostOrigin = '';

test.beforeAll(async () => {
  host = http.createServer((req, res) => {
    const html = hosted.get(req.url ?? '');
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

/** A page of the other site with `body` in it; its URL. */
function hostPage(body: string, scheme: 'light' | 'dark' = 'light'): string {
  const path = `/post-${hosted.size + 1}`;
  const [bg, fg] = scheme === 'dark' ? ['#101113', '#e9ecef'] : ['#f4f1ea', '#222'];
  hosted.set(
    path,
    `<!doctype html><html><head><meta charset="utf-8"><title>A blog post</title>
<style>body{font-family:Georgia,serif;background:${bg};color:${fg};margin:24px;max-width:760px}
iframe{display:block;margin:12px 0 24px}</style></head>
<body><h1>Notes on multiples</h1><p>Here is the chart, live from Strata:</p>${body}</body></html>`,
  );
  return `${hostOrigin}${path}`;
}

const iframe = (src: string, title: string, height: number) =>
  `<iframe src="${src.replace(/&/g, '&amp;')}" title="${title}" width="100%" height="${height}" style="border:0"></iframe>`;

/** A visitor with no account, in a browser context of its own. */
async function visitor(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  return { context, page, requests };
}

/**
 * A chart drawn in a frame, by its accessible name's start (CSS: Playwright's role queries
 * compute every accessible name in the frame, which takes seconds on a loaded machine).
 */
const chartIn = (frame: FrameLocator, name: string) =>
  frame.locator(`[role="img"][aria-label^="${name}:"]`);

test.describe('embeds', () => {
  // Each test sets up a query, its runs, visualizations and a dashboard first.
  test.slow();
  for (const scheme of ['light', 'dark'] as const)
    test(`a chart and a dashboard framed by another site draw with the URL’s values, ${scheme}`, async ({
      page,
      browser,
      baseURL,
    }) => {
      const s = await setUp(page, await signUp(page, { prefix: 'embed' }));
      const q = `factor=7&theme=${scheme}`;
      const url = hostPage(
        [
          iframe(`${baseURL}/embed/queries/${s.queryId}/${s.line}?${q}`, 'Line of y', 340),
          iframe(`${baseURL}/embed/queries/${s.queryId}/${s.counter}?${q}`, 'Largest y', 170),
          iframe(
            `${baseURL}/embed/dashboards/${s.handle}/${s.slug}?p.${s.queryId}.factor=7&theme=${scheme}`,
            'Embedded multiples',
            720,
          ),
        ].join('\n'),
        scheme,
      );
      const v = await visitor(browser);
      const chartRows = v.page.waitForResponse(
        (r) =>
          r.url().includes(`/api/v1/embed/queries/${s.queryId}/visualizations/${s.line}/results`) &&
          r.url().includes('columns='),
      );
      await v.page.goto(url);

      const chart = v.page.frameLocator('iframe[title="Line of y"]');
      // Three frames start at once, each loading its code: on a busy machine, more than 10 s.
      await expect(chartIn(chart, 'Line of y')).toHaveAttribute('data-painted', 'true', {
        timeout: 30_000,
      });
      await expect(chartIn(chart, 'Line of y')).toHaveAttribute('data-color-scheme', scheme);
      await expect(chart.locator('h1')).toHaveText('Line of y');
      await expect(chart.getByTestId('embed-values')).toHaveText('· factor = 7');
      // The chart drew the rows of the run with factor 7.
      const rows = ((await (await chartRows).json()) as { result: { rows: { y: number }[] } })
        .result.rows;
      expect(rows.map((r) => r.y)).toEqual([7, 14, 21, 28, 35, 42, 49, 56]);
      expect((await chartRows).url()).toContain('params.factor=7');

      const counter = v.page.frameLocator('iframe[title="Largest y"]');
      await expect(counter.getByTestId('counter-value')).toHaveText('56');

      const dash = v.page.frameLocator('iframe[title="Embedded multiples"]');
      await expect(chartIn(dash, 'Line of y')).toHaveAttribute('data-painted', 'true');
      await expect(dash.getByTestId('counter-value')).toHaveText('56');
      await expect(dash.getByTestId('param-value')).toHaveText('7');
      // No app chrome: no navigation, no sign-in.
      await expect(dash.locator('nav')).toHaveCount(0);
      await expect(dash.locator('body')).not.toContainText('Sign in');

      // Only what a chart needs was loaded: no editor, no pipeline graph.
      const scripts = v.requests.filter((u) => u.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((u) => /monaco|editor|pipeline|dagre/i.test(u))).toEqual([]);
      await v.page.screenshot({ path: `${SCREENSHOTS}/embed-${scheme}.png`, fullPage: true });
      await v.context.close();
    });

  test('private content is not available; the app’s own pages refuse to be framed', async ({
    page,
    browser,
    baseURL,
  }) => {
    const s = await setUp(page, await signUp(page, { prefix: 'embedpriv' }), true);
    const url = hostPage(
      [
        iframe(`${baseURL}/embed/queries/${s.queryId}/${s.line}?factor=7`, 'Private', 160),
        iframe(`${baseURL}/embed/dashboards/${s.handle}/no-such-board`, 'Unknown', 160),
        `<iframe name="app" src="${baseURL}/sign-in" title="App" width="100%" height="160"></iframe>`,
      ].join('\n'),
    );
    const v = await visitor(browser);
    const refused = v.page.waitForResponse((r) => r.url() === `${baseURL}/sign-in`);
    await v.page.goto(url);
    for (const title of ['Private', 'Unknown']) {
      const frame = v.page.frameLocator(`iframe[title="${title}"]`);
      await expect(frame.getByTestId('embed-not-available')).toContainText(
        'This content is not available',
      );
      await expect(frame.locator('body')).not.toContainText('Multiples');
    }
    // The app page answered, and the browser did not show it in the frame.
    expect((await refused).headers()['content-security-policy']).toContain(
      "frame-ancestors 'none'",
    );
    await expect
      .poll(() => v.page.frame({ name: 'app' })?.url())
      .toMatch(/^chrome-error:|^about:blank$/);
    await v.page.screenshot({ path: `${SCREENSHOTS}/embed-not-available.png`, fullPage: true });
    await v.context.close();
  });

  test('Share and the visualization tab give the embed code with the page’s values', async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const s = await setUp(page, await signUp(page, { prefix: 'embedcopy' }));
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

    await page.goto(`/dashboards/${s.dashboardId}?p.${s.queryId}.factor=7`);
    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share this dashboard' });
    const code = share.getByRole('textbox', { name: 'Embed code' });
    const src = `${baseURL}/embed/dashboards/${s.handle}/${s.slug}?p.${s.queryId}.factor=7`;
    await expect(code).toHaveValue(new RegExp(`^<iframe src="${escape(src)}&amp;theme=light"`));
    await share.getByText('Dark', { exact: true }).click();
    await expect(code).toHaveValue(new RegExp(`^<iframe src="${escape(src)}&amp;theme=dark"`));
    await share.getByRole('button', { name: 'Copy embed code' }).click();
    await expect(share.getByRole('button', { name: 'Copied' })).toBeVisible();
    await share.screenshot({ path: `${SCREENSHOTS}/embed-share-dialog.png` });
    const copied = await clipboard();
    expect(copied).toBe(await code.inputValue());
    expect(copied).toContain('title="Embedded multiples"');

    // The copied code works as it is in another site's page.
    const v = await visitor(browser);
    await v.page.goto(hostPage(copied, 'dark'));
    const dash = v.page.frameLocator('iframe[title="Embedded multiples"]');
    await expect(dash.getByTestId('counter-value')).toHaveText('56');
    await expect(chartIn(dash, 'Line of y')).toHaveAttribute('data-color-scheme', 'dark');
    await v.context.close();

    // A private dashboard cannot be embedded.
    await share.getByRole('switch', { name: 'Private' }).check();
    await expect(share.getByText('Only public dashboards can be embedded')).toBeVisible();
    await expect(code).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The visualization tab of the query page, with the page's values.
    await page.goto(`/queries/${s.queryId}?factor=7&viz=${s.line}`);
    await page.getByRole('button', { name: 'Embed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Embed this visualization' });
    const vizCode = dialog.getByRole('textbox', { name: 'Embed code' });
    await expect(vizCode).toHaveValue(
      new RegExp(
        `^<iframe src="${escape(`${baseURL}/embed/queries/${s.queryId}/${s.line}?factor=7`)}&amp;theme=light" title="Line of y"`,
      ),
    );
    await dialog.screenshot({ path: `${SCREENSHOTS}/embed-visualization-dialog.png` });
    await dialog.getByRole('button', { name: 'Copy embed code' }).click();
    await expect.poll(clipboard).toBe(await vizCode.inputValue());
  });
});

/** `s` as a literal in a regular expression. */
function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
