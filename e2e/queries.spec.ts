import { expect, test, type Page } from '@playwright/test';
import { editorBox, shown, waitForEditor } from './support/editor';
import { SCREENSHOTS, signUp } from './support/session';

type NewQuery = {
  name: string;
  query_sql?: string;
  description?: string;
  tags?: string[];
  is_private?: boolean;
};

/** Creates a query in the signed-in user's personal context through the API; returns its id. */
async function createQuery(page: Page, body: NewQuery): Promise<number> {
  const res = await page.request.post('/api/v1/query', {
    data: { query_sql: 'SELECT 1', ...body },
  });
  if (!res.ok()) throw new Error(`create failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { query_id: number }).query_id;
}

const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test.describe('query library', () => {
  test('an empty library says what to do; New query is a draft until saved, then listed', async ({
    page,
  }) => {
    await signUp(page);
    await page.goto('/queries');
    await expect(page.getByText('No queries yet')).toBeVisible();
    await page.getByRole('link', { name: 'New query' }).first().click();
    await expect(page).toHaveURL(/\/queries\/new$/);
    await waitForEditor(page);
    // The starting text is selected: typing replaces it.
    await page.keyboard.type('SELECT 42 AS answer');
    await expect(editorBox(page).locator('.view-lines')).toHaveText(shown('SELECT 42 AS answer'));
    // Nothing is published before the first save.
    const before = await page.request.get('/api/v1/queries');
    expect(((await before.json()) as { total: number }).total).toBe(0);

    await page.getByRole('textbox', { name: 'Query name' }).fill('The answer');
    await page.keyboard.press('ControlOrMeta+S');
    await expect(page).toHaveURL(/\/queries\/\d+/);
    const id = /\/queries\/(\d+)/.exec(page.url())?.[1];
    const res = await page.request.get(`/api/v1/query/${id}`);
    expect(await res.json()).toMatchObject({
      name: 'The answer',
      query_sql: 'SELECT 42 AS answer',
    });
    await expect(page.getByTestId('unsaved-badge')).toBeHidden();

    await page.goto('/queries');
    await expect(row(page, 'The answer')).toHaveCount(1);
    await expect(page.getByText('1–1 of 1')).toBeVisible();
    await row(page, 'The answer').getByRole('link', { name: 'The answer' }).click();
    await expect(page).toHaveURL(new RegExp(`/queries/${id}`));
  });

  test('search by name, filter by tag, both kept in the URL', async ({ page }) => {
    await signUp(page);
    await createQuery(page, { name: 'Alpha revenue', description: 'Money in', tags: ['finance'] });
    await createQuery(page, { name: 'Beta signups', tags: ['growth'] });
    await createQuery(page, { name: 'Gamma costs', tags: ['finance', 'ops'] });
    await page.goto('/queries');
    await expect(page.getByRole('link', { name: 'Beta signups' })).toBeVisible();
    await expect(row(page, 'Alpha revenue')).toContainText('Money in');

    await page.getByRole('textbox', { name: 'Search queries' }).fill('alpha');
    await expect(page).toHaveURL(/[?&]q=alpha/);
    await expect(page.getByRole('link', { name: 'Alpha revenue' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Beta signups' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Gamma costs' })).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Search queries' }).fill('no such query');
    await expect(page.getByText('No queries match')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByRole('link', { name: 'Beta signups' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Search queries' })).toHaveValue('');

    await row(page, 'Gamma costs').getByRole('button', { name: 'Filter by tag finance' }).click();
    await expect(page).toHaveURL(/[?&]tags=/);
    await expect(page.getByRole('link', { name: 'Alpha revenue' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Gamma costs' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Beta signups' })).toHaveCount(0);
    await row(page, 'Gamma costs').getByRole('button', { name: 'Filter by tag ops' }).click();
    await expect(page.getByRole('link', { name: 'Alpha revenue' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Gamma costs' })).toBeVisible();

    // The URL reproduces the view.
    await page.reload();
    await expect(page.getByRole('link', { name: 'Gamma costs' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Alpha revenue' })).toHaveCount(0);
    await page.goBack();
    await expect(page.getByRole('link', { name: 'Alpha revenue' })).toBeVisible();
  });

  test('archive hides a query unless archived are shown; unarchive brings it back', async ({
    page,
  }) => {
    await signUp(page);
    await createQuery(page, { name: 'Old report' });
    await createQuery(page, { name: 'Current report' });
    await page.goto('/queries');
    await rowAction(page, 'Old report', 'Archive');
    await expect(page.getByText('“Old report” archived')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Old report' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Current report' })).toBeVisible();

    await page.getByRole('switch', { name: 'Show archived' }).click();
    await expect(page).toHaveURL(/[?&]archived=true/);
    await expect(row(page, 'Old report')).toContainText('Archived');
    await expect(row(page, 'Current report')).not.toContainText('Archived');

    await rowAction(page, 'Old report', 'Unarchive');
    await expect(page.getByText('“Old report” unarchived')).toBeVisible();
    await expect(row(page, 'Old report')).not.toContainText('Archived');
    await page.getByRole('switch', { name: 'Show archived' }).click();
    await expect(page.getByRole('link', { name: 'Old report' })).toBeVisible();
  });

  test('the private toggle shows and removes the Private badge', async ({ page }) => {
    await signUp(page);
    const id = await createQuery(page, { name: 'Secret sauce' });
    await page.goto('/queries');
    await expect(row(page, 'Secret sauce')).not.toContainText('Private');
    await rowAction(page, 'Secret sauce', 'Make private');
    await expect(row(page, 'Secret sauce')).toContainText('Private');
    const res = await page.request.get(`/api/v1/query/${id}`);
    expect(await res.json()).toMatchObject({ is_private: true });
    await rowAction(page, 'Secret sauce', 'Make public');
    await expect(row(page, 'Secret sauce')).not.toContainText('Private');
  });

  test('the Public switch finds the demo team’s queries; a fork lands under Mine', async ({
    page,
  }) => {
    const handle = await signUp(page);
    await page.goto('/queries');
    await page.getByText('Public', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]scope=public/);
    await page.getByRole('textbox', { name: 'Search queries' }).fill('Top DEX pairs by volume');
    const demo = row(page, 'Top DEX pairs by volume');
    await expect(demo).toContainText('demo');
    // Not ours: fork, but no archive or privacy.
    await demo.getByRole('button', { name: /Actions for/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Archive' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Make private' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: `Fork into ${handle}` }).click();
    await expect(page).toHaveURL(/\/queries\/\d+/);
    const id = /\/queries\/(\d+)/.exec(page.url())?.[1];
    const fork = (await (await page.request.get(`/api/v1/query/${id}`)).json()) as {
      owner: string;
      name: string;
      query_sql: string;
      parameters: unknown[];
      tags: string[];
    };
    expect(fork).toMatchObject({ owner: handle, name: 'Top DEX pairs by volume (fork)' });
    expect(fork.query_sql).toContain('dex.trades');
    expect(fork.parameters.length).toBeGreaterThan(0);
    expect(fork.tags).toContain('dex');

    await page.goto('/queries');
    await expect(row(page, 'Top DEX pairs by volume (fork)')).toContainText(handle);
    await expect(page.getByText('1–1 of 1')).toBeVisible();
    // Keep the public list to the demo team's originals for later runs.
    await rowAction(page, 'Top DEX pairs by volume (fork)', 'Make private');
    await expect(row(page, 'Top DEX pairs by volume (fork)')).toContainText('Private');
  });

  test('more queries than a page: pages and page size in the URL', async ({ page }) => {
    await signUp(page);
    for (let i = 1; i <= 30; i += 1)
      await createQuery(page, { name: `Paged query ${String(i).padStart(2, '0')}` });
    await page.goto('/queries');
    await expect(page.getByText('1–25 of 30')).toBeVisible();
    // Newest updated first.
    await expect(page.getByRole('link', { name: 'Paged query 30' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Paged query/ })).toHaveCount(25);
    await expect(page.getByRole('link', { name: 'Paged query 05' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText('26–30 of 30')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Paged query/ })).toHaveCount(5);
    await expect(page.getByRole('link', { name: 'Paged query 01' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Queries per page' }).click();
    await page.getByRole('option', { name: '50 / page' }).click();
    await expect(page).toHaveURL(/[?&]size=50/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByText('1–30 of 30')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next page' })).toHaveCount(0);

    await page.goto('/queries?page=9');
    await expect(page.getByText('Page 9 is past the end of the list.')).toBeVisible();
    await page.getByRole('button', { name: 'Go to the last page' }).click();
    await expect(page.getByText('26–30 of 30')).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshot: the library, ${scheme}`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signUp(page, { colorScheme: scheme });
      await page.goto('/queries');
      await expect(page.getByText('No queries yet')).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/queries-empty-${scheme}.png` });
      await createQuery(page, {
        name: 'Daily active wallets',
        description: 'Distinct senders per day on Ethereum, with a 7-day moving average.',
        tags: ['ethereum', 'wallets'],
      });
      await createQuery(page, {
        name: 'Gas spent by the top contracts',
        description: 'The contracts whose calls burn the most gas.',
        tags: ['gas'],
        is_private: true,
      });
      const old = await createQuery(page, { name: 'Bridge flows (old)', tags: ['bridges'] });
      await page.request.post(`/api/v1/query/${old}/archive`);
      await createQuery(page, { name: 'Untitled scratch' });
      await page.goto('/queries?archived=true');
      await expect(page.getByText('1–4 of 4')).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/queries-${scheme}.png`, fullPage: true });
      await page.goto(`/queries?scope=public&tags=${encodeURIComponent('["demo"]')}`);
      await expect(page.getByRole('link', { name: 'Top DEX pairs by volume' })).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/queries-public-${scheme}.png` });
    });
  }
});
