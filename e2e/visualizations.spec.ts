import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS, setColorScheme, signUp } from './support/session';

/** Thirty days of two numeric series. */
const DAILY = `SELECT DATE '2024-01-01' + INTERVAL (i) DAY AS day,
  (i * 7 % 11) + 1 AS volume, i * 2.5 AS fees, CASE WHEN i % 2 = 0 THEN 'eth' ELSE 'sol' END AS chain
FROM range(30) t(i)`;

type Viz = { name: string; type: string; options: Record<string, unknown> };

async function saveQuery(page: Page, sql: string): Promise<number> {
  const res = await page.request.post('/api/v1/query', {
    data: { name: 'Daily volume', query_sql: sql },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { query_id: number }).query_id;
}

async function vizOf(page: Page, id: number): Promise<Viz> {
  const res = await page.request.get(`/api/v1/visualizations/${id}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Viz;
}

/** Picks `option` in the Mantine Select labelled `label`. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Adds `option` in the Mantine MultiSelect labelled `label` (a click on its field opens the list). */
async function pickMore(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const chartBox = (page: Page) => page.getByTestId('viz-chart');

test.describe('visualizations', () => {
  test.describe.configure({ timeout: 120_000 });

  test('add a line chart, save, reload, then turn it into a counter', async ({ page }) => {
    await signUp(page, { prefix: 'viz', colorScheme: 'light' });
    const queryId = await saveQuery(page, DAILY);
    await page.goto(`/queries/${queryId}`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('results-grid')).toBeVisible({ timeout: 30_000 });

    await page.getByRole('tab', { name: 'New visualization' }).click();
    await expect(page).toHaveURL(/[?&]viz=new/);
    const editor = page.getByTestId('visualization-editor');
    await pick(page, 'Type', 'Line chart');
    await pick(page, 'X column', 'day');
    // The guess already maps volume; add fees as a second y column.
    await pickMore(page, 'Y columns', 'fees');
    await page.keyboard.press('Escape');
    await editor.getByLabel('Y axis title').fill('Amount');
    await editor.getByLabel('Visualization name').fill('Volume and fees');
    await expect(chartBox(page)).toHaveAttribute('data-painted', 'true');
    await expect(chartBox(page)).toHaveAccessibleName(/line chart of volume, fees by day/);

    await editor.getByRole('button', { name: 'Save visualization' }).click();
    await expect(page).toHaveURL(/[?&]viz=\d+/);
    const vizId = Number(/viz=(\d+)/.exec(page.url())![1]);
    const saved = await vizOf(page, vizId);
    expect(saved).toMatchObject({
      name: 'Volume and fees',
      type: 'chart',
      options: {
        globalSeriesType: 'line',
        columnMapping: { day: 'x', volume: 'y', fees: 'y' },
        yAxis: [{ title: { text: 'Amount' } }],
      },
    });
    await expect(page.getByRole('tab', { name: 'Volume and fees' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(chartBox(page)).toHaveAttribute('data-painted', 'true');
    await page.screenshot({
      path: `${SCREENSHOTS}/visualization-editor-light.png`,
      fullPage: true,
    });

    // Reload: the tab is there and the chart paints again, from the saved options.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Volume and fees' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(chartBox(page)).toHaveAttribute('data-painted', 'true', { timeout: 30_000 });

    // The same editor in the dark theme.
    await setColorScheme(page, 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(chartBox(page)).toHaveAttribute('data-color-scheme', 'dark');
    await expect(chartBox(page)).toHaveAttribute('data-painted', 'true', { timeout: 30_000 });
    await page.screenshot({ path: `${SCREENSHOTS}/visualization-editor-dark.png`, fullPage: true });

    // Into a counter of the first row's volume, with a prefix and two decimals.
    await pick(page, 'Type', 'Counter');
    await pick(page, 'Counter column', 'volume');
    await editor.getByLabel('Prefix').fill('$');
    await editor.getByLabel('Decimals').fill('2');
    await expect(page.getByTestId('counter-value')).toHaveText('$1.00');
    await editor.getByRole('button', { name: 'Save visualization' }).click();
    await expect(editor.getByRole('button', { name: 'Save visualization' })).toBeDisabled();
    expect(await vizOf(page, vizId)).toMatchObject({
      type: 'counter',
      options: { counterColName: 'volume', rowNumber: 1, stringPrefix: '$', stringDecimal: 2 },
    });
    await page.reload();
    await expect(page.getByTestId('counter-value')).toHaveText('$1.00', { timeout: 30_000 });
  });

  test('a group-by makes one series per value, each with its own name and color', async ({
    page,
  }) => {
    await signUp(page, { prefix: 'vizg' });
    const queryId = await saveQuery(page, DAILY);
    await page.goto(`/queries/${queryId}`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('results-grid')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'New visualization' }).click();
    const editor = page.getByTestId('visualization-editor');
    await pick(page, 'Type', 'Bar chart');
    await pick(page, 'X column', 'day');
    await pick(page, 'Group by', 'chain');
    // The series are the values of chain, read from the result.
    await expect(editor.getByTestId('series-eth')).toBeVisible();
    await expect(editor.getByTestId('series-sol')).toBeVisible();
    await expect(editor.getByTestId('series-volume')).toHaveCount(0);
    await editor.getByLabel('Name of sol').fill('Solana');
    // A value that is not a color is named as such (the service would refuse it on save).
    await editor.getByLabel('Color of eth').fill('red"/onmouseover="x');
    await expect(
      editor.getByText(/Not a color: #1f77b4, rgb\(\), hsl\(\) or a name/),
    ).toBeVisible();
    await editor.getByLabel('Color of eth').fill('#ff0000');
    await expect(editor.getByText(/Not a color/)).toHaveCount(0);
    await expect(chartBox(page)).toHaveAttribute('data-painted', 'true');
    await editor.getByRole('button', { name: 'Save visualization' }).click();
    await expect(page).toHaveURL(/[?&]viz=\d+/);
    const saved = await vizOf(page, Number(/viz=(\d+)/.exec(page.url())![1]));
    expect(saved.options).toMatchObject({
      columnMapping: { day: 'x', chain: 'series' },
      seriesOptions: { sol: { name: 'Solana' }, eth: { color: '#ff0000' } },
    });
  });

  test('visualizations made through the API render; unknown kinds say so; delete', async ({
    page,
  }) => {
    await signUp(page, { prefix: 'viz' });
    const queryId = await saveQuery(page, DAILY);
    const create = async (body: Viz) => {
      const res = await page.request.post(`/api/v1/query/${queryId}/visualizations`, {
        data: body,
      });
      expect(res.ok(), await res.text()).toBe(true);
      return ((await res.json()) as { id: number }).id;
    };
    await create({
      name: 'By chain',
      type: 'chart',
      options: {
        globalSeriesType: 'column',
        columnMapping: { day: 'x', volume: 'y', chain: 'series' },
        series: { stacking: 'stack' },
      },
    });
    const sankey = await create({ name: 'Flows', type: 'sankey', options: {} });
    await page.goto(`/queries/${queryId}`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('results-grid')).toBeVisible({ timeout: 30_000 });

    await page.getByRole('tab', { name: 'By chain' }).click();
    await expect(chartBox(page)).toHaveAttribute('data-painted', 'true');
    await expect(page.getByRole('combobox', { name: 'Type', exact: true })).toHaveValue(
      'Bar chart',
    );

    await page.getByRole('tab', { name: 'Flows' }).click();
    await expect(page.getByTestId('viz-not-rendered')).toHaveText(
      'sankey visualizations are stored but not rendered yet',
    );
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('tab', { name: 'Flows' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Results' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect((await page.request.get(`/api/v1/visualizations/${sankey}`)).status()).toBe(404);
  });
});
