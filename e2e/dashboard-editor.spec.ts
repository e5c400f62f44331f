import { expect, test, type Page } from '@playwright/test';
import { createDashboard, queryWithVisualizations } from './support/dashboards';
import { SCREENSHOTS, signUp } from './support/session';
import { dragBy } from './support/pointer';

/** A card of the editor's grid, by the widget's title. */
const card = (page: Page, title: string) =>
  page.getByTestId('edit-grid').getByRole('group', { name: new RegExp(`^${title}\\.`) });

/** Opens the picker and adds `names`, visualizations of the query `query`, in one go. */
async function addVisualizations(page: Page, query: string, names: string[], shot?: string) {
  await page.getByRole('button', { name: 'Add visualization', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add visualizations' });
  await dialog.getByLabel('Query').fill(query);
  await dialog.getByRole('option', { name: query }).click();
  for (const name of names) await dialog.getByRole('checkbox', { name }).check();
  if (shot) await page.screenshot({ path: shot });
  await dialog
    .getByRole('button', {
      name: names.length > 1 ? `Add ${names.length} visualizations` : 'Add visualization',
    })
    .click();
  await expect(dialog).toBeHidden();
}

test.describe('dashboard editor', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a new dashboard opens in edit mode; several visualizations of one query are added at once and drawn live', async ({
    page,
  }) => {
    const handle = await signUp(page, { prefix: 'dashed' });
    const query = `Top pairs ${handle}`;
    await queryWithVisualizations(page, query);
    const id = await createDashboard(page, 'Pairs');

    // Empty and new: edit mode, with a call to action.
    await expect(page.getByRole('toolbar', { name: 'Editing' })).toBeVisible();
    const empty = page.getByTestId('empty-dashboard');
    await expect(empty).toContainText('This dashboard is empty');
    await empty.getByRole('button', { name: 'Add visualizations' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add visualizations' });
    await dialog.getByLabel('Query').fill(query);
    await dialog.getByRole('option', { name: query }).click();
    const add = dialog.getByRole('button', { name: /^Add (\d+ )?visualizations?$/ });
    await expect(add).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'Volume by pair' }).check();
    await dialog.getByRole('checkbox', { name: 'Top volume' }).check();
    await dialog.getByRole('checkbox', { name: 'Volume line' }).check();
    await expect(add).toHaveText('Add 3 visualizations');
    await add.click();
    await expect(dialog).toBeHidden();
    await expect(empty).toBeHidden();

    // Each card draws its visualization, not just its name.
    await expect(card(page, 'Volume by pair').getByTestId('viz-chart')).toHaveAttribute(
      'data-painted',
      'true',
    );
    await expect(card(page, 'Volume line').getByTestId('viz-chart')).toHaveAttribute(
      'data-painted',
      'true',
    );
    await expect(card(page, 'Top volume').getByTestId('counter-value')).toHaveText('$330,000,000');
    // Side by side where they fit, in the picker's order.
    await expect(card(page, 'Volume by pair')).toHaveAttribute('data-position', '0,0,6,8');
    await expect(card(page, 'Volume line')).toHaveAttribute('data-position', '6,0,6,8');
    await expect(card(page, 'Top volume')).toHaveAttribute('data-position', '0,8,6,8');

    // The picker remembers the query: another of its visualizations is one click away.
    await page.getByRole('button', { name: 'Add visualization', exact: true }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Volume by pair' })).toBeVisible();
    await expect(dialog.getByText('on the dashboard', { exact: true })).toHaveCount(3);
    await dialog.getByRole('checkbox', { name: 'Volume by pair' }).check();
    await dialog.getByRole('button', { name: 'Add visualization', exact: true }).click();
    await expect(page.getByTestId('edit-grid').getByTestId('viz-chart')).toHaveCount(3);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByTestId('edit-grid').getByTestId('viz-chart')).toHaveCount(2);

    // Resizing a card from its corner resizes its chart; dragging still moves it by the handle.
    const bars = card(page, 'Volume by pair');
    const canvas = bars.getByTestId('viz-chart');
    const before = (await canvas.boundingBox())!;
    await bars.hover();
    await dragBy(page, bars.locator('xpath=..').locator('.react-resizable-handle-se'), -200, 120);
    await expect(bars).not.toHaveAttribute('data-position', '0,0,6,8');
    await expect
      .poll(async () => (await canvas.boundingBox())!.width)
      .toBeLessThan(before.width - 100);
    await expect
      .poll(async () => (await canvas.boundingBox())!.height)
      .toBeGreaterThan(before.height + 60);
    await expect(canvas).toHaveAttribute('data-painted', 'true');
    // The chart's body does not drag the card: only the handle does.
    const position = await bars.getAttribute('data-position');
    await dragBy(page, canvas, 0, 300);
    await expect(bars).toHaveAttribute('data-position', position!);

    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/dashboards/${id}`) && r.request().method() === 'PATCH',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).ok()).toBe(true);
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Visualization Volume by pair' }).getByTestId('viz-chart'),
    ).toHaveAttribute('data-painted', 'true');
  });

  test('leaving a new dashboard empty shows how to start editing it', async ({ page }) => {
    await signUp(page, { prefix: 'dashed' });
    await createDashboard(page, 'Later');
    await expect(page.getByRole('toolbar', { name: 'Editing' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    const empty = page.getByTestId('empty-dashboard');
    await expect(empty).toContainText('This dashboard is empty');
    await empty.getByRole('button', { name: 'Edit dashboard' }).click();
    await expect(page.getByRole('toolbar', { name: 'Editing' })).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const)
    test(`screenshot: the dashboard editor with live charts, ${scheme}`, async ({ page }) => {
      const handle = await signUp(page, { prefix: 'dashed', colorScheme: scheme });
      const query = `Top pairs ${handle}`;
      await queryWithVisualizations(page, query);
      await createDashboard(page, 'Pairs');
      await page.screenshot({ path: `${SCREENSHOTS}/dashboard-editor-empty-${scheme}.png` });
      await addVisualizations(
        page,
        query,
        ['Volume by pair', 'Volume line', 'Top volume'],
        `${SCREENSHOTS}/dashboard-viz-picker-${scheme}.png`,
      );
      for (const name of ['Volume by pair', 'Volume line'])
        await expect(card(page, name).getByTestId('viz-chart')).toHaveAttribute(
          'data-painted',
          'true',
        );
      await expect(card(page, 'Top volume').getByTestId('counter-value')).toBeVisible();
      await page.screenshot({
        path: `${SCREENSHOTS}/dashboard-editor-${scheme}.png`,
        fullPage: true,
      });
    });
});
