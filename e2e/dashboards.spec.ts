import { expect, test, type Locator, type Page } from '@playwright/test';
import { SCREENSHOTS, signUp } from './support/session';
import { dragBy } from './support/pointer';
import { runToCompletion } from './support/api';

const SQL = 'SELECT x, x * {{n}} AS y, x * x + {{n}} AS z FROM range(1, 8) t(x)';
type Position = { col: number; row: number; size_x: number; size_y: number };
type Dashboard = {
  dashboard_id: number;
  slug: string;
  visualization_widgets: { widget_id: number; visualization_id: number; position: Position }[];
  text_widgets: { widget_id: number; text: string; position: Position }[];
  param_widgets: { widget_id: string; key: string; position: Position }[];
};

/** A saved query with a number parameter `n`, run once with its default, and two charts of it. */
async function setUp(page: Page, handle: string) {
  const headers = { 'x-strata-context': handle };
  const created = await page.request.post('/api/v1/query', {
    headers,
    data: {
      name: `Multiples ${handle}`,
      query_sql: SQL,
      parameters: [{ key: 'n', type: 'number', value: '2' }],
    },
  });
  expect(created.ok()).toBe(true);
  const { query_id } = (await created.json()) as { query_id: number };
  await runToCompletion(page, query_id, headers);
  const viz = async (name: string, options: Record<string, unknown>) => {
    const res = await page.request.post(`/api/v1/query/${query_id}/visualizations`, {
      headers,
      data: { name, type: 'chart', options },
    });
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { id: number }).id;
  };
  const line = await viz('Line of y', {
    globalSeriesType: 'line',
    columnMapping: { x: 'x', y: 'y' },
  });
  const column = await viz('Columns of z', {
    globalSeriesType: 'column',
    columnMapping: { x: 'x', z: 'y' },
  });
  return { headers, queryId: query_id, line, column };
}

const getDashboard = async (page: Page, id: number, headers: Record<string, string>) => {
  const res = await page.request.get(`/api/v1/dashboards/${id}`, { headers });
  expect(res.ok()).toBe(true);
  return (await res.json()) as Dashboard;
};

/** Every widget's grid position as drawn: measured from the boxes' pixels, not read back. */
async function shownPositions(page: Page): Promise<Record<string, Position>> {
  return page.getByTestId('dashboard-grid').evaluate((grid) => {
    const g = grid.getBoundingClientRect();
    const gap = parseFloat(getComputedStyle(grid).columnGap);
    const col = (g.width - 11 * gap) / 12;
    const row = parseFloat(getComputedStyle(grid).gridAutoRows);
    const out: Record<string, Position> = {};
    for (const el of grid.querySelectorAll<HTMLElement>('[data-widget]')) {
      const b = el.getBoundingClientRect();
      out[el.dataset.widget!] = {
        col: Math.round((b.left - g.left) / (col + gap)),
        row: Math.round((b.top - g.top) / (row + gap)),
        size_x: Math.round((b.width + gap) / (col + gap)),
        size_y: Math.round((b.height + gap) / (row + gap)),
      };
    }
    return out;
  });
}

const apiPositions = (d: Dashboard) =>
  Object.fromEntries([
    ...d.visualization_widgets.map((w) => [`v:${w.widget_id}`, w.position]),
    ...d.text_widgets.map((w) => [`t:${w.widget_id}`, w.position]),
    ...d.param_widgets.map((w) => [`p:${w.widget_id}`, w.position]),
  ]);

const chart = (scope: Page | Locator, name: string) =>
  scope.getByRole('region', { name: `Visualization ${name}` }).getByTestId('viz-chart');

