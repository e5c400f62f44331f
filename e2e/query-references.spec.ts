import { expect, test, type Page } from '@playwright/test';
import { runToCompletion } from './support/api';
import { createQuery, editorBox, setEditorText, shown, waitForEditor } from './support/editor';
import { cell } from './support/results-grid';
import { SCREENSHOTS, signUp } from './support/session';

const suggestion = (page: Page, label: string) =>
  page.locator('.suggest-widget .monaco-list-row').filter({ hasText: label }).first();

/**
 * Opens the list of completions at the cursor and waits until it offers `label`: what the
 * editor knows of a referenced query arrives a moment after its text, so the list is asked again
 * until it has it.
 */
async function completionOffers(page: Page, label: string) {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Space');
    await expect(suggestion(page, label)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test.describe('query_<id> in the editor', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`completes a saved query and its columns, and runs the SQL that reads it (${scheme})`, async ({
      page,
    }) => {
      await signUp(page, { prefix: 'refs', colorScheme: scheme });
      const older = await createQuery(page, { name: 'An older query', query_sql: 'SELECT 2' });
      const name = `Alpha and beta ${scheme}`;
      const id = await createQuery(page, { name, query_sql: "SELECT 1 AS alpha, 'x' AS beta" });
      await runToCompletion(page, id);

      const savedList = page.waitForResponse(
        (r) => r.url().includes('/api/v1/queries?') && r.url().includes('include_archived=false'),
      );
      await page.goto('/queries/new');
      await waitForEditor(page);
      await savedList;

      // Where a table is expected, `query_` offers the saved query, named in its row.
      await setEditorText(page, 'select * from ');
      await page.keyboard.type('query_');
      const offered = suggestion(page, `query_${id}`);
      await expect(offered).toBeVisible();
      await expect(offered).toContainText(`query · ${name}`);
      // The most recently updated first, each named in its row.
      const firstRow = page.locator('.suggest-widget .monaco-list-row[data-index="0"]');
      await expect(firstRow).toContainText(`query_${id}`);
      await expect(suggestion(page, `query_${older}`)).toContainText('query · An older query');
      await page.screenshot({ path: `${SCREENSHOTS}/query-references-${scheme}-queries.png` });
      // Tab takes it (Enter at the end of a line ends the line: enter-key.ts).
      await page.keyboard.press('Tab');
      const lines = editorBox(page).locator('.view-lines');
      await expect(lines).toContainText(shown(`select * from query_${id}`));

      // Its latest result's columns complete in the select list, with their types.
      await setEditorText(page, `select  from query_${id}`);
      await page.keyboard.press('Home');
      for (let i = 0; i < 'select '.length; i++) await page.keyboard.press('ArrowRight');
      await completionOffers(page, 'alpha');
      await expect(suggestion(page, 'beta')).toBeVisible();
      await expect(suggestion(page, 'alpha')).toContainText(`query_${id}`);
      await page.screenshot({ path: `${SCREENSHOTS}/query-references-${scheme}-columns.png` });
      await page.keyboard.type('alp');
      await page.keyboard.press('Tab');
      await page.keyboard.type(', b');
      await completionOffers(page, 'beta');
      await page.keyboard.press('Tab');
      await expect(lines).toContainText(shown(`select alpha, beta from query_${id}`));

      // Hovering the reference names the query.
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ControlOrMeta+K');
      await page.keyboard.press('ControlOrMeta+I');
      await expect(page.locator('.monaco-hover').getByText(name)).toBeVisible();
      await page.keyboard.press('Escape');

      // The SQL runs and shows the referenced query's rows.
      await page.keyboard.press('ControlOrMeta+Enter');
      const table = page.getByTestId('results-grid').getByRole('grid', { name: 'Result rows' });
      await expect(table).toBeVisible({ timeout: 30_000 });
      await expect(cell(table, 0, 0)).toHaveText('1');
      await expect(cell(table, 0, 1)).toHaveText('x');
    });
  }
});
