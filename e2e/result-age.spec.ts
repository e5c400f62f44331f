import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { runQuery } from './support/dashboards';
import { SCREENSHOTS, signUp } from './support/session';

const SHOTS = `${SCREENSHOTS}/result-age`;
const SQL = 'SELECT x, x * 3 AS y FROM range(1, 9) t(x)';
const AGE = /^Updated (just now|\d+ (second|minute)s? ago)$/;

test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

/** A query of the user's context run once, a dashboard of two charts of it; ids and link. */
async function setUp(page: Page, handle: string) {
  const headers = { 'x-strata-context': handle };
  const { queryId, viz } = await runQuery(page, handle, `Freshness ${handle}`, SQL);
  const ids = [
    await viz('Line of y', 'chart', {
      globalSeriesType: 'line',
      columnMapping: { x: 'x', y: 'y' },
    }),
    await viz('Largest y', 'counter', { counterColName: 'y', rowNumber: 8 }),
  ];
  const res = await page.request.post('/api/v1/dashboards', {
    headers,
    data: { name: 'Fresh numbers', visualization_ids: ids, columns_per_row: 2 },
  });
  expect(res.ok()).toBe(true);
  const d = (await res.json()) as {
    dashboard_id: number;
    slug: string;
    visualization_widgets: { widget_id: number; visualization_id: number }[];
  };
  return {
    headers,
    queryId,
    dashboardId: d.dashboard_id,
    link: `/${handle}/${d.slug}`,
    line: d.visualization_widgets[0]!,
  };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

/** Executions submitted in the context this billing period (each run, charged or not). */
async function executions(page: Page, headers: Record<string, string>) {
  const res = await page.request.get('/api/v1/usage', { headers });
  expect(res.ok()).toBe(true);
  const u = (await res.json()) as {
    billing_periods: { runs: { interactive: { executions: number } } }[];
  };
  return u.billing_periods[0]!.runs.interactive.executions;
}

/** The execution the dashboard's widget answers with now (as the page reads it). */
async function widgetExecution(page: Page, s: Setup) {
  const res = await page.request.get(
    `/api/v1/dashboards/${s.dashboardId}/visualizations/${s.line.visualization_id}/results?limit=1`,
    { headers: s.headers },
  );
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { execution_id: string; state: string }).execution_id;
}

