import { expect, test } from '@playwright/test';
import { SCREENSHOTS, signUp } from './support/session';

/**
 * The usage chart stacks the credits of scheduled runs under those of interactive ones, and
 * says both in its accessible name; storage is in the docs' binary units.
 */

for (const scheme of ['light', 'dark'] as const) {
  test(`the credits chart shows scheduled and interactive runs apart (${scheme})`, async ({
    page,
  }) => {
    await signUp(page, { prefix: 'usage', colorScheme: scheme });
    const run = await page.request.post('/api/v1/sql/execute', { data: { sql: 'SELECT 1 AS x' } });
    expect(run.status()).toBe(200);
    const { execution_id } = (await run.json()) as { execution_id: string };
    const status = await page.request.get(`/api/v1/execution/${execution_id}/status?wait_ms=20000`);
    expect(((await status.json()) as { state: string }).state).toBe('QUERY_STATE_COMPLETED');

    await page.goto('/usage');
    const chart = page.getByTestId('credits-chart');
    await expect(chart).toHaveAttribute('data-painted', 'true');
    // the API run is interactive; nothing was scheduled
    await expect(chart).toHaveAttribute('aria-label', /\(scheduled 0, interactive [\d.]+\)$/);
    await expect(page.getByTestId('bytes-used')).toHaveText(/^0 B of 1 GiB$/);
    await page.screenshot({ path: `${SCREENSHOTS}/usage-runs-${scheme}.png` });
  });
}
