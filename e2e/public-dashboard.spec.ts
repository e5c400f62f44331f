import { expect, test } from '@playwright/test';
import { publicDashboard } from './support/dashboards';
import { SCREENSHOTS, setColorScheme, signUp } from './support/session';

test.describe('a public dashboard', () => {
  for (const scheme of ['light', 'dark'] as const)
    test(`paints every widget with at most one request for its data, ${scheme}`, async ({
      page,
      browser,
    }) => {
      const handle = await signUp(page, { prefix: 'open' });
      const link = await publicDashboard(page, handle);

      const anon = await browser.newContext();
      const visitor = await anon.newPage();
      await setColorScheme(visitor, scheme);
      const data: string[] = [];
      visitor.on('request', (r) => {
        // The session check (/auth/me) is not a read of the dashboard's data.
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/v1/') && !url.pathname.startsWith('/api/v1/auth/'))
          data.push(url.pathname + url.search);
      });
      await visitor.goto(link);
      await expect(visitor.getByRole('heading', { name: 'Open numbers' })).toBeVisible();
      for (const name of ['Line of y', 'Columns of y'])
        await expect(visitor.getByRole('img', { name: new RegExp(`^${name}:`) })).toHaveAttribute(
          'data-painted',
          'true',
        );
      await expect(visitor.getByTestId('counter-value')).toHaveText('24');
      const table = visitor.getByTestId('viz-table');
      await expect(table.getByRole('cell', { name: 'item 8', exact: true })).toBeVisible();
      // Text that looks like markup is shown as text.
      await expect(table.getByRole('cell', { name: '</script><b>1', exact: true })).toBeVisible();
      await expect(visitor.getByRole('heading', { name: 'Read me' })).toBeVisible();
      expect(data.length, data.join('\n')).toBeLessThanOrEqual(1);
      expect(data.every((u) => u.includes('/bundle'))).toBe(true);
      await visitor.screenshot({
        path: `${SCREENSHOTS}/dashboard-public-${scheme}.png`,
        fullPage: true,
      });
      await anon.close();
    });
});
