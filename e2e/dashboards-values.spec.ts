import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { runToCompletion } from './support/api';
import { setColorScheme, signUp } from './support/session';

/** Screenshots of this journey, also kept where the team looks for them. */
const SHOTS = process.env.VALUES_SHOTS ?? 'test-results/screenshots/dashboard-values';

type Setup = {
  handle: string;
  flows: number;
  dashboardId: number;
  link: string;
  widgets: { flows: number; fees: number; plain: number };
};

/**
 * A public dashboard of three queries: "Flows" (chain, default base, and days, default 7; run
 * with its defaults) driven by a parameter widget for its chain; "Fees" (chain and window),
 * which no widget drives, last run by its owner with chain = ethereum and window = 7d; "Plain",
 * without parameters.
 */
async function setUp(page: Page): Promise<Setup> {
  const handle = await signUp(page, { prefix: 'values' });
  const headers = { 'x-strata-context': handle };
  const query = async (name: string, sql: string, parameters: object[]) => {
    const r = await page.request.post('/api/v1/query', {
      headers,
      data: { name, query_sql: sql, parameters },
    });
    expect(r.ok()).toBe(true);
    return ((await r.json()) as { query_id: number }).query_id;
  };
  const viz = async (id: number, name: string, type: string, options: object) => {
    const r = await page.request.post(`/api/v1/query/${id}/visualizations`, {
      headers,
      data: { name, type, options },
    });
    expect(r.ok()).toBe(true);
    return ((await r.json()) as { id: number }).id;
  };
  const flows = await query(
    'Flows',
    "SELECT x AS day, x * {{days}} AS flow, '{{chain}}' AS chain FROM range(1, 8) t(x)",
    [
      { key: 'chain', type: 'text', value: 'base' },
      { key: 'days', type: 'number', value: '7' },
    ],
  );
  const fees = await query(
    'Fees',
    "SELECT x AS day, x * 2 AS fee, '{{chain}} {{window}}' AS label FROM range(1, 8) t(x)",
    [
      { key: 'chain', type: 'text', value: 'base' },
      { key: 'window', type: 'text', value: '24h' },
    ],
  );
  const plain = await query('Plain', 'SELECT 42 AS answer', []);
  await runToCompletion(page, flows, headers, {});
  await runToCompletion(page, fees, headers, { chain: 'base', window: '24h' });
  // The owner's last run of Fees, with values of their own: what its widget shows.
  await runToCompletion(page, fees, headers, { chain: 'ethereum', window: '7d' });
  await runToCompletion(page, plain, headers, {});
  const line = { globalSeriesType: 'line', columnMapping: { day: 'x', flow: 'y' } };
  const ids = [
    await viz(flows, 'Daily flows', 'chart', line),
    await viz(fees, 'Daily fees', 'chart', {
      globalSeriesType: 'column',
      columnMapping: { day: 'x', fee: 'y' },
    }),
    await viz(plain, 'The answer', 'counter', { counterColName: 'answer', rowNumber: 1 }),
  ];
  const created = await page.request.post('/api/v1/dashboards', {
    headers,
    data: { name: 'Chain flows', visualization_ids: ids },
  });
  expect(created.ok()).toBe(true);
  const d = (await created.json()) as {
    dashboard_id: number;
    slug: string;
    visualization_widgets: { widget_id: number; visualization_id: number }[];
  };
  const widget = (vid: number) => d.visualization_widgets.find((w) => w.visualization_id === vid)!;
  const at = (col: number, row: number, size_x: number, size_y: number) => ({
    col,
    row,
    size_x,
    size_y,
  });
  const patched = await page.request.patch(`/api/v1/dashboards/${d.dashboard_id}`, {
    headers,
    data: {
      visualization_widgets: [
        { ...widget(ids[0]!), position: at(0, 3, 6, 7) },
        { ...widget(ids[1]!), position: at(6, 3, 6, 7) },
        { ...widget(ids[2]!), position: at(3, 0, 3, 3) },
      ],
      param_widgets: [
        {
          key: 'chain',
          query_id: flows,
          visualization_widget_id: widget(ids[0]!).widget_id,
          position: at(0, 0, 3, 2),
        },
      ],
    },
  });
  expect(patched.ok()).toBe(true);
  return {
    handle,
    flows,
    dashboardId: d.dashboard_id,
    link: `/${handle}/${d.slug}`,
    widgets: {
      flows: widget(ids[0]!).widget_id,
      fees: widget(ids[1]!).widget_id,
      plain: widget(ids[2]!).widget_id,
    },
  };
}

/** The caption of widget `id` on a page drawn by the app (the dashboard page, public page, embed). */
const caption = (page: Page, id: number): Locator =>
  page.getByTestId(`viz-widget-${id}`).getByTestId('widget-values');

