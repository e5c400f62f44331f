import { expect, test } from '@playwright/test';

const SCREENSHOTS = 'test-results/screenshots';

test.describe('app shell', () => {
  test('shows the heading and a ready service', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Strata');
    await expect(page.getByRole('heading', { level: 1, name: 'Strata' })).toBeVisible();
    await expect(page.getByTestId('health')).toHaveText('ready');
    await expect(page.getByRole('link', { name: '/api/docs' })).toHaveAttribute(
      'href',
      '/api/docs',
    );
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`renders in the ${colorScheme} color scheme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto('/');
      await expect(page.getByTestId('health')).toHaveText('ready');
      expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
        colorScheme === 'dark',
      );
      await page.screenshot({ path: `${SCREENSHOTS}/shell-${colorScheme}.png`, fullPage: true });
    });
  }

  test('an unknown client-side path still serves the SPA', async ({ page }) => {
    const response = await page.goto('/queries/does-not-exist');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Strata' })).toBeVisible();
  });
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
