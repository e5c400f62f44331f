import fs from 'node:fs';
import { expect, test, type Locator } from '@playwright/test';
import { cell, runQuery } from './support/results-grid';
import { SCREENSHOTS } from './support/session';

const MILLION = "SELECT range AS n, 'row ' || range AS label FROM range(1000000)";
const MIXED = `SELECT range AS n, 'row ' || range AS label,
  CASE WHEN range % 3 = 0 THEN NULL ELSE range * 1.25 END AS amount,
  CASE WHEN range % 4 = 0 THEN '' WHEN range % 4 = 1 THEN NULL ELSE 'text ' || repeat('long ', range % 30) END AS note,
  [range, range + 1] AS pair, {'id': range, 'ok': range % 2 = 0} AS obj,
  range % 2 = 0 AS even, TIMESTAMP '2024-03-05 20:50:59' + INTERVAL (range) MINUTE AS at
FROM range(200)`;

/** Whether a cell lies inside the grid's scrolled viewport (below its sticky header). */
const shownInGrid = (target: Locator) =>
  target.evaluate((el) => {
    const grid = el.closest('[role="grid"]')!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return box.top >= grid.top + 40 && box.bottom <= grid.bottom + 1;
  });

test.describe('results grid', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a million rows: scroll to the last row and back, footer counts them', async ({ page }) => {
    const { grid, table } = await runQuery(page, MILLION);
    await expect(grid.getByTestId('results-row-count')).toHaveText('1,000,000 rows');
    await expect(cell(table, 0, 0)).toHaveText('0');
    await expect(cell(table, 0, 1)).toHaveText('row 0');
    await expect(grid.getByRole('button', { name: 'Sort by n' })).toContainText('bigint');

    // Scroll the container to its bottom: the last row is there.
    await table.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expect(cell(table, 999_999, 0)).toHaveText('999,999');
    await expect(cell(table, 999_999, 1)).toHaveText('row 999999');
    await expect.poll(() => shownInGrid(cell(table, 999_999, 0))).toBe(true);

    // Keyboard: Ctrl+Home selects the first row, Ctrl+End the last.
    await cell(table, 999_999, 1).click();
    await page.keyboard.press('Control+Home');
    await expect(cell(table, 0, 1)).toHaveAttribute('aria-selected', 'true');
    await expect(cell(table, 0, 1)).toHaveText('row 0');
    await expect.poll(() => shownInGrid(cell(table, 0, 1))).toBe(true);
    await page.keyboard.press('Control+End');
    await expect(cell(table, 999_999, 1)).toHaveAttribute('aria-selected', 'true');
    await expect(cell(table, 999_999, 1)).toHaveText('row 999999');
    await expect.poll(() => shownInGrid(cell(table, 999_999, 1))).toBe(true);
    await grid.screenshot({ path: `${SCREENSHOTS}/results-grid-end-light.png` });

    // Somewhere in the middle, rows load on demand too.
    await table.evaluate((el) => {
      el.scrollTop = el.scrollHeight / 2;
    });
    const firstShown = async () =>
      Number(
        (await table.locator('[role="gridcell"][data-col="0"]').first().textContent())?.replaceAll(
          ',',
          '',
        ),
      );
    // Waits for the middle: right after the scroll the grid may still show the rows at the end.
    await expect
      .poll(async () => {
        const n = await firstShown();
        return n > 400_000 && n < 600_000;
      })
      .toBe(true);
    await expect(table.locator('[role="row"][aria-busy="true"]')).toHaveCount(0);
  });

  test('sorts on the server by clicking a header: asc, desc, none', async ({ page }) => {
    const { grid, table } = await runQuery(page, MILLION);
    const header = grid.getByRole('button', { name: 'Sort by n' });
    const columnHeader = header.locator('xpath=ancestor::*[@role="columnheader"]');
    await expect(cell(table, 0, 0)).toHaveText('0');
    await header.click();
    await expect(columnHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(cell(table, 0, 0)).toHaveText('0');
    await grid.getByRole('button', { name: 'Sort by n' }).click();
    await expect(columnHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(cell(table, 0, 0)).toHaveText('999,999');
    await expect(cell(table, 0, 1)).toHaveText('row 999999');
    await grid.getByRole('button', { name: 'Sort by n' }).click();
    await expect(columnHeader).toHaveAttribute('aria-sort', 'none');
    await expect(cell(table, 0, 0)).toHaveText('0');
  });

  test('filters on the server, shows N of M, and shows the service refusing a filter', async ({
    page,
  }) => {
    const { grid, table } = await runQuery(page, MILLION);
    const filter = grid.getByRole('textbox', { name: 'Filter rows' });
    await filter.fill('nope > 1');
    await filter.press('Enter');
    await expect(grid.getByText(/unknown column "nope"/)).toBeVisible();

    await filter.fill('n < 10');
    await filter.press('Enter');
    await expect(grid.getByTestId('results-row-count')).toHaveText('10 of 1,000,000 rows');
    await expect(cell(table, 9, 0)).toHaveText('9');
    await expect(table.locator('[role="row"]:not([aria-rowindex="1"])')).toHaveCount(10);

    // Columns: hide label; the service sends only n.
    await grid.getByRole('button', { name: /^Columns/ }).click();
    await page.getByRole('checkbox', { name: 'label' }).uncheck();
    await expect(grid.getByRole('button', { name: 'Sort by label' })).toHaveCount(0);
    await expect(cell(table, 0, 0)).toHaveText('0');
    await expect(grid.getByRole('button', { name: /^Columns/ })).toContainText('1/2');
  });

  test('downloads the CSV with the same sort and filter', async ({ page }) => {
    const { grid, table } = await runQuery(page, MILLION);
    const filter = grid.getByRole('textbox', { name: 'Filter rows' });
    await filter.fill('n < 3');
    await filter.press('Enter');
    await expect(grid.getByTestId('results-row-count')).toHaveText('3 of 1,000,000 rows');
    await grid.getByRole('button', { name: 'Sort by n' }).click();
    await grid.getByRole('button', { name: 'Sort by n' }).click();
    await expect(cell(table, 0, 0)).toHaveText('2');

    const link = grid.getByRole('link', { name: 'Download CSV' });
    await expect(link).toHaveAttribute('href', /context=/);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const file = await download.path();
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('n,label');
    expect(lines.slice(1)).toEqual(['2,row 2', '1,row 1', '0,row 0']);
  });

  test('copies a cell with Ctrl+C and from the context menu', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { table } = await runQuery(page, MILLION);
    await cell(table, 5, 1).click();
    await page.keyboard.press('Control+c');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('row 5');
    await cell(table, 7, 0).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Copy row as TSV' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('7\trow 7');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshots: results grid, ${scheme}`, async ({ page }) => {
      // MIXED is DuckDB SQL (struct and list literals, repeat on text): run in its dialect.
      const { grid, table } = await runQuery(page, MIXED, scheme, 'duckdb');
      await expect(cell(table, 0, 2)).toHaveText('NULL');
      await expect(cell(table, 0, 2)).toHaveAttribute('data-kind', 'null');
      await expect(cell(table, 0, 3)).toHaveAttribute('data-kind', 'empty');
      await expect(cell(table, 1, 2)).toHaveCSS('text-align', 'right');
      await expect(cell(table, 0, 4)).toHaveText('[0,1]');
      await expect(cell(table, 0, 5)).toHaveText('{"id":0,"ok":true}');
      await cell(table, 2, 1).click();
      await grid.scrollIntoViewIfNeeded();
      await grid.screenshot({ path: `${SCREENSHOTS}/results-grid-${scheme}.png` });
      await page.screenshot({ path: `${SCREENSHOTS}/results-${scheme}.png` });
    });
  }
});
