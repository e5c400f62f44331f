import { expect, test } from '@playwright/test';
import { SCREENSHOTS, setColorScheme, signUp, uniqueHandle } from './support/session';

test.describe('sign-in and the app shell', () => {
  test('a visitor is sent to sign in, signs up, lands in the shell and signs out', async ({
    page,
  }) => {
    await page.goto('/queries');
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fqueries/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.getByRole('link', { name: 'Create an account' }).click();
    // The sign-in page has a Handle field too: fill only once the sign-up page is there.
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    const handle = uniqueHandle('newbie');
    await page.getByLabel('Handle').fill(handle);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('At least 8 characters')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('a long enough password');
    await page.getByLabel('Confirm password').fill('a long enough password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/queries$/);
    await expect(page.getByTestId('context-switcher')).toHaveText(handle);
    for (const section of ['Dashboards', 'Datasets', 'Uploads', 'Usage', 'Settings'])
      await expect(page.getByRole('link', { name: section })).toBeVisible();

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goto('/queries');
    await expect(page).toHaveURL(/\/sign-in/);

    await page.getByLabel('Handle').fill(handle);
    await page.getByRole('textbox', { name: 'Password' }).fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText(/handle or password/i);
    await page.getByRole('textbox', { name: 'Password' }).fill('a long enough password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/queries$/);
  });

  test('a signed-in visitor of /sign-in goes to the app; an unknown path shows not found', async ({
    page,
  }) => {
    await signUp(page);
    await page.goto('/sign-in');
    await expect(page).toHaveURL(/\/queries$/);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  });

  test('the theme follows the system and can be switched', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signUp(page);
    await page.goto('/queries');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByText('Light', { exact: true }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshots: sign-in and shell, ${scheme}`, async ({ page }) => {
      await setColorScheme(page, scheme);
      await page.goto('/sign-in');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/sign-in-${scheme}.png` });
      await signUp(page, { colorScheme: scheme });
      await page.goto('/dashboards');
      await expect(page.getByRole('heading', { name: 'Dashboards' })).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/shell-${scheme}.png` });
    });
  }
});

test.describe('API documentation', () => {
  test('the OpenAPI document describes the service', async ({ request }) => {
    const res = await request.get('/api/v1/openapi.json');
    expect(res.status()).toBe(200);
    const doc: unknown = await res.json();
    expect(doc).toMatchObject({
      openapi: expect.stringMatching(/^3\./),
      info: { title: 'Strata analytics query API' },
      paths: expect.objectContaining({ '/api/health': expect.anything() }),
    });
  });

  test('/api/docs renders the API reference with no outside requests', async ({ page }) => {
    // Swagger UI is served from the installed package: block every non-local request.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
    const response = await page.goto('/api/docs');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Strata API reference');
    await expect(page.getByRole('heading', { name: /Strata analytics query API/ })).toBeVisible();
    await expect(page.getByText('/api/v1/query/{query_id}/execute').first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/api-docs.png` });
  });

  test('an unknown API path answers 404 JSON, not the SPA', async ({ request }) => {
    const res = await request.get('/api/v1/no-such-route');
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ error: expect.stringContaining('no route') });
  });
});
