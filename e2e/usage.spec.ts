import { expect, test, type APIRequestContext } from '@playwright/test';
import { SCREENSHOTS, signUp, uniqueHandle } from './support/session';

type Usage = {
  billing_periods: { start_date: string; credits_used: number; credits_included: number }[];
  bytes_used: number;
  bytes_allowed: number;
  private_queries: number;
};

/** Runs one small query in the session's personal context, so credits are used. */
async function runQuery(request: APIRequestContext) {
  const run = await request.post('/api/v1/sql/execute', { data: { sql: 'SELECT 42 AS answer' } });
  expect(run.status()).toBe(200);
  const { execution_id } = (await run.json()) as { execution_id: string };
  const status = await request.get(`/api/v1/execution/${execution_id}/status?wait_ms=20000`);
  expect(((await status.json()) as { state: string }).state).toBe('QUERY_STATE_COMPLETED');
}

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
const credits = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
const label = (start: string) => `${MONTHS[Number(start.slice(5, 7)) - 1]} ${start.slice(0, 4)}`;

test.describe('usage', () => {
  test('shows credits per period as a chart, storage and private counts', async ({ page }) => {
    await signUp(page, { prefix: 'usage' });
    await runQuery(page.request);
    const usage = (await (await page.request.get('/api/v1/usage')).json()) as Usage;
    const current = usage.billing_periods.at(-1)!;
    expect(current.credits_used).toBeGreaterThan(0);

    await page.goto('/usage');
    await expect(page.getByRole('heading', { name: 'Usage' })).toBeVisible();
    const chart = page.getByTestId('credits-chart');
    await expect(chart).toHaveAttribute('data-painted', 'true');
    await expect(chart.locator('canvas')).toHaveCount(1);
    await expect(chart).toHaveAttribute(
      'aria-label',
      new RegExp(`${label(current.start_date)}: ${credits(current.credits_used)} of`),
    );
    await expect(page.getByTestId('credits-current')).toContainText(
      `${credits(current.credits_used)} of ${credits(current.credits_included)} included`,
    );
    // A new user stores nothing yet: 0 bytes of the plan's allowance.
    expect(usage.bytes_used).toBe(0);
    await expect(page.getByTestId('bytes-used')).toHaveText(/^0 B of \d+(\.\d)? [KMGTP]iB$/);
    await expect(page.getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    await expect(page.getByTestId('private-queries')).toHaveText(String(usage.private_queries));
    await expect(page.getByTestId('private-dashboards')).toHaveText('0');

    // Six periods by default; the period picker asks for twelve and the URL keeps it.
    const periods = async () => ((await chart.getAttribute('aria-label')) ?? '').split(';').length;
    expect(await periods()).toBe(6);
    await page.getByText('12 months', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]months=12/);
    await expect.poll(periods).toBe(12);
    await expect(chart).toHaveAttribute('data-painted', 'true');
    await page.reload();
    await expect(page.getByRole('radio', { name: '12 months' })).toBeChecked();
    await expect.poll(periods).toBe(12);
  });

  test('shows scheduled runs apart from interactive ones', async ({ page }) => {
    await signUp(page, { prefix: 'usage-sched' });
    await runQuery(page.request);
    const q = await page.request.post('/api/v1/query', {
      data: { name: 'nightly', query_sql: 'SELECT 7 AS seven' },
    });
    const { query_id } = (await q.json()) as { query_id: number };
    const path = `/api/v1/query/${query_id}/schedules`;
    const s = await page.request.post(path, { data: { cron_expression: '0 3 * * *' } });
    const { schedule_id } = (await s.json()) as { schedule_id: number };
    // Run now: a run of the schedule (source `schedule`), as a slot would start it.
    expect((await page.request.post(`${path}/${schedule_id}/run`)).status()).toBe(200);
    await expect
      .poll(
        async () =>
          (
            (await (await page.request.get(`${path}/${schedule_id}`)).json()) as {
              last_state: string;
            }
          ).last_state,
      )
      .toBe('ok');
    await page.goto('/usage');
    await expect(page.getByTestId('credits-scheduled')).toContainText(
      /Scheduled: 1 run, [\d.]+ credits/,
    );
    await expect(page.getByTestId('credits-interactive')).toContainText(
      /Interactive: 1 run, [\d.]+ credits/,
    );
    await page.screenshot({ path: `${SCREENSHOTS}/usage-scheduled-light.png` });
  });

  test('a team’s usage is its own', async ({ page }) => {
    await signUp(page, { prefix: 'spender' });
    await runQuery(page.request);
    const team = uniqueHandle('savers');
    expect((await page.request.post('/api/v1/teams', { data: { handle: team } })).status()).toBe(
      200,
    );
    await page.goto('/usage');
    await expect(page.getByTestId('credits-current')).not.toContainText(/^0 of/);
    await page.getByTestId('context-switcher').click();
    await page.getByRole('option', { name: new RegExp(`^${team}`) }).click();
    await expect(page.getByTestId('context-switcher')).toHaveText(team);
    await expect(page.getByTestId('credits-current')).toContainText(/^0 of/);
    await expect(page.getByTestId('credits-chart')).toHaveAttribute('data-painted', 'true');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshot: usage, ${scheme}`, async ({ page }) => {
      await signUp(page, { colorScheme: scheme, prefix: 'shot' });
      await runQuery(page.request);
      await page.goto('/usage?months=12');
      const chart = page.getByTestId('credits-chart');
      await expect(chart).toHaveAttribute('data-painted', 'true');
      await expect(chart).toHaveAttribute('data-color-scheme', scheme);
      await page.screenshot({ path: `${SCREENSHOTS}/usage-${scheme}.png` });
    });
  }
});
