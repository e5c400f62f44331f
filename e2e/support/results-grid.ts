import { expect, type Locator, type Page } from '@playwright/test';
import { signUp } from './session';

/** Signs up, saves a query with `sql`, opens it, runs it, and returns the mounted grid. */
export async function runQuery(
  page: Page,
  sql: string,
  colorScheme?: 'light' | 'dark',
  dialect?: 'dunesql' | 'duckdb',
): Promise<{ grid: Locator; table: Locator }> {
  await signUp(page, { prefix: 'grid', colorScheme });
  const res = await page.request.post('/api/v1/query', {
    data: { name: 'Results grid', query_sql: sql, ...(dialect && { dialect }) },
  });
  expect(res.ok()).toBe(true);
  const { query_id } = (await res.json()) as { query_id: number };
  await page.goto(`/queries/${query_id}`);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const grid = page.getByTestId('results-grid');
  const table = grid.getByRole('grid', { name: 'Result rows' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  return { grid, table };
}

/** A data cell by 0-based row and column index. */
export const cell = (table: Locator, row: number, col: number) =>
  table.locator(`[role="gridcell"][data-row="${row}"][data-col="${col}"]`);

/** A column's header cell (the sort button's column header). */
export const columnHeader = (grid: Locator, name: string) =>
  grid
    .getByRole('button', { name: `Sort by ${name}`, exact: true })
    .locator('xpath=ancestor::*[@role="columnheader"]');
