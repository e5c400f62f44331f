import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/session';

/** Two dashboards made through the API, so the list has something to search. */
async function seed(page: Page, handle: string) {
  const headers = { 'x-strata-context': handle };
  const make = async (name: string, tags: string[]) => {
    const res = await page.request.post('/api/v1/dashboards', { headers, data: { name, tags } });
    expect(res.ok()).toBe(true);
    return (await res.json()) as { dashboard_id: number; slug: string };
  };
  return {
    headers,
    revenue: await make('Revenue overview', ['finance']),
    gas: await make('Gas tracker', ['ops']),
  };
}

const table = (page: Page) => page.getByRole('table', { name: 'Dashboards' });
const row = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });

test.describe('dashboard list', () => {
  test('search, filter by tag, rename with a taken slug refused, archive and unarchive', async ({
    page,
  }) => {
    const handle = await signUp(page);
    const { headers, gas, revenue } = await seed(page, handle);
    await page.goto('/dashboards');
    await expect(row(page, 'Revenue overview')).toBeVisible();
    await expect(row(page, 'Gas tracker')).toBeVisible();

    // Search narrows the list and lands in the URL, so a reload keeps it.
    await page.getByLabel('Search dashboards').fill('gas');
    await expect(row(page, 'Revenue overview')).toHaveCount(0);
    await expect(row(page, 'Gas tracker')).toBeVisible();
    await expect(page).toHaveURL(/q=gas/);
    await page.reload();
    await expect(page.getByLabel('Search dashboards')).toHaveValue('gas');
    await expect(row(page, 'Revenue overview')).toHaveCount(0);
    await page.getByLabel('Search dashboards').fill('');
    await expect(row(page, 'Revenue overview')).toBeVisible();

    // A tag badge filters by that tag.
    await row(page, 'Revenue overview').getByLabel('Filter by tag finance').click();
    await expect(row(page, 'Gas tracker')).toHaveCount(0);
    await expect(row(page, 'Revenue overview')).toBeVisible();
    await expect(page).toHaveURL(/tags=/);
    await page.goto('/dashboards');
    await expect(row(page, 'Gas tracker')).toBeVisible();

    // Rename: a slug another dashboard holds is refused beside the field; a free one is saved.
    await page.getByRole('button', { name: 'Actions for Gas tracker' }).click();
    await page.getByRole('menuitem', { name: 'Rename, slug and tags' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dashboard settings' });
    await dialog.getByLabel('Name').fill('Gas and fees');
    await dialog.getByLabel('Slug').fill(revenue.slug);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      dialog.getByText(`Another dashboard of ${handle} already uses this slug`),
    ).toBeVisible();
    await dialog.getByLabel('Slug').fill('gas-and-fees');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, 'Gas and fees')).toBeVisible();
    const renamed = await page.request.get(`/api/v1/dashboards/${gas.dashboard_id}`, { headers });
    expect(await renamed.json()).toMatchObject({ name: 'Gas and fees', slug: 'gas-and-fees' });

    // Archive hides it; "Show archived" lists it marked, and unarchive brings it back.
    await page.getByRole('button', { name: 'Actions for Gas and fees' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await expect(row(page, 'Gas and fees')).toHaveCount(0);
    await page.getByRole('switch', { name: 'Show archived' }).click();
    await expect(page.getByRole('switch', { name: 'Show archived' })).toBeChecked();
    await expect(page).toHaveURL(/archived=true/);
    await expect(row(page, 'Gas and fees').getByText('Archived')).toBeVisible();
    await page.getByRole('button', { name: 'Actions for Gas and fees' }).click();
    await page.getByRole('menuitem', { name: 'Unarchive' }).click();
    await expect(row(page, 'Gas and fees').getByText('Archived')).toHaveCount(0);
    const back = await page.request.get(`/api/v1/dashboards/${gas.dashboard_id}`, { headers });
    expect(((await back.json()) as { is_archived: boolean }).is_archived).toBe(false);
  });
});
