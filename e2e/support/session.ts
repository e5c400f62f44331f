import type { Page } from '@playwright/test';

let counter = 0;

/**
 * A unique handle per call, so tests never collide in the shared e2e data folder, also when
 * several workers sign up in the same millisecond (each worker numbers its own calls).
 */
export function uniqueHandle(prefix: string): string {
  counter += 1;
  const worker = process.env.TEST_PARALLEL_INDEX ?? '0';
  return `${prefix}-${Date.now().toString(36)}-${worker}-${counter}`.slice(0, 39);
}

/**
 * Signs up a fresh user through the API on the page's own request context, so the session
 * cookie lands in the browser; returns the handle. The color scheme is set before any page
 * loads (Mantine reads it from local storage).
 */
export async function signUp(
  page: Page,
  opts: { prefix?: string; colorScheme?: 'light' | 'dark' } = {},
): Promise<string> {
  const handle = uniqueHandle(opts.prefix ?? 'user');
  const res = await page.request.post('/api/v1/auth/signup', {
    data: { handle, password: 'correct horse battery' },
  });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  if (opts.colorScheme) await setColorScheme(page, opts.colorScheme);
  return handle;
}

/** Forces Mantine's color scheme for every page the test opens next. */
export async function setColorScheme(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  await page.addInitScript((s) => localStorage.setItem('strata.color-scheme', s), scheme);
}

export const SCREENSHOTS = 'test-results/screenshots';
