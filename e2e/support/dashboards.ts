import { expect, type Page } from '@playwright/test';
import { runToCompletion } from './api';

/** Eleven DEX pairs, ranked by volume (not in alphabetical order). */
export const TOP_PAIRS = [
  'WETH-USDC',
  'USDC-USDT',
  'DAI-USDC',
  'WBTC-WETH',
  'PEPE-WETH',
  'ARB-WETH',
  'LINK-WETH',
  'UNI-WETH',
  'MATIC-WETH',
  'OP-WETH',
  'AAVE-WETH',
];

/** The pairs with a volume (330M down to 30M), trades and fees, ranked by volume. */
export const TOP_PAIRS_SQL = `SELECT pair, volume, volume / 2000 AS trades, volume / 300 AS fees
  FROM (VALUES ${TOP_PAIRS.map((p, i) => `('${p}', ${(TOP_PAIRS.length - i) * 30_000_000})`).join(
    ', ',
  )}) t(pair, volume) ORDER BY volume DESC`;

/**
 * A saved query of the signed-in user with a completed run and three visualizations of it: a
 * line chart, a ranked bar chart and a counter. Returns the query's id and name.
 */
export async function queryWithVisualizations(page: Page, name: string) {
  const created = await page.request.post('/api/v1/query', {
    data: {
      name,
      query_sql: TOP_PAIRS_SQL,
    },
  });
  expect(created.ok()).toBe(true);
  const { query_id } = (await created.json()) as { query_id: number };
  await runToCompletion(page, query_id);
  const viz = async (vizName: string, type: string, options: Record<string, unknown>) => {
    const res = await page.request.post(`/api/v1/query/${query_id}/visualizations`, {
      data: { name: vizName, type, options },
    });
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { id: number }).id;
  };
  await viz('Volume by pair', 'chart', {
    globalSeriesType: 'column',
    columnMapping: { pair: 'x', volume: 'y' },
    numberFormat: '$0.0a',
  });
  await viz('Volume line', 'chart', {
    globalSeriesType: 'line',
    columnMapping: { pair: 'x', volume: 'y' },
  });
  await viz('Top volume', 'counter', {
    counterColName: 'volume',
    rowNumber: 1,
    stringPrefix: '$',
    stringDecimal: 0,
  });
  return { queryId: query_id, name };
}

/** Creates a dashboard from the list page, through its dialog; returns its id. */
export async function createDashboard(page: Page, name: string): Promise<number> {
  await page.goto('/dashboards');
  await page.getByRole('button', { name: 'New dashboard' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('dialog').getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboards\/\d+$/);
  return Number(/\/dashboards\/(\d+)/.exec(page.url())![1]);
}

/** In edit mode: adds a text widget with `markdown` through the Add text dialog. */
export async function addTextWidget(page: Page, markdown: string) {
  await page.getByRole('button', { name: 'Add text' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add text' });
  await dialog.getByLabel('Markdown').fill(markdown);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

/** A query of `handle`'s context, run to completion, and a way to add visualizations of it. */
export async function runQuery(page: Page, handle: string, name: string, sql: string) {
  const headers = { 'x-strata-context': handle };
  const created = await page.request.post('/api/v1/query', {
    headers,
    data: { name, query_sql: sql },
  });
  expect(created.ok()).toBe(true);
  const { query_id } = (await created.json()) as { query_id: number };
  await runToCompletion(page, query_id, headers);
  const viz = async (name: string, type: string, options: Record<string, unknown>) => {
    const res = await page.request.post(`/api/v1/query/${query_id}/visualizations`, {
      headers,
      data: { name, type, options },
    });
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { id: number }).id;
  };
  return { queryId: query_id, viz };
}

const PUBLIC_SQL = `SELECT x, x * 3 AS y, 'item ' || x AS label, '</script><b>' || x AS odd
             FROM range(1, 9) t(x)`;

/** A public dashboard of a chart, a counter and a table of one run query; its /owner/slug link. */
export async function publicDashboard(page: Page, handle: string): Promise<string> {
  const headers = { 'x-strata-context': handle };
  const { viz } = await runQuery(page, handle, `Public ${handle}`, PUBLIC_SQL);
  const ids = [
    await viz('Line of y', 'chart', {
      globalSeriesType: 'line',
      columnMapping: { x: 'x', y: 'y' },
    }),
    await viz('Columns of y', 'chart', {
      globalSeriesType: 'column',
      columnMapping: { label: 'x', y: 'y' },
    }),
    await viz('Largest y', 'counter', { counterColName: 'y', rowNumber: 8 }),
    await viz('Rows', 'table', {}),
  ];
  const res = await page.request.post('/api/v1/dashboards', {
    headers,
    data: {
      name: 'Open numbers',
      visualization_ids: ids,
      columns_per_row: 2,
      text_widgets: [{ text: '## Read me\n\nEvery widget of this page came with it.' }],
    },
  });
  expect(res.ok()).toBe(true);
  return `/${handle}/${((await res.json()) as { slug: string }).slug}`;
}
