import { expect, test, type Page } from '@playwright/test';
import { runToCompletion } from './support/api';
import { SCREENSHOTS, setColorScheme, signUp } from './support/session';

const SQL = `SELECT x, x * 3 AS y, 'item ' || x AS label, '</script><b>' || x AS odd
             FROM range(1, 9) t(x)`;

/** A public dashboard of a chart, a counter and a table of one run query; its /owner/slug link. */
async function publicDashboard(page: Page, handle: string): Promise<string> {
  const headers = { 'x-strata-context': handle };
  const created = await page.request.post('/api/v1/query', {
    headers,
    data: { name: `Public ${handle}`, query_sql: SQL },
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

test.describe('a public dashboard', () => {
  for (const scheme of ['light', 'dark'] as const)
    test(`paints every widget with at most one request for its data, ${scheme}`, async ({
      page,
      browser,
    }) => {
      const handle = await signUp(page, { prefix: 'open' });
      const link = await publicDashboard(page, handle);

      const anon = await browser.newContext();
      const visitor = await anon.newPage();
      await setColorScheme(visitor, scheme);
      const data: string[] = [];
      visitor.on('request', (r) => {
        // The session check (/auth/me) is not a read of the dashboard's data.
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/v1/') && !url.pathname.startsWith('/api/v1/auth/'))
          data.push(url.pathname + url.search);
      });
      await visitor.goto(link);
      await expect(visitor.getByRole('heading', { name: 'Open numbers' })).toBeVisible();
      for (const name of ['Line of y', 'Columns of y'])
        await expect(visitor.getByRole('img', { name: new RegExp(`^${name}:`) })).toHaveAttribute(
          'data-painted',
          'true',
        );
      await expect(visitor.getByTestId('counter-value')).toHaveText('24');
      const table = visitor.getByTestId('viz-table');
      await expect(table.getByRole('cell', { name: 'item 8', exact: true })).toBeVisible();
      // Text that looks like markup is shown as text.
      await expect(table.getByRole('cell', { name: '</script><b>1', exact: true })).toBeVisible();
      await expect(visitor.getByRole('heading', { name: 'Read me' })).toBeVisible();
      expect(data.length, data.join('\n')).toBeLessThanOrEqual(1);
      expect(data.every((u) => u.includes('/bundle'))).toBe(true);
      await visitor.screenshot({
        path: `${SCREENSHOTS}/dashboard-public-${scheme}.png`,
        fullPage: true,
      });
      await anon.close();
    });
});
