import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { cell, columnHeader, runQuery } from './support/results-grid';
import { SCREENSHOTS } from './support/session';

/** Sums, averages, long hashes, timestamps and text, as an analyst's query returns them. */
const READING = `SELECT range + 1000 AS id,
  sum((range + 1) * 100000000007) OVER (ORDER BY range) AS running_total,
  (range + 1000) * 1234.56789 AS amount, 1.0 / (range + 7) AS share,
  '0x' || repeat(lpad(to_hex(range), 2, '0'), 32) AS tx_hash,
  TIMESTAMP '2024-03-05 20:50:59' + INTERVAL (range) MINUTE AS block_time,
  'note ' || repeat('lorem ipsum ', 40) || range AS note
FROM range(1200) ORDER BY range`;

/** READING is DuckDB SQL (`range`, `to_hex` of a number): run in its dialect. */
const runReading = (page: Page, scheme?: 'light' | 'dark') =>
  runQuery(page, READING, scheme, 'duckdb');

/** Whether a cell's text is wider than its box (the cell cuts it with an ellipsis). */
const overflows = (el: Locator) =>
  el.evaluate((e) => {
    const text = document.createRange();
    text.selectNodeContents(e);
    const style = getComputedStyle(e);
    const room = e.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return text.getBoundingClientRect().width > room + 0.5;
  });
const widthOf = async (el: Locator) => (await el.boundingBox())!.width;