/** Waits until the line chart is drawn and every widget says how old its result is. */
async function expectDrawnWithAges(page: Page, s: Setup) {
  const line = page.getByTestId(`viz-widget-${s.line.widget_id}`);
  await expect(line.getByRole('img')).toHaveAttribute('data-painted', 'true');
  const ages = page.getByTestId('widget-age');
  await expect(ages).toHaveCount(2);
  for (const age of await ages.all()) await expect(age).toHaveText(AGE);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a dashboard's maximum result age is set in its settings and reopens without a run (${scheme})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const handle = await signUp(page, { prefix: 'age', colorScheme: scheme });
    const s = await setUp(page, handle);
    const ran = await widgetExecution(page, s);
    expect(await executions(page, s.headers)).toBe(1);

    // Each widget says how old its result is, the exact time on hover.
    await page.goto(`/dashboards/${s.dashboardId}`);
    await expectDrawnWithAges(page, s);
    const age = page.getByTestId(`viz-widget-${s.line.widget_id}`).getByTestId('widget-age');
    await expect(age).toHaveAttribute('title', /^Result of \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);

    // The settings: "Results may be up to 1 hour old".
    await page.getByRole('button', { name: 'Dashboard settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dashboard settings' });
    const control = dialog.getByRole('combobox', { name: 'Results may be up to' });
    await expect(control).toHaveValue('Always the latest');
    await expect(dialog).toContainText(
      'Older results are refreshed when someone opens the dashboard',
    );
    await control.click();
    await expect(page.getByRole('option', { name: '1 hour old' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/settings-${scheme}.png` });
    await page.getByRole('option', { name: '1 hour old' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('dashboard-max-age')).toHaveText('· results up to 1 hour old');
    const saved = await page.request.get(`/api/v1/dashboards/${s.dashboardId}`, {
      headers: s.headers,
    });
    expect(
      ((await saved.json()) as { max_result_age_seconds: number }).max_result_age_seconds,
    ).toBe(3600);

    // Reopened: the result is young enough, so it is drawn as it is, and nothing ran.
    await page.reload();
    await expectDrawnWithAges(page, s);
    await page.getByRole('button', { name: 'Dashboard settings' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Results may be up to' })).toHaveValue(
      '1 hour old',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // "Refresh" reads every widget again under the maximum: still nothing to run.
    const reread = page.waitForResponse(
      (r) => r.url().includes(`/visualizations/${s.line.visualization_id}/results`) && r.ok(),
    );
    await page.getByRole('button', { name: 'Refresh' }).click();
    await reread;
    await expectDrawnWithAges(page, s);
    await page.mouse.move(0, 600);
    await page.screenshot({ path: `${SHOTS}/dashboard-${scheme}.png`, fullPage: true });

    // The public page says the same.
    await page.goto(s.link);
    await expectDrawnWithAges(page, s);

    expect(await widgetExecution(page, s)).toBe(ran);
    expect(await executions(page, s.headers)).toBe(1);
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a result older than the dashboard accepts says so as time passes, with no request (${scheme})`, async ({
    page,
  }) => {
    const handle = await signUp(page, { prefix: 'age-old', colorScheme: scheme });
    const s = await setUp(page, handle);
    const set = await page.request.patch(`/api/v1/dashboards/${s.dashboardId}`, {
      headers: s.headers,
      data: { max_result_age_seconds: 3600 },
    });
    expect(set.ok()).toBe(true);
    await page.clock.install();
    await page.goto(`/dashboards/${s.dashboardId}`);
    await expectDrawnWithAges(page, s);

    // Two hours on in the browser only: the captions move on, and no widget reads again.
    const reads: string[] = [];
    page.on('request', (r) => r.url().includes('/api/') && reads.push(r.url()));
    await page.clock.fastForward('02:00:00');
    const ages = page.getByTestId('widget-age');
    for (const age of await ages.all()) {
      await expect(age).toHaveText('Older than 1 hour');
      await expect(age).toHaveAttribute('data-stale', 'true');
    }
    await page.screenshot({ path: `${SHOTS}/older-${scheme}.png`, fullPage: true });
    expect(reads).toEqual([]);
  });
}

test('a saved query’s maximum result age is set on its page without an edit', async ({ page }) => {
  const handle = await signUp(page, { prefix: 'age-q' });
  const { queryId } = await runQuery(page, handle, `Freshness query ${handle}`, SQL);
  const headers = { 'x-strata-context': handle };

  await page.goto(`/queries/${queryId}`);
  await page.getByRole('button', { name: 'Freshness: always the latest result' }).click();
  const dialog = page.getByRole('dialog', { name: 'Freshness of results' });
  await dialog.getByRole('combobox', { name: 'Results may be up to' }).click();
  await expect(dialog).toContainText('Older results are refreshed when someone reads');
  await page.screenshot({ path: `${SHOTS}/query-freshness-light.png` });
  await page.getByRole('option', { name: '15 minutes old' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // The button names it; the editor has nothing unsaved, and no new version was made.
  await expect(
    page.getByRole('button', { name: 'Freshness: results up to 15 minutes old' }),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/query-header-light.png` });
  await expect(page.getByTestId('unsaved-badge')).toHaveCount(0);
  const q = (await (await page.request.get(`/api/v1/query/${queryId}`, { headers })).json()) as {
    version: number;
    max_result_age_seconds: number | null;
  };
  expect(q).toMatchObject({ version: 1, max_result_age_seconds: 900 });

  await page.reload();
  await page.getByRole('button', { name: 'Freshness: results up to 15 minutes old' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Results may be up to' })).toHaveValue(
    '15 minutes old',
  );
  // Opening the query's page ran nothing: it shows the latest result whatever its age.
  expect(await executions(page, headers)).toBe(1);
});
