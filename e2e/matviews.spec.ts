import { expect, test, type Page } from '@playwright/test';
import { setEditorText } from './support/editor';
import { SCREENSHOTS, signUp } from './support/session';

/** Picks an option of a Mantine select by its label. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const rowOf = (page: Page, fullName: string) =>
  page.getByTestId('matview-row').filter({ hasText: fullName });

test.describe('materialized views', () => {
  test.describe.configure({ timeout: 150_000 });

  test('materialize from the editor, refresh, query it, edit its schedule, delete it', async ({
    page,
  }) => {
    const handle = await signUp(page, { prefix: 'mv', colorScheme: 'light' });
    const fullName = `dune.${handle}.result_x`;

    // A new query, saved: Materialize is offered only for a saved query, and its saved version.
    await page.goto('/queries/new');
    await setEditorText(page, 'SELECT range AS n FROM range(5)');
    const materialize = page.getByRole('button', { name: 'Materialize' });
    await expect(materialize).toHaveCount(0);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/queries\/\d+/);
    await expect(page.getByTestId('unsaved-badge')).toBeHidden();
    await setEditorText(page, 'SELECT range AS n FROM range(6)');
    await expect(materialize).toBeDisabled();
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(materialize).toBeEnabled();
    await expect(page.getByRole('link', { name: 'Run pipeline' })).toHaveAttribute(
      'href',
      /\/pipelines\?query=\d+/,
    );

    // The dialog: a name, the daily preset with its words and next runs.
    await materialize.click();
    const dialog = page.getByRole('dialog', { name: 'Materialize query' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await name.fill('x_result');
    await expect(dialog.getByText('Must start with "result_"')).toBeVisible();
    await name.fill('result_x');
    await expect(dialog.getByTestId('full-name')).toHaveText(fullName);
    await pick(page, 'Schedule', 'Every day at 06:00 UTC');
    await expect(dialog.getByTestId('schedule-preview')).toContainText('At 06:00 UTC, every day');
    await expect(dialog.getByTestId('schedule-preview')).toContainText(/Next runs: .*06:00 UTC/);
    await page.screenshot({ path: `${SCREENSHOTS}/matview-dialog-light.png` });
    await dialog.getByRole('button', { name: 'Create and refresh' }).click();
    const saved = page.getByRole('dialog', { name: 'Materialized view saved' });
    await expect(saved.getByTestId('saved-refresh-state')).toContainText('Completed', {
      timeout: 30_000,
    });
    await saved.getByRole('link', { name: 'Open materialized views' }).click();

    // The list: schedule in words, next run, rows, state, freshness.
    await expect(page).toHaveURL(/\/materialized-views$/);
    const row = rowOf(page, fullName);
    await expect(row.getByTestId('schedule-words')).toHaveText('At 06:00 UTC, every day');
    await expect(row.getByTestId('next-run')).toContainText(/Next\s*in /);
    await expect(row.getByTestId('row-count')).toHaveText('5');
    await expect(row.getByTestId('freshness')).toHaveText('Fresh');
    await expect(row.getByRole('link', { name: /New query/ })).toHaveAttribute(
      'href',
      /\/queries\/\d+$/,
    );

    // Refresh now, watched until it completes; the history then has both refreshes.
    await row.getByRole('button', { name: `Refresh ${fullName} now` }).click();
    await expect(row.getByText('Manual')).toBeVisible();
    await expect(row.getByRole('status')).toHaveText('Completed', { timeout: 30_000 });
    await page.screenshot({ path: `${SCREENSHOTS}/matviews-light.png` });
    await row.getByRole('button', { name: `Refresh history of ${fullName}` }).click();
    await expect(page).toHaveURL(/history=/);
    const history = page.getByRole('dialog', { name: `Refreshes of ${fullName}` });
    await expect(history.getByTestId('refresh-row')).toHaveCount(2);
    await expect(history.getByTestId('refresh-row').first()).toContainText('Manual');
    await expect(history.getByTestId('refresh-row').last()).toContainText('Saved');
    await page.screenshot({ path: `${SCREENSHOTS}/matview-history-light.png` });

    // A refresh's execution page shows its state and result.
    await history.getByRole('link', { name: 'Open' }).first().click();
    await expect(page).toHaveURL(/\/executions\/01/);
    await expect(page.getByTestId('execution-panel')).toContainText('Completed');
    await expect(page.getByRole('grid', { name: 'Result rows' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/execution-light.png` });

    // Query the view from a new query.
    await page.goto(
      `/queries/new?sql=${encodeURIComponent(`SELECT count(*) AS c FROM dune."${handle}".result_x`)}`,
    );
    await expect(page.getByTestId('sql-editor')).toContainText('result_x');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const grid = page.getByRole('grid', { name: 'Result rows' });
    await expect(grid.locator('[role="gridcell"][data-row="0"][data-col="0"]')).toHaveText('5');

    // Edit its schedule.
    await page.goto('/materialized-views');
    await rowOf(page, fullName)
      .getByRole('button', { name: `Edit ${fullName}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit materialized view' });
    await expect(edit.getByRole('combobox', { name: 'Schedule' })).toHaveValue(
      'Every day at 06:00 UTC',
    );
    await pick(page, 'Schedule', 'Every hour');
    await edit.getByRole('button', { name: 'Save and refresh' }).click();
    await page
      .getByRole('dialog', { name: 'Materialized view saved' })
      .getByRole('button', { name: 'Close' })
      .click();
    await expect(rowOf(page, fullName).getByTestId('schedule-words')).toHaveText(
      'Every hour (UTC)',
    );

    // Delete it, typing its name to confirm.
    await rowOf(page, fullName)
      .getByRole('button', { name: `Delete ${fullName}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete materialized view?' });
    const remove = confirm.getByRole('button', { name: 'Delete view' });
    await expect(remove).toBeDisabled();
    await confirm.getByRole('textbox', { name: 'Name to confirm' }).fill('result_x');
    await remove.click();
    await expect(page.getByText('No materialized views yet.')).toBeVisible();
    const gone = await page.request.get(
      `/api/v1/materialized-views/${encodeURIComponent(fullName)}`,
    );
    expect(gone.status()).toBe(404);
  });

  test('dark theme: the list with a view and the edit dialog', async ({ page }) => {
    const handle = await signUp(page, { prefix: 'mvd', colorScheme: 'dark' });
    const created = await page.request.post('/api/v1/query', {
      data: { name: 'Five numbers', query_sql: 'SELECT range AS n FROM range(5)' },
    });
    const { query_id } = (await created.json()) as { query_id: number };
    const upsert = await page.request.post('/api/v1/materialized-views', {
      data: { name: 'result_five', query_id, cron_expression: '0 6 * * 1', is_private: true },
    });
    expect(upsert.ok()).toBe(true);
    await page.goto('/materialized-views');
    const row = rowOf(page, `dune.${handle}.result_five`);
    await expect(row.getByRole('status')).toHaveText('Completed', { timeout: 30_000 });
    await expect(row.getByTestId('schedule-words')).toHaveText('At 06:00 UTC, only on Monday');
    await expect(row.getByText('Private')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/matviews-dark.png` });
    await row.getByRole('button', { name: `Edit dune.${handle}.result_five` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit materialized view' });
    await expect(dialog.getByTestId('schedule-preview')).toContainText('Next runs:');
    await expect(dialog.getByRole('switch', { name: /Private/ })).toBeChecked();
    // Wait for the modal's fade-in to end, or the page shows through it.
    await expect(dialog).toHaveCSS('opacity', '1');
    await page.screenshot({ path: `${SCREENSHOTS}/matview-dialog-dark.png` });
  });
});
