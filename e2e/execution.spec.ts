import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SCREENSHOTS, signUp } from './support/session';

/** Runs until cancelled (minutes even on the large tier). */
const LONG = 'SELECT sum(hash(i)) FROM range(20000000000) t(i)';

type Created = { handle: string; queryId: number };

/** Signs up and saves a query through the API (the editor has its own tests); returns its id. */
async function saveQuery(
  page: Page,
  body: { query_sql: string; parameters?: unknown[] },
  colorScheme?: 'light' | 'dark',
): Promise<Created> {
  const handle = await signUp(page, { prefix: 'exec', colorScheme });
  const res = await page.request.post('/api/v1/query', {
    headers: { 'x-strata-context': handle },
    data: { name: 'Execution journey', ...body },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { query_id } = (await res.json()) as { query_id: number };
  return { handle, queryId: query_id };
}

/** Starts ad-hoc runs that hold the context's execution slots until cancelled. */
async function occupySlots(request: APIRequestContext, handle: string, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await request.post('/api/v1/sql/execute', {
      headers: { 'x-strata-context': handle },
      data: { sql: LONG, performance: 'small' },
    });
    expect(res.ok(), await res.text()).toBe(true);
    ids.push(((await res.json()) as { execution_id: string }).execution_id);
  }
  return async () => {
    for (const id of ids) {
      const res = await request.post(`/api/v1/execution/${id}/cancel`, {
        headers: { 'x-strata-context': handle },
      });
      expect(res.ok()).toBe(true);
    }
  };
}

const panelOf = (page: Page) => page.getByRole('region', { name: 'Execution' });
const runButton = (page: Page) => page.getByRole('button', { name: /^Run/ });

test.describe('live execution', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a query with a parameter: set a value, run, wait in the queue, complete, reopen', async ({
    page,
  }) => {
    const { handle, queryId } = await saveQuery(
      page,
      {
        query_sql: "SELECT 'answer-' || ({{n}} * 7) AS answer",
        parameters: [{ key: 'n', type: 'number', value: '1', description: 'Any number' }],
      },
      'light',
    );
    // The context's execution slots are busy, so the run has to wait in the queue.
    const release = await occupySlots(page.request, handle, 3);
    await page.goto(`/queries/${queryId}`);

    const n = page.getByLabel('n', { exact: true });
    // Three runs hold both cores of a small machine: the page may take a while to render.
    await expect(n).toHaveValue('1', { timeout: 30_000 });
    await n.fill('12345');
    await expect(page).toHaveURL(/12345/);
    await runButton(page).click();

    const panel = panelOf(page);
    await expect(panel.getByRole('status')).toHaveText('Pending');
    await expect(panel).toContainText(/\d+(st|nd|rd|th) in queue/);
    await expect(panel.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await expect(runButton(page)).toBeDisabled();

    await release();
    await expect(panel.getByRole('status')).toHaveText('Completed', { timeout: 30_000 });
    await expect(panel.getByTestId('execution-details')).toContainText(/^1 row · ran .* credits?/);
    await expect(panel.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await expect(page.getByTestId('results-grid')).toContainText('answer-86415');
    await panel.screenshot({ path: `${SCREENSHOTS}/execution-completed-light.png` });

    // Opening the query again shows the latest result for these values without running.
    let executed = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/execute$/.test(new URL(r.url()).pathname)) executed = true;
    });
    await page.reload();
    await expect(panelOf(page).getByRole('status')).toHaveText('Completed');
    await expect(page.getByTestId('results-grid')).toContainText('answer-86415');
    expect(executed).toBe(false);
  });

  test('a long run on the small tier is cancelled while executing', async ({ page }) => {
    const { queryId } = await saveQuery(page, { query_sql: LONG }, 'dark');
    await page.goto(`/queries/${queryId}`);
    const tier = page.getByRole('combobox', { name: 'Tier' });
    await tier.click();
    await expect(page.getByText('1 thread, 2 GB, 5 min')).toBeVisible();
    await page.getByRole('option', { name: /Small/ }).click();
    await expect(tier).toHaveValue('Small');

    const submitted = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/execute'),
    );
    await runButton(page).click();
    expect((await submitted).postDataJSON()).toMatchObject({ performance: 'small' });

    const panel = panelOf(page);
    await expect(panel.getByRole('status')).toHaveText('Executing', { timeout: 15_000 });
    await expect(panel).toContainText(/Running for \d/);
    await panel.screenshot({ path: `${SCREENSHOTS}/execution-executing-dark.png` });
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel.getByRole('status')).toHaveText('Cancelled');
    await expect(panel.getByTestId('execution-details')).toContainText('Cancelled while running');
    await expect(panel.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await expect(runButton(page)).toBeEnabled();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`an invalid value blocks the run; a failed run shows its error (${scheme})`, async ({
      page,
    }) => {
      const { queryId } = await saveQuery(
        page,
        {
          query_sql: 'SELECT {{n}} AS a\nFORM nowhere',
          parameters: [{ key: 'n', type: 'number', value: '1' }],
        },
        scheme,
      );
      // A value from the URL that is not a number is flagged before anything runs.
      const search = new URLSearchParams({ p: JSON.stringify({ n: 'abc' }) });
      await page.goto(`/queries/${queryId}?${search.toString()}`);
      await expect(page.getByText('"abc" is not a number')).toBeVisible();
      await expect(runButton(page)).toBeDisabled();

      await page.getByLabel('n', { exact: true }).fill('2');
      await expect(page.getByText('"abc" is not a number')).toHaveCount(0);
      await runButton(page).click();
      const panel = panelOf(page);
      await expect(panel.getByRole('status')).toHaveText('Failed', { timeout: 30_000 });
      await expect(panel.getByRole('alert')).toContainText('Syntax error');
      await expect(panel.getByRole('alert')).toContainText(/line 2, column \d+/);
      await page.screenshot({ path: `${SCREENSHOTS}/execution-${scheme}.png`, fullPage: true });
    });
  }
});