/** What every page of the dashboard says with the values of the URL `p.<flows>.chain`. */
async function expectCaptions(page: Page, s: Setup, chain = 'base') {
  await expect(caption(page, s.widgets.flows)).toHaveText(`chain = ${chain} · days = 7`);
  await expect(caption(page, s.widgets.flows)).toHaveAttribute(
    'title',
    `chain = ${chain} · days = 7`,
  );
  // Fees follows no input: its owner's last run, and a warning that the dashboard's chain is not it.
  const fees = caption(page, s.widgets.fees);
  await expect(fees).toHaveText('Other values: chain = ethereum · window = 7d');
  await expect(fees).toHaveAttribute(
    'title',
    `This result is for chain = ethereum · window = 7d, not the dashboard’s chain = ${chain}`,
  );
  // With room to spare, nothing of the line is cut.
  expect(
    await caption(page, s.widgets.flows).evaluate((el) => el.scrollWidth <= el.clientWidth),
  ).toBe(true);
  // A query without parameters has no caption.
  await expect(page.getByTestId(`viz-widget-${s.widgets.plain}`)).toContainText('42');
  await expect(caption(page, s.widgets.plain)).toHaveCount(0);
}

/** Each widget's box, by its grid item id, from `attr`. */
const boxes = (page: Page, attr: string) =>
  page.evaluate(
    (a) =>
      Object.fromEntries(
        [...document.querySelectorAll(`[${a}]`)].map((el) => {
          const r = el.getBoundingClientRect();
          return [el.getAttribute(a)!, [r.x, r.y, r.width, r.height].map(Math.round)];
        }),
      ),
    attr,
  );

test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

test('each widget of a parameterized query says which values it shows: app, public page, embed', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const s = await setUp(page);

  for (const scheme of ['light', 'dark'] as const) {
    // The owner's dashboard page.
    await setColorScheme(page, scheme);
    await page.goto(`/dashboards/${s.dashboardId}`);
    await expectCaptions(page, s);
    await expect(page.getByTestId(`viz-widget-${s.widgets.fees}`).getByRole('img')).toHaveAttribute(
      'data-painted',
      'true',
    );
    await page.screenshot({ path: `${SHOTS}/app-${scheme}.png`, fullPage: true });

    // The public page before any script: the server's drawing names the same values.
    const still = await browser.newContext({ javaScriptEnabled: false, colorScheme: scheme });
    await expect
      .poll(async () => (await (await still.request.get(s.link)).text()).includes('<svg width'), {
        timeout: 30_000,
      })
      .toBe(true);
    const before = await still.newPage();
    await before.goto(s.link);
    const fees = before.locator(`[data-fp-widget="v:${s.widgets.fees}"] [data-fp-caption]`);
    await expect(fees).toHaveText('Other values: chain = ethereum · window = 7d');
    await expect(fees).toHaveAttribute(
      'title',
      'This result is for chain = ethereum · window = 7d, not the dashboard’s chain = base',
    );
    await expect(
      before.locator(`[data-fp-widget="v:${s.widgets.plain}"] [data-fp-caption]`),
    ).toHaveCount(0);
    await before.screenshot({ path: `${SHOTS}/first-paint-${scheme}.png`, fullPage: true });
    const served = await boxes(before, 'data-fp-widget');
    const painted = await before.evaluate(() =>
      [...document.querySelectorAll('[data-fp-widget^="v:"] .sfp-body')].map(
        (el) => el.getBoundingClientRect().height,
      ),
    );
    await still.close();

    // The public page, anonymous: the app takes over in place, with the same captions.
    const anon = await browser.newContext({ colorScheme: scheme });
    const visitor = await anon.newPage();
    await visitor.goto(s.link);
    await expect(visitor.locator('[data-first-paint]')).toHaveCount(0);
    await expectCaptions(visitor, s);
    const mounted = await boxes(visitor, 'data-widget');
    for (const [id, box] of Object.entries(served))
      box.forEach((v, i) =>
        expect(Math.abs(v - mounted[id]![i]!), `${id} ${box} ${mounted[id]}`).toBeLessThanOrEqual(
          1,
        ),
      );
    // The caption shares the title's row: a chart's body keeps the height the server drew for.
    const bodies = await visitor.evaluate(() =>
      [...document.querySelectorAll('[data-widget^="v:"] [data-state]')].map(
        (el) => el.getBoundingClientRect().height,
      ),
    );
    expect(bodies.map(Math.round)).toEqual(painted.map(Math.round));
    await visitor.screenshot({ path: `${SHOTS}/public-${scheme}.png`, fullPage: true });

    // A value with no result yet: the widget names the values it has none for.
    await visitor.goto(`${s.link}?p.${s.flows}.chain=optimism`);
    await expect(visitor.getByTestId(`viz-widget-${s.widgets.flows}`)).toContainText(
      'No result for these values yet.',
    );
    await expectCaptions(visitor, s, 'optimism');
    await visitor.screenshot({ path: `${SHOTS}/public-no-result-${scheme}.png`, fullPage: true });
    await anon.close();

    // The dashboard's embed.
    const framed = await browser.newContext({ colorScheme: scheme });
    const embed = await framed.newPage();
    await embed.goto(`/embed/dashboards/${s.handle}/${s.link.split('/')[2]}?theme=${scheme}`);
    await expectCaptions(embed, s);
    await expect(
      embed.getByTestId(`viz-widget-${s.widgets.flows}`).getByRole('img'),
    ).toHaveAttribute('data-painted', 'true');
    await embed.screenshot({ path: `${SHOTS}/embed-${scheme}.png`, fullPage: true });
    await framed.close();
  }
});
