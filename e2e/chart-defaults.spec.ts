import { expect, test, type Locator, type Page } from '@playwright/test';
import { TOP_PAIRS, TOP_PAIRS_SQL } from './support/dashboards';
import { SCREENSHOTS, signUp } from './support/session';

/** Signs up, saves the ranked pairs query, runs it and opens a new visualization of it. */
async function newVisualization(page: Page, colorScheme: 'light' | 'dark' = 'light') {
  await signUp(page, { prefix: 'chart', colorScheme });
  const res = await page.request.post('/api/v1/query', {
    data: { name: 'Top pairs', query_sql: TOP_PAIRS_SQL },
  });
  expect(res.ok()).toBe(true);
  const { query_id } = (await res.json()) as { query_id: number };
  await page.goto(`/queries/${query_id}`);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('results-grid')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'New visualization' }).click();
  const editor = page.getByTestId('visualization-editor');
  const chart = page.getByTestId('viz-chart');
  await expect(chart).toHaveAttribute('data-painted', 'true');
  return { editor, chart };
}

/** The chart's tooltip (ECharts draws it as HTML inside the chart's box), '' when hidden. */
const tooltip = (chart: Locator) =>
  chart.evaluate((el) =>
    [...el.children]
      .filter((c) => c.tagName === 'DIV' && getComputedStyle(c).display !== 'none')
      .map((c) => (c as HTMLElement).innerText)
      .join(''),
  );

/**
 * The categories of the x axis in the order a reader meets them: the pointer sweeps across the
 * chart, and each category the axis tooltip names is noted once.
 */
async function categoriesLeftToRight(page: Page, chart: Locator): Promise<string[]> {
  await chart.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const b = (await chart.boundingBox())!;
  const seen: string[] = [];
  for (let i = 0; i <= 44; i++) {
    await page.mouse.move(b.x + (b.width * i) / 44, b.y + b.height * 0.6);
    const first = (await tooltip(chart)).split('\n')[0]?.trim();
    if (first && seen.at(-1) !== first) seen.push(first);
  }
  await page.mouse.move(0, 0);
  return seen;
}

/** A sweep makes about 45 pointer moves: give each poll room on a loaded machine. */
const SWEEP = { timeout: 40_000 };

