import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS, signUp } from './support/session';

/** Saves a query with a number parameter and a schedule of it through the API. */
async function scheduledQuery(page: Page, name: string) {
  const q = await page.request.post('/api/v1/query', {
    data: {
      name,
      query_sql: 'SELECT {{n}} * 10 AS v',
      parameters: [{ key: 'n', type: 'number', value: '1' }],
    },
  });
  expect(q.status()).toBe(200);
  const { query_id } = (await q.json()) as { query_id: number };
  const s = await page.request.post(`/api/v1/query/${query_id}/schedules`, {
    data: { cron_expression: '0 6 * * *', parameters: { n: 4 } },
  });
  expect(s.status()).toBe(200);
  return query_id;
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a schedule's recent runs link to their results (${scheme})`, async ({ page }) => {
    test.setTimeout(120_000);
    await signUp(page, { prefix: 'sched-hist', colorScheme: scheme });
    const id = await scheduledQuery(page, 'Nightly tens');
    await page.goto(`/queries/${id}`);
    await page.getByRole('button', { name: 'Schedules' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedules of Nightly tens' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    const row = dialog.getByTestId('schedule-row');
    await expect(row.getByTestId('schedule-values')).toHaveText('n = 4');

    // The buttons say the schedule's words, not its id.
    const run = row.getByRole('button', { name: 'Run “At 06:00 UTC, every day, n = 4” now' });
    await run.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Run “At 06:00 UTC, every day, n = 4” now');

    // Two runs, each kept in the history, newest first.
    await run.click();
    await expect(row.getByTestId('last-state')).toHaveText('OK', { timeout: 30_000 });
    await run.click();
    await expect(row.getByTestId('last-state')).toHaveText(/Running|OK/);
    await expect(row.getByTestId('last-state')).toHaveText('OK', { timeout: 30_000 });
    await row.getByRole('button', { name: 'Recent runs' }).click();
    const runs = row.getByTestId('schedule-run');
    await expect(runs).toHaveCount(2);
    await expect(runs.first()).toContainText('OK');
    await expect(runs.first()).toContainText(/UTC/);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SCREENSHOTS}/schedules-history-${scheme}.png` });

    // A run's link opens its result, run with the schedule's values.
    await runs.first().getByRole('link', { name: 'Open' }).click();
    await expect(page).toHaveURL(/\/executions\/[0-9A-Z]{26}$/);
    await expect(page.getByText('40', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${SCREENSHOTS}/schedules-history-result-${scheme}.png` });
  });
}