test.describe('dashboards', () => {
  test.describe.configure({ timeout: 120_000 });

  test('build, drag, resize, save, reload, drive with a parameter, share and make private', async ({
    page,
    browser,
  }) => {
    const handle = await signUp(page, { prefix: 'dash' });
    const { headers, queryId } = await setUp(page, handle);

    // Create from the list.
    await page.goto('/dashboards');
    await page.getByRole('button', { name: 'New dashboard' }).click();
    await page.getByLabel('Name').fill('Token flows');
    await page.getByRole('dialog').getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboards\/\d+$/);
    const id = Number(/\/dashboards\/(\d+)/.exec(page.url())![1]);
    await expect(page.getByRole('heading', { name: 'Token flows' })).toBeVisible();

    // A new dashboard opens in edit mode. Two charts, a text and a parameter, all through the UI.
    await expect(page.getByRole('toolbar', { name: 'Editing' })).toBeVisible();
    for (const name of ['Line of y', 'Columns of z']) {
      await page.getByRole('button', { name: 'Add visualization', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add visualizations' });
      await dialog.getByLabel('Query').fill(handle);
      await dialog.getByRole('option', { name: `Multiples ${handle}` }).click();
      await dialog.getByRole('checkbox', { name }).check();
      await dialog.getByRole('button', { name: 'Add visualization', exact: true }).click();
      await expect(dialog).toBeHidden();
    }
    await page.getByRole('button', { name: 'Add text' }).click();
    const textDialog = page.getByRole('dialog', { name: 'Add text' });
    await textDialog.getByLabel('Markdown').fill('## Notes\n\nMultiples of **x**.');
    await expect(textDialog.getByRole('heading', { name: 'Notes' })).toBeVisible();
    await textDialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Add parameter' }).click();
    const paramDialog = page.getByRole('dialog', { name: 'Add a parameter' });
    await paramDialog.getByLabel('Visualization widget it drives').click();
    await page.getByRole('option', { name: 'Line of y' }).click();
    await paramDialog.getByLabel('Parameter', { exact: true }).click();
    await page.getByRole('option', { name: 'n (number)' }).click();
    await paramDialog.getByRole('button', { name: 'Add parameter' }).click();
    await expect(paramDialog).toBeHidden();

    // Drag the text widget by its handle to the top left; resize the parameter widget.
    const grid = page.getByTestId('edit-grid');
    const textItem = grid.getByRole('group', { name: /^Text\./ });
    const paramItem = grid.getByRole('group', { name: /^Parameter n\./ });
    await expect(textItem).toHaveAttribute('data-position', '0,8,6,3');
    const lineBox = (await grid.getByRole('group', { name: /^Line of y\./ }).boundingBox())!;
    const grip = textItem.getByRole('img', { name: 'Move Text' });
    const handleBox = (await grip.boundingBox())!;
    await dragBy(page, grip, lineBox.x + 12 - handleBox.x, lineBox.y + 4 - handleBox.y);
    await expect(textItem).toHaveAttribute('data-position', '0,0,6,3');
    await expect(grid.getByRole('group', { name: /^Line of y\./ })).toHaveAttribute(
      'data-position',
      '0,3,6,8',
    );
    // Keyboard: arrows move the focused widget, shift+arrows resize it.
    await textItem.focus();
    await page.keyboard.press('Shift+ArrowDown');
    await expect(textItem).toHaveAttribute('data-position', '0,0,6,4');
    const paramBefore = (await paramItem.getAttribute('data-position'))!.split(',').map(Number);
    await paramItem.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await paramItem.hover();
    const corner = paramItem.locator('xpath=..').locator('.react-resizable-handle-se');
    await dragBy(page, corner, 110, 70);
    await expect
      .poll(async () => (await paramItem.getAttribute('data-position'))!.split(',').map(Number))
      .not.toEqual(paramBefore);
    const paramAfter = (await paramItem.getAttribute('data-position'))!.split(',').map(Number);
    // Wider and taller by about the distance dragged (a column is ~80 px, a row 52 px).
    expect(paramAfter[2]! - paramBefore[2]!).toBeGreaterThanOrEqual(1);
    expect(paramAfter[2]! - paramBefore[2]!).toBeLessThanOrEqual(2);
    expect(paramAfter[3]! - paramBefore[3]!).toBeGreaterThanOrEqual(1);
    expect(paramAfter[3]! - paramBefore[3]!).toBeLessThanOrEqual(2);
    // Undo and redo the resize.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(paramItem).toHaveAttribute('data-position', paramBefore.join(','));
    await page.keyboard.press('Control+Shift+Z');
    await expect(paramItem).toHaveAttribute('data-position', paramAfter.join(','));
    await page.screenshot({ path: `${SCREENSHOTS}/dashboard-edit.png`, fullPage: true });

    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/dashboards/${id}`) && r.request().method() === 'PATCH',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await saved;
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

    // What is saved is what reloads, exactly.
    await page.reload();
    await expect(chart(page, 'Line of y')).toHaveAttribute('data-painted', 'true');
    const fromApi = await getDashboard(page, id, headers);
    expect(fromApi.visualization_widgets).toHaveLength(2);
    expect(fromApi.text_widgets).toHaveLength(1);
    expect(fromApi.param_widgets).toHaveLength(1);
    expect(await shownPositions(page)).toEqual(apiPositions(fromApi));
    await expect(page.getByRole('heading', { name: 'Notes' })).toBeVisible();

    // A new value for n: the URL keeps it and both charts of the query are drawn for it.
    const lineChart = chart(page, 'Line of y');
    const columnChart = chart(page, 'Columns of z');
    await expect(columnChart).toHaveAttribute('data-painted', 'true');
    const lineBefore = await lineChart.screenshot();
    const columnBefore = await columnChart.screenshot();
    const n = page.getByRole('textbox', { name: 'n', exact: true });
    await expect(n).toHaveValue('2');
    await n.fill('5');
    await n.press('Enter');
    await expect(page).toHaveURL(new RegExp(`p\\.${queryId}\\.n=`));
    await expect(lineChart).toHaveAttribute('data-painted', 'true', { timeout: 30_000 });
    await expect(columnChart).toHaveAttribute('data-painted', 'true', { timeout: 30_000 });
    await expect.poll(async () => (await lineChart.screenshot()).equals(lineBefore)).toBe(false);
    await expect
      .poll(async () => (await columnChart.screenshot()).equals(columnBefore))
      .toBe(false);

    // The slug link works in a fresh browser with no session.
    const link = `/${handle}/${fromApi.slug}`;
    const anon = await browser.newContext();
    const visitor = await anon.newPage();
    const withDefault = visitor.waitForResponse(
      (r) => /\/visualizations\/\d+\/results\?.*params\.n=2/.test(r.url()) && r.ok(),
    );
    await visitor.goto(link);
    await withDefault;
    await expect(visitor.getByRole('heading', { name: 'Token flows' })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: 'Notes' })).toBeVisible();
    await expect(chart(visitor, 'Line of y')).toHaveAttribute('data-painted', 'true');
    await expect(chart(visitor, 'Columns of z')).toHaveAttribute('data-painted', 'true');
    // No values in the link: the charts show the parameter's default, as its input does.
    await expect(visitor.getByRole('textbox', { name: 'n', exact: true })).toHaveValue('2');
    expect(await shownPositions(visitor)).toEqual(apiPositions(fromApi));
    await visitor.screenshot({ path: `${SCREENSHOTS}/dashboard-public.png`, fullPage: true });

    // Share: the link, then private; the public page then says not found.
    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share this dashboard' });
    await expect(share.getByRole('textbox', { name: 'Link' })).toHaveValue(new RegExp(`${link}$`));
    const patched = page.waitForResponse((r) => r.request().method() === 'PATCH');
    await share.getByRole('switch', { name: 'Private' }).check();
    expect((await patched).ok()).toBe(true);
    await expect(share.getByRole('switch', { name: 'Private' })).toBeChecked();
    await visitor.reload();
    await expect(visitor.getByText('This dashboard does not exist or is private.')).toBeVisible();
    await expect(visitor.getByRole('heading', { name: 'Token flows' })).toHaveCount(0);
    await anon.close();
  });

  test('static paths win over /owner/slug; a single segment is not a dashboard', async ({
    page,
  }) => {
    await page.goto('/settings/teams');
    await expect(page).toHaveURL(/\/sign-in\?redirect=/);
    await page.goto('/queries/new');
    await expect(page).toHaveURL(/\/sign-in\?redirect=/);
    await page.goto('/nobody-here');
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
    await page.goto('/nobody-here/no-dashboard');
    await expect(page.getByText('This dashboard does not exist or is private.')).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const)
    test(`screenshot: a dashboard in view mode, ${scheme}`, async ({ page }) => {
      const handle = await signUp(page, { prefix: 'dash', colorScheme: scheme });
      const { headers, queryId, line, column } = await setUp(page, handle);
      const res = await page.request.post('/api/v1/dashboards', {
        headers,
        data: {
          name: 'Multiples overview',
          visualization_ids: [line, column],
          text_widgets: [{ text: '## About\n\nEach chart shows multiples of **x** by `n`.' }],
          tags: ['demo'],
        },
      });
      expect(res.ok()).toBe(true);
      const d = (await res.json()) as Dashboard;
      const viz = d.visualization_widgets[0]!;
      const patch = await page.request.patch(`/api/v1/dashboards/${d.dashboard_id}`, {
        headers,
        data: {
          param_widgets: [{ key: 'n', query_id: queryId, visualization_widget_id: viz.widget_id }],
        },
      });
      expect(patch.ok()).toBe(true);
      await page.goto(`/dashboards/${d.dashboard_id}`);
      await expect(chart(page, 'Line of y')).toHaveAttribute('data-painted', 'true');
      await expect(chart(page, 'Columns of z')).toHaveAttribute('data-painted', 'true');
      await expect(page.getByRole('textbox', { name: 'n', exact: true })).toHaveValue('2');
      await page.screenshot({ path: `${SCREENSHOTS}/dashboard-${scheme}.png`, fullPage: true });
    });
});