/** Picks `option` in the Mantine Select labelled `label`. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('chart defaults', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a ranked result stays ranked, values read $330.0M, and the name follows the type', async ({
    page,
  }) => {
    const { editor, chart } = await newVisualization(page);
    const name = editor.getByLabel('Visualization name');
    await expect(name).toHaveValue('Bar chart');
    const sort = editor.getByRole('switch', { name: 'Sort x values' });
    await expect(sort).not.toBeChecked();

    // The bars are in the result's (ranked) order, not alphabetical.
    await expect.poll(() => categoriesLeftToRight(page, chart), SWEEP).toEqual(TOP_PAIRS);

    // Abbreviations are upper case.
    await editor.getByLabel('Number format').fill('$0.0a');
    await expect(chart).toHaveAttribute('data-painted', 'true');
    const b = (await chart.boundingBox())!;
    await expect
      .poll(async () => {
        await page.mouse.move(b.x + b.width * 0.2, b.y + b.height * 0.6);
        return tooltip(chart);
      })
      .toMatch(/\$\d+\.\dM/);
    expect(await tooltip(chart)).not.toMatch(/\d+\.\dm/);

    // Sorting is one switch away, and back.
    await sort.click();
    await expect(sort).toBeChecked();
    await expect
      .poll(() => categoriesLeftToRight(page, chart), SWEEP)
      .toEqual([...TOP_PAIRS].sort((x, y) => x.localeCompare(y)));
    await sort.click();
    await expect.poll(() => categoriesLeftToRight(page, chart), SWEEP).toEqual(TOP_PAIRS);

    // The Y columns field takes a click beside its chip: a second series.
    await editor.getByRole('combobox', { name: 'Y columns', exact: true }).click();
    await page.getByRole('option', { name: 'fees', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(chart).toHaveAccessibleName(/column chart of volume, fees by pair/);

    // The default name follows the type until the user writes one.
    await pick(page, 'Type', 'Counter');
    await expect(name).toHaveValue('Counter');
    await pick(page, 'Type', 'Line chart');
    await expect(name).toHaveValue('Line chart');
    await name.fill('Pair volume');
    await pick(page, 'Type', 'Counter');
    await expect(name).toHaveValue('Pair volume');
    await pick(page, 'Type', 'Bar chart');
    await expect(name).toHaveValue('Pair volume');

    await editor.getByRole('button', { name: 'Save visualization' }).click();
    await expect(page).toHaveURL(/[?&]viz=\d+/);
    const id = Number(/viz=(\d+)/.exec(page.url())![1]);
    const saved = (await (await page.request.get(`/api/v1/visualizations/${id}`)).json()) as {
      name: string;
      options: Record<string, unknown>;
    };
    expect(saved.name).toBe('Pair volume');
    expect(saved.options).toMatchObject({ sortX: false, numberFormat: '$0.0a' });
  });

  test('dark theme: every series color stands out from the card', async ({ page }) => {
    const { editor, chart } = await newVisualization(page, 'dark');
    for (const column of ['trades', 'fees']) {
      await editor.getByRole('combobox', { name: 'Y columns', exact: true }).click();
      await page.getByRole('option', { name: column, exact: true }).click();
    }
    await page.keyboard.press('Escape');
    await expect(chart).toHaveAccessibleName(/of volume, trades, fees by pair/);
    await expect(chart).toHaveAttribute('data-painted', 'true');
    const b = (await chart.boundingBox())!;
    // The tooltip's markers are the series colors: the third is no longer the dark slate.
    const markers = async () => {
      await page.mouse.move(b.x + b.width * 0.3, b.y + b.height * 0.6);
      return chart.evaluate((el) =>
        [...el.querySelectorAll<HTMLElement>('span[style*="background-color"]')].map(
          (s) => s.style.backgroundColor,
        ),
      );
    };
    await expect.poll(markers).toHaveLength(3);
    const colors = await markers();
    expect(colors).not.toContain('rgb(80, 83, 114)'); // #505372, 2:1 against the dark card
    expect(colors[2]).toBe('rgb(154, 166, 200)'); // #9aa6c8
    await page.screenshot({ path: `${SCREENSHOTS}/chart-editor-series-dark.png`, fullPage: true });
  });

  test('the demo dashboard’s top pairs are drawn in volume order', async ({ page }) => {
    const by = await page.request.get(
      '/api/v1/dashboards/by-slug/demo/chain-activity-and-dex-volume',
    );
    expect(by.ok()).toBe(true);
    const dashboard = (await by.json()) as { dashboard_id: number };
    const list = await page.request.get(
      `/api/v1/dashboards/${dashboard.dashboard_id}/visualizations`,
    );
    const { visualizations } = (await list.json()) as {
      visualizations: { visualization_id: number; visualization: { name: string } | null }[];
    };
    const bars = visualizations.find((v) => v.visualization?.name === 'Volume of the top pairs')!;
    const results = `/api/v1/dashboards/${dashboard.dashboard_id}/visualizations/${bars.visualization_id}/results`;
    // The demo's queries run in the background on first start.
    await expect
      .poll(async () => (await page.request.get(`${results}?limit=1`)).status(), {
        timeout: 60_000,
      })
      .toBe(200);
    const rows = (
      (await (await page.request.get(`${results}?columns=token_pair`)).json()) as {
        result: { rows: { token_pair: string }[] };
      }
    ).result.rows;
    const ranked = [...new Set(rows.map((r) => r.token_pair))];
    expect(ranked).not.toEqual([...ranked].sort((x, y) => x.localeCompare(y)));

    await page.goto('/demo/chain-activity-and-dex-volume');
    const chart = page
      .getByRole('region', { name: 'Visualization Volume of the top pairs' })
      .getByTestId('viz-chart');
    await expect(chart).toHaveAttribute('data-painted', 'true', { timeout: 30_000 });
    await expect.poll(() => categoriesLeftToRight(page, chart), SWEEP).toEqual(ranked);

    // The counter's number fits its card on one line, also where the card is narrow.
    await page.setViewportSize({ width: 1000, height: 800 });
    const value = page
      .getByRole('region', { name: 'Visualization Top pair volume' })
      .getByTestId('counter-value');
    await expect(value).toHaveText(/^\$[\d,]{7,}$/);
    const fit = () =>
      value.evaluate((el) => {
        const size = parseFloat(getComputedStyle(el).fontSize);
        return el.getBoundingClientRect().height < size * 1.6 && el.scrollWidth <= el.clientWidth;
      });
    await expect.poll(fit).toBe(true);
  });

  for (const scheme of ['light', 'dark'] as const)
    test(`screenshot: the chart editor over a ranked result, ${scheme}`, async ({ page }) => {
      const { editor, chart } = await newVisualization(page, scheme);
      await editor.getByLabel('Number format').fill('$0.0a');
      await expect(chart).toHaveAttribute('data-painted', 'true');
      await editor.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/chart-editor-${scheme}.png`, fullPage: true });
    });
});
