import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS, signUp } from './support/session';

type Schedule = {
  schedule_id: number;
  next_run_at: string | null;
  last_state: string | null;
  parameters: unknown;
  performance: string;
};

/** Saves a query with a number and a text parameter through the API; its id. */
async function paramQuery(page: Page, name: string): Promise<number> {
  const r = await page.request.post('/api/v1/query', {
    data: {
      name,
      query_sql: "SELECT {{n}} * 10 AS v, '{{chain}}' AS chain",
      parameters: [
        { key: 'n', type: 'number', value: '1' },
        { key: 'chain', type: 'text', value: 'ethereum' },
      ],
    },
  });
  expect(r.status()).toBe(200);
  return ((await r.json()) as { query_id: number }).query_id;
}

const schedulesOf = async (page: Page, queryId: number) =>
  (
    (await (await page.request.get(`/api/v1/query/${queryId}/schedules`)).json()) as {
      schedules: Schedule[];
    }
  ).schedules;

/** "2026-03-04 06:00 UTC", as the dialog shows a run time. */
const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

test.describe('query schedules', () => {
  test.describe.configure({ timeout: 120_000 });

  test('add a schedule with parameter values and a tier, see its next run, run it, remove it', async ({
    page,
  }) => {
    await signUp(page, { prefix: 'sched', colorScheme: 'light' });
    const id = await paramQuery(page, 'Scheduled volume');
    await page.goto(`/queries/${id}`);
    await page.getByRole('button', { name: 'Schedules' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedules of Scheduled volume' });
    // The dialog's code loads on the first click; on a loaded machine that can take a while.
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByTestId('no-schedules')).toBeVisible();

    // Every 6 hours, n = 5, on the large tier.
    await dialog.getByRole('combobox', { name: 'Runs' }).click();
    await page.getByRole('option', { name: 'Every 6 hours', exact: true }).click();
    await expect(dialog.getByTestId('cron-words')).toHaveText(/Every 6 hours|every 6 hours/);
    const n = dialog.getByRole('group', { name: 'Parameters' }).getByLabel('n', { exact: true });
    await n.fill('5');
    await dialog
      .getByRole('radiogroup', { name: 'Tier' })
      .getByText('Large', { exact: true })
      .click();
    await expect(dialog.getByRole('radio', { name: 'Large' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Add schedule' }).click();

    const row = dialog.getByTestId('schedule-row');
    await expect(row).toHaveCount(1);
    const [saved] = await schedulesOf(page, id);
    expect(saved).toMatchObject({ parameters: { n: '5' }, performance: 'large' });
    await expect(row.getByTestId('schedule-values')).toHaveText('n = 5');
    await expect(row.getByTestId('next-run')).toContainText(utc(saved!.next_run_at!));
    await expect(row.getByTestId('next-run')).toContainText(/in \d+ (hours?|minutes?)/);
    await expect(row).toContainText('large');

    // Run now: the run completes and shows as the last run; the next run stays.
    await row.getByRole('button', { name: /^Run “.+” now$/ }).click();
    await expect(row.getByTestId('last-state')).toHaveText('OK', { timeout: 30_000 });
    await expect(row.getByTestId('next-run')).toContainText(utc(saved!.next_run_at!));
    await expect(row.getByTestId('last-run')).toContainText(/just now|minute/);
    await page.mouse.move(0, 0); // no tooltip over the list
    await page.screenshot({ path: `${SCREENSHOTS}/schedules-light.png` });
    const results = await page.request.get(`/api/v1/query/${id}/results?params.n=5`);
    expect(((await results.json()) as { result: { rows: unknown[] } }).result.rows).toEqual([
      { v: 50, chain: 'ethereum' },
    ]);

    // Pause, then remove.
    const enabled = row.getByRole('switch', { name: /^“.+” enabled$/ });
    await expect(enabled).toBeChecked();
    await row.locator('.mantine-Switch-track').click(); // the input itself is visually hidden
    await expect(enabled).not.toBeChecked();
    await expect(row.getByTestId('next-run')).toHaveText('Paused');
    await row.getByRole('button', { name: /^Remove “.+”$/ }).click();
    await expect(dialog.getByTestId('no-schedules')).toBeVisible();
    expect(await schedulesOf(page, id)).toEqual([]);
  });

  test('a cron faster than the minimum is refused with the service’s reason', async ({ page }) => {
    await signUp(page, { prefix: 'sched-bad' });
    const id = await paramQuery(page, 'Too often');
    await page.goto(`/queries/${id}`);
    await page.getByRole('button', { name: 'Schedules' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedules of Too often' });
    // The dialog's code loads on the first click; on a loaded machine that can take a while.
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('combobox', { name: 'Runs' }).click();
    await page.getByRole('option', { name: 'Custom', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Cron expression (UTC)' }).fill('*/5 * * * *');
    await dialog.getByRole('button', { name: 'Add schedule' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      'the shortest interval allowed is 15 minutes',
    );
    await expect(dialog.getByTestId('no-schedules')).toBeVisible();
  });

  test('screenshot: schedules, dark', async ({ page }) => {
    await signUp(page, { prefix: 'sched-dark', colorScheme: 'dark' });
    const id = await paramQuery(page, 'Nightly by chain');
    for (const [cron, chain] of [
      ['0 2 * * *', 'base'],
      ['30 */6 * * *', 'ethereum'],
    ])
      expect(
        (
          await page.request.post(`/api/v1/query/${id}/schedules`, {
            data: { cron_expression: cron, parameters: { chain, n: 3 } },
          })
        ).status(),
      ).toBe(200);
    await page.goto(`/queries/${id}`);
    await page.getByRole('button', { name: 'Schedules' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedules of Nightly by chain' });
    // The dialog's code loads on the first click; on a loaded machine that can take a while.
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByTestId('schedule-row')).toHaveCount(2);
    await expect(dialog.getByTestId('schedule-row').first()).toContainText('chain = base; n = 3');
    await page.screenshot({ path: `${SCREENSHOTS}/schedules-dark.png` });
  });
});

/**
 * A dashboard of the signed-in user: a counter of `paramQuery`'s `v`, driven by a parameter
 * widget of `n`. Returns its id and the query's.
 */
async function paramDashboard(page: Page, name: string) {
  const queryId = await paramQuery(page, `${name} query`);
  const viz = await page.request.post(`/api/v1/query/${queryId}/visualizations`, {
    data: { name: 'Ten times n', type: 'counter', options: { counterColName: 'v', rowNumber: 1 } },
  });
  expect(viz.status()).toBe(200);
  const created = await page.request.post('/api/v1/dashboards', {
    data: { name, visualization_ids: [((await viz.json()) as { id: number }).id] },
  });
  expect(created.status()).toBe(200);
  const d = (await created.json()) as {
    dashboard_id: number;
    visualization_widgets: { widget_id: number }[];
  };
  const widget = d.visualization_widgets[0]!.widget_id;
  const patch = await page.request.patch(`/api/v1/dashboards/${d.dashboard_id}`, {
    data: { param_widgets: [{ key: 'n', query_id: queryId, visualization_widget_id: widget }] },
  });
  expect(patch.status()).toBe(200);
  return { id: d.dashboard_id, queryId };
}

/** Opens the dashboard's Schedules dialog from its page. */
async function openDashboardSchedules(page: Page, id: number, name: string) {
  await page.goto(`/dashboards/${id}`);
  await page.getByRole('button', { name: 'Schedules' }).click();
  const dialog = page.getByRole('dialog', { name: `Schedules of ${name}` });
  // The dialog's code loads on the first click; on a loaded machine that can take a while.
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  return dialog;
}

test.describe('dashboard schedules', () => {
  test.describe.configure({ timeout: 120_000 });

  test('add one with a widget’s value and a tier, run it now, pause it, remove it', async ({
    page,
  }) => {
    await signUp(page, { prefix: 'dsched', colorScheme: 'light' });
    const { id, queryId } = await paramDashboard(page, 'Scheduled board');
    const dialog = await openDashboardSchedules(page, id, 'Scheduled board');
    await expect(dialog.getByTestId('no-schedules')).toBeVisible();
    await expect(dialog).toContainText('every chart on the dashboard');

    // Every 6 hours, n = 4 (the widget's input, typed by the query), on the large tier.
    await dialog.getByRole('combobox', { name: 'Runs' }).click();
    await page.getByRole('option', { name: 'Every 6 hours', exact: true }).click();
    const inputs = dialog.getByRole('group', { name: 'Parameters' });
    // left alone it runs with the default, shown as a placeholder, not as a value
    await expect(inputs.getByLabel('n', { exact: true })).toHaveValue('');
    await expect(inputs.getByLabel('n', { exact: true })).toHaveAttribute(
      'placeholder',
      'default: 1',
    );
    await inputs.getByLabel('n', { exact: true }).fill('4');
    await dialog.getByRole('radiogroup', { name: 'Tier' }).getByText('Large').click();
    await dialog.getByRole('button', { name: 'Add schedule' }).click();

    const row = dialog.getByTestId('schedule-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('schedule-values')).toHaveText('n = 4');
    const res = await page.request.get(`/api/v1/dashboards/${id}/schedules`);
    const [saved] = ((await res.json()) as { schedules: Schedule[] }).schedules;
    expect(saved).toMatchObject({
      parameters: [{ query_id: queryId, key: 'n', value: '4' }],
      performance: 'large',
    });
    await expect(row.getByTestId('next-run')).toContainText(utc(saved!.next_run_at!));

    // Run now: the dashboard's query runs with n = 4 and the row says OK.
    await row.getByRole('button', { name: /^Run “.+” now$/ }).click();
    await expect(row.getByTestId('last-state')).toHaveText('OK', { timeout: 30_000 });
    const results = await page.request.get(`/api/v1/query/${queryId}/results?params.n=4`);
    expect(((await results.json()) as { result: { rows: unknown[] } }).result.rows).toEqual([
      { v: 40, chain: 'ethereum' },
    ]);
    await page.mouse.move(0, 0); // no tooltip over the list
    await page.screenshot({ path: `${SCREENSHOTS}/dashboard-schedules-light.png` });

    // Pause, then remove.
    await row.locator('.mantine-Switch-track').click(); // the input itself is visually hidden
    await expect(row.getByTestId('next-run')).toHaveText('Paused');
    await row.getByRole('button', { name: /^Remove “.+”$/ }).click();
    await expect(dialog.getByTestId('no-schedules')).toBeVisible();
  });

  test('screenshot: dashboard schedules, dark', async ({ page }) => {
    await signUp(page, { prefix: 'dsched-dark', colorScheme: 'dark' });
    const { id, queryId } = await paramDashboard(page, 'Nightly board');
    const added = await page.request.post(`/api/v1/dashboards/${id}/schedules`, {
      data: {
        cron_expression: '0 2 * * *',
        parameters: [{ query_id: queryId, key: 'n', value: 3 }],
      },
    });
    expect(added.status()).toBe(200);
    const dialog = await openDashboardSchedules(page, id, 'Nightly board');
    await expect(dialog.getByTestId('schedule-values')).toHaveText('n = 3');
    await page.screenshot({ path: `${SCREENSHOTS}/dashboard-schedules-dark.png` });
  });
});
