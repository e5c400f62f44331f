import { expect, test, type Page } from '@playwright/test';
import { waitForEditor } from './support/editor';
import { SCREENSHOTS, setColorScheme, signUp, uniqueHandle } from './support/session';

/** A team of the signed-in user, with a display name; returns its handle. */
async function createTeam(page: Page, displayName: string): Promise<string> {
  const handle = uniqueHandle('growth');
  const res = await page.request.post('/api/v1/teams', {
    data: { handle, display_name: displayName },
  });
  expect(res.ok()).toBe(true);
  return handle;
}

/** A query saved in `team`'s context (as a teammate would have made it); returns its id. */
async function teamQuery(page: Page, team: string, isPrivate: boolean): Promise<number> {
  const res = await page.request.post('/api/v1/query', {
    headers: { 'x-strata-context': team },
    data: { name: 'Weekly growth', query_sql: 'SELECT 42 AS answer', is_private: isPrivate },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { query_id: number }).query_id;
}

const switcher = (page: Page) => page.getByTestId('context-switcher');

test.describe('links that carry the context', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`a private team query opened while acting personally offers the switch (${scheme})`, async ({
      page,
    }) => {
      const me = await signUp(page, { prefix: 'mate' });
      await setColorScheme(page, scheme);
      const team = await createTeam(page, 'Growth Team');
      const id = await teamQuery(page, team, true);

      await page.goto(`/queries/${id}`);
      await expect(switcher(page)).toHaveText(me);
      await expect(page.getByRole('heading', { name: 'In Growth Team' })).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/context-offer-${scheme}.png` });
      await page.getByRole('button', { name: 'Switch to Growth Team' }).click();

      await waitForEditor(page);
      await expect(switcher(page)).toHaveText('Growth Team');
      await expect(page.getByRole('textbox', { name: 'Query name' })).toHaveValue('Weekly growth');
    });
  }

  test('a public team query offers the switch instead of a fork, and then saves', async ({
    page,
  }) => {
    await signUp(page, { prefix: 'mate' });
    const team = await createTeam(page, 'Growth Team');
    const id = await teamQuery(page, team, false);

    await page.goto(`/queries/${id}`);
    await waitForEditor(page);
    const notice = page.getByText('This query belongs to Growth Team, a context you act in.');
    await expect(notice).toBeVisible();
    await expect(page.getByText(/fork it/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await page.getByRole('button', { name: 'Switch to Growth Team' }).click();
    await expect(switcher(page)).toHaveText('Growth Team');
    await expect(notice).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Query name' }).fill('Weekly growth v2');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/v1/query/${id}`, {
          headers: { 'x-strata-context': team },
        });
        return ((await res.json()) as { name: string }).name;
      })
      .toBe('Weekly growth v2');
  });

  test('a team dashboard opened while acting personally can be edited after the switch', async ({
    page,
  }) => {
    await signUp(page, { prefix: 'mate' });
    const team = await createTeam(page, 'Growth Team');
    const res = await page.request.post('/api/v1/dashboards', {
      headers: { 'x-strata-context': team },
      data: { name: 'Team board', text_widgets: [{ text: 'Hello team' }] },
    });
    const { dashboard_id } = (await res.json()) as { dashboard_id: number };

    await page.goto(`/dashboards/${dashboard_id}`);
    await expect(page.getByText('Hello team')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Switch to Growth Team' }).click();
    await expect(switcher(page)).toHaveText('Growth Team');
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  });

  test('the switcher names teams by their display name', async ({ page }) => {
    await signUp(page, { prefix: 'mate' });
    const team = await createTeam(page, 'Growth Team');
    await page.goto('/queries');
    await switcher(page).click();
    const option = page.getByRole('option').filter({ hasText: 'Growth Team' });
    await expect(option).toContainText(`@${team}`);
    await option.click();
    await expect(switcher(page)).toHaveText('Growth Team');
  });
});

test.describe('the API reference', () => {
  test('is linked from the account menu and the API keys page; /api/v1/docs leads there', async ({
    page,
  }) => {
    await signUp(page, { prefix: 'dev' });
    await page.goto('/queries');
    await page.getByRole('button', { name: 'Account menu' }).click();
    const item = page.getByRole('menuitem', { name: 'API reference' });
    await expect(item).toHaveAttribute('href', '/api/docs');
    const [popup] = await Promise.all([page.waitForEvent('popup'), item.click()]);
    await expect(popup).toHaveURL(/\/api\/docs$/);
    await expect(popup.locator('.swagger-ui')).toBeVisible();
    await popup.close();

    await page.goto('/settings/api-keys');
    await expect(page.getByRole('link', { name: 'API reference' })).toHaveAttribute(
      'href',
      '/api/docs',
    );
    await page.goto('/api/v1/docs');
    await expect(page).toHaveURL(/\/api\/docs$/);
    await expect(page.locator('.swagger-ui')).toBeVisible();
  });
});
