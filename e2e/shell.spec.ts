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

  test('/api/docs serves Swagger UI pointed at that document', async ({ page }) => {
    // Swagger UI's scripts come from a CDN, which our machines cannot reach: block every
    // non-local request so the test is the same with or without internet.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
    const response = await page.goto('/api/docs', { waitUntil: 'domcontentloaded' });
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('SwaggerUI');
    await expect(page.locator('#swagger-ui')).toBeAttached();
    expect(await response?.text()).toContain("url: '/api/v1/openapi.json'");
  });

  test('an unknown API path answers 404 JSON, not the SPA', async ({ request }) => {
    const res = await request.get('/api/v1/no-such-route');
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ error: expect.stringContaining('no route') });
  });
});