test.describe('reading the results grid', () => {
  test.describe.configure({ timeout: 90_000 });

  test('numbers have separators and rounding, the raw value is what a copy gives', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { grid, table } = await runReading(page);
    // sum() of a bigint is a 128-bit integer in DuckDB: named so, not int256.
    await expect(columnHeader(grid, 'running_total')).toContainText('int128');
    await expect(cell(table, 0, 0)).toHaveText('1,000');
    await expect(cell(table, 1, 1)).toHaveText('300,000,000,021');
    await expect(cell(table, 0, 2)).toHaveText('1,234,567.89');
    await expect(cell(table, 0, 3)).toHaveText('0.1429');
    await expect(cell(table, 3, 3)).toHaveText('0.1');
    await expect(cell(table, 4, 3)).toHaveText('0.09091');

    await cell(table, 0, 2).click();
    await page.keyboard.press('Control+c');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('1234567.89');
    await cell(table, 1, 1).click();
    await page.keyboard.press('Control+c');
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe('300000000021');
    await cell(table, 0, 3).click();
    await page.keyboard.press('Control+c');
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toMatch(/^0\.142857142857/);
  });

  test('columns fit their content; drag a header edge to resize, double-click to fit', async ({
    page,
  }) => {
    const { grid, table } = await runReading(page);
    // Hashes and timestamps are shown whole; the long note is cut at the fitted maximum.
    await expect(cell(table, 0, 4)).toHaveText(`0x${'00'.repeat(32)}`);
    expect(await overflows(cell(table, 0, 4))).toBe(false);
    expect(await overflows(cell(table, 0, 5))).toBe(false);
    expect(await overflows(cell(table, 0, 6))).toBe(true);

    const header = columnHeader(grid, 'block_time');
    const fitted = await widthOf(header);
    const edge = grid.getByRole('separator', { name: 'Resize column block_time' });
    await edge.scrollIntoViewIfNeeded();
    const box = (await edge.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2 - 100, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => widthOf(header)).toBeLessThan(fitted - 90);
    expect(await overflows(cell(table, 0, 5))).toBe(true);
    // The header did not sort on the way.
    await expect(header).toHaveAttribute('aria-sort', 'none');
    // The columns after it moved left with it.
    const next = columnHeader(grid, 'note');
    const nextLeft = (await next.boundingBox())!.x;

    await edge.dblclick();
    await expect.poll(() => widthOf(header)).toBeCloseTo(fitted, 0);
    expect(await overflows(cell(table, 0, 5))).toBe(false);
    expect((await next.boundingBox())!.x).toBeGreaterThan(nextLeft + 90);

    // The keyboard resizes too.
    await edge.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => widthOf(header)).toBeCloseTo(fitted + 32, 0);
    await expect(header).toHaveAttribute('aria-sort', 'none');
  });

  test('wide numbers show, copy, download and count every digit', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // A 30-digit integer (a string on the wire) and three JSON numbers JSON.parse would round.
    const { grid, table } = await runQuery(
      page,
      `SELECT 123456789012345678901234567890::HUGEINT AS big, 18446744073709551615::UBIGINT AS u,
        9223372036854775807::BIGINT AS b, 12345678901234567890.125::DECIMAL(38,3) AS d`,
    );
    await expect(cell(table, 0, 0)).toHaveText('123,456,789,012,345,678,901,234,567,890');
    await expect(cell(table, 0, 1)).toHaveText('18,446,744,073,709,551,615');
    await expect(cell(table, 0, 2)).toHaveText('9,223,372,036,854,775,807');
    await expect(cell(table, 0, 3)).toHaveText('12,345,678,901,234,567,890.13');
    await cell(table, 0, 1).click();
    await page.keyboard.press('Control+c');
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe('18446744073709551615');
    await cell(table, 0, 2).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Copy row as TSV' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(
        '123456789012345678901234567890\t18446744073709551615\t9223372036854775807\t12345678901234567890.125',
      );

    const link = grid.getByRole('link', { name: 'Download CSV' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(fs.readFileSync(await download.path(), 'utf8')).toBe(
      'big,u,b,d\n123456789012345678901234567890,18446744073709551615,9223372036854775807,12345678901234567890.125\n',
    );

    // A counter of the bigint says every digit too.
    const queryId = Number(/\/queries\/(\d+)/.exec(page.url())![1]);
    const viz = await page.request.post(`/api/v1/query/${queryId}/visualizations`, {
      data: { name: 'Largest bigint', type: 'counter', options: { counterColName: 'b' } },
    });
    expect(viz.ok()).toBe(true);
    await page.reload();
    await page.getByRole('tab', { name: 'Largest bigint' }).click();
    await expect(page.getByTestId('counter-value')).toHaveText('9,223,372,036,854,775,807', {
      timeout: 30_000,
    });
  });

  test('a cell’s full value opens beside it, with a copy button', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { table } = await runReading(page);
    const note = `note ${'lorem ipsum '.repeat(40)}2`;

    await cell(table, 2, 6).dblclick();
    const detail = page.getByRole('dialog', { name: 'Value of note, row 3' });
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('cell-detail-value')).toHaveText(note);
    await expect(detail).toContainText(`${note.length} characters`);
    await detail.getByRole('button', { name: 'Copy value' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(note);
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    // From the keyboard: Enter on the selected cell; a number shows its grid text and raw value.
    await cell(table, 0, 2).click();
    await page.keyboard.press('Enter');
    const amount = page.getByRole('dialog', { name: 'Value of amount, row 1' });
    await expect(amount.getByTestId('cell-detail-value')).toHaveText('1234567.89');
    await expect(amount.getByTestId('cell-detail-formatted')).toHaveText('Shown as 1,234,567.89');
    await page.keyboard.press('Escape');

    // And from the context menu.
    await cell(table, 0, 4).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Show full value' }).click();
    await expect(
      page
        .getByRole('dialog', { name: 'Value of tx_hash, row 1' })
        .getByTestId('cell-detail-value'),
    ).toHaveText(`0x${'00'.repeat(32)}`);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshots: fitted grid and a cell's value, ${scheme}`, async ({ page }) => {
      const { grid, table } = await runReading(page, scheme);
      await expect(cell(table, 5, 2)).toHaveText('1,240,740.73');
      await grid.scrollIntoViewIfNeeded();
      await grid.screenshot({ path: `${SCREENSHOTS}/results-grid-fitted-${scheme}.png` });
      await cell(table, 2, 6).dblclick();
      const detail = page.getByTestId('cell-detail');
      await expect(detail).toBeVisible();
      await expect(detail).toHaveCSS('opacity', '1');
      await page.screenshot({ path: `${SCREENSHOTS}/results-cell-detail-${scheme}.png` });
    });
  }
});
