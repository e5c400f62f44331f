import { DuckDBInstance } from '@duckdb/node-api';
import { expect, test } from '@playwright/test';
import { cell, runQuery } from './support/results-grid';
import { SCREENSHOTS } from './support/session';

const ROWS = `SELECT range AS n, 'row ' || range AS label, from_hex(printf('%040x', range)) AS address
FROM range(5000)`;

/** A downloaded Parquet file's columns and rows (blobs as hex), read by DuckDB as a data tool would. */
async function readParquet(file: string) {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    const from = `read_parquet('${file.replaceAll("'", "''")}')`;
    const described = await conn.runAndReadAll(`DESCRIBE SELECT * FROM ${from}`);
    const reader = await conn.runAndReadAll(
      `SELECT * REPLACE (lower(hex(address)) AS address) FROM ${from}`,
    );
    return {
      columns: described.getRowObjectsJson().map((c) => `${c.column_name} ${c.column_type}`),
      rows: reader.getRowObjectsJson(),
    };
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

test.describe('results for data tools', () => {
  test.describe.configure({ timeout: 90_000 });

  test('downloads Parquet from the toolbar with the view’s filter, sort and columns', async ({
    page,
  }) => {
    const { grid, table } = await runQuery(page, ROWS, 'light', 'duckdb');
    const filter = grid.getByRole('textbox', { name: 'Filter rows' });
    await filter.fill('n < 4');
    await filter.press('Enter');
    await expect(grid.getByTestId('results-row-count')).toHaveText('4 of 5,000 rows');
    await grid.getByRole('button', { name: 'Sort by n' }).click();
    await grid.getByRole('button', { name: 'Sort by n' }).click();
    await expect(cell(table, 0, 0)).toHaveText('3');
    await grid.getByRole('button', { name: /^Columns/ }).click();
    await page.getByRole('checkbox', { name: 'label' }).uncheck();
    await page.keyboard.press('Escape');
    await expect(grid.getByRole('button', { name: 'Sort by label' })).toHaveCount(0);

    await grid.getByRole('button', { name: 'More formats' }).click();
    const parquet = page.getByRole('menuitem', { name: /Parquet/ });
    await expect(parquet).toHaveAttribute('href', /\/results\/parquet\?.*context=/);
    await expect(page.getByRole('menuitem', { name: /Arrow IPC stream/ })).toHaveAttribute(
      'href',
      /\/results\/arrow\?.*filters=n/,
    );
    await page.screenshot({ path: `${SCREENSHOTS}/results-downloads-menu-light.png` });
    const [download] = await Promise.all([page.waitForEvent('download'), parquet.click()]);
    expect(download.suggestedFilename()).toMatch(/\.parquet$/);
    const back = await readParquet(await download.path());
    expect(back.columns).toEqual(['n BIGINT', 'address BLOB']);
    const address = (n: number) => n.toString(16).padStart(40, '0');
    expect(back.rows).toEqual([3, 2, 1, 0].map((n) => ({ n: String(n), address: address(n) })));
  });

  test('screenshot: the download menu, dark', async ({ page }) => {
    const { grid } = await runQuery(page, ROWS, 'dark', 'duckdb');
    await grid.getByRole('button', { name: 'More formats' }).click();
    await expect(page.getByRole('menuitem', { name: /Parquet/ })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/results-downloads-menu-dark.png` });
  });
});
