import { expect, test, type Page } from '@playwright/test';
import { publicDashboard } from './support/dashboards';
import { SCREENSHOTS, signUp } from './support/session';

/** Each widget's box on the page, by its grid item id (`v:1`, `t:2`), from `attr`. */
const boxes = (page: Page, attr: string) =>
  page.evaluate(
    (a) =>
      Object.fromEntries(
        [...document.querySelectorAll(`[${a}]`)].map((el) => {
          const r = el.getBoundingClientRect();
          return [el.getAttribute(a)!, [r.x, r.y, r.width, r.height].map(Math.round)];
        }),
      ),
    attr,
  );

test('a public dashboard shows its charts before any script, and the app takes over in place', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const handle = await signUp(page, { prefix: 'paint' });
  const link = await publicDashboard(page, handle);

  for (const colorScheme of ['light', 'dark'] as const) {
    // No JavaScript: what the server drew (the first visit starts the drawing, later ones get it).
    const still = await browser.newContext({ javaScriptEnabled: false, colorScheme });
    await expect
      .poll(
        async () => (await (await still.request.get(link)).text()).includes('<svg width="100%"'),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    const before = await still.newPage();
    await before.goto(link);
    await expect(before.getByRole('heading', { name: 'Open numbers' })).toBeVisible();
    // Both charts, drawn in the visitor's scheme (the other scheme's drawing is hidden).
    const charts = before.locator('[data-fp-widget^="v:"] .sfp-chart:visible svg');
    await expect(charts).toHaveCount(2);
    await expect(before.locator(`.sfp-chart.sfp-${colorScheme}:visible`)).toHaveCount(2);
    await expect(before.locator('.sfp-number')).toHaveText('24');
    await expect(before.getByRole('cell', { name: '</script><b>1', exact: true })).toBeVisible();
    await before.screenshot({
      path: `${SCREENSHOTS}/first-paint-${colorScheme}.png`,
      fullPage: true,
    });
    const served = await boxes(before, 'data-fp-widget');
    // The first paint shows before the app's stylesheets have loaded (they come after it): it
    // looks the same without them, every widget in the same box.
    const unstyled = await still.newPage();
    await unstyled.route('**/*.css', (route) => route.abort());
    await unstyled.goto(link);
    await expect(unstyled.locator(`.sfp-chart.sfp-${colorScheme}:visible`)).toHaveCount(2);
    expect(await boxes(unstyled, 'data-fp-widget')).toEqual(served);
    expect(await unstyled.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      await before.evaluate(() => getComputedStyle(document.body).backgroundColor),
    );
    await unstyled.screenshot({
      path: `${SCREENSHOTS}/first-paint-${colorScheme}-unstyled.png`,
      fullPage: true,
    });
    await still.close();

    // With JavaScript: the app replaces the first paint, every widget in the same box.
    const live = await browser.newContext({ colorScheme });
    const after = await live.newPage();
    await after.goto(link);
    await expect(after.locator('[data-widget^="v:"] [data-painted="true"]')).toHaveCount(2);
    await expect(after.locator('[data-first-paint]')).toHaveCount(0);
    const mounted = await boxes(after, 'data-widget');
    expect(Object.keys(mounted).sort()).toEqual(Object.keys(served).sort());
    for (const [id, box] of Object.entries(served))
      box.forEach((v, i) =>
        expect(Math.abs(v - mounted[id]![i]!), `${id} ${box} ${mounted[id]}`).toBeLessThanOrEqual(
          1,
        ),
      );
    await after.screenshot({
      path: `${SCREENSHOTS}/first-paint-${colorScheme}-mounted.png`,
      fullPage: true,
    });
    await live.close();
  }
});
