import { expect, test } from '@playwright/test';
import { addTextWidget, createDashboard, queryWithVisualizations } from './support/dashboards';
import { createQuery, openQuery, setEditorText } from './support/editor';
import { SCREENSHOTS, signUp } from './support/session';

/**
 * Two editors of one object: someone else saves while this page edits (here: the API, as
 * another tab or teammate would). The page's save is refused and it says so, instead of
 * silently overwriting the other change.
 */
test.describe('stale writes', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a dashboard saved elsewhere during an edit is not overwritten unasked', async ({
    page,
  }) => {
    await signUp(page, { prefix: 'stale' });
    const id = await createDashboard(page, 'Shared board');
    await expect(page.getByRole('toolbar', { name: 'Editing' })).toBeVisible();
    await addTextWidget(page, 'Mine');

    // Meanwhile a teammate renames it.
    const other = await page.request.patch(`/api/v1/dashboards/${id}`, {
      data: { name: 'Renamed elsewhere' },
    });
    expect(other.ok()).toBe(true);

    await page.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not save' });
    await expect(alert).toContainText('Someone saved this dashboard since you started editing');
    await page.screenshot({ path: `${SCREENSHOTS}/stale-dashboard.png` });
    let stored = await (await page.request.get(`/api/v1/dashboards/${id}`)).json();
    expect(stored.name).toBe('Renamed elsewhere');
    expect(stored.text_widgets).toEqual([]);

    // Saving again is the user's explicit choice: their widgets replace the stored ones.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
    stored = await (await page.request.get(`/api/v1/dashboards/${id}`)).json();
    expect(stored.text_widgets.map((w: { text: string }) => w.text)).toEqual(['Mine']);
    expect(stored.name).toBe('Renamed elsewhere');
  });

  test('a visualization saved elsewhere asks for a reload instead of overwriting', async ({
    page,
  }) => {
    const handle = await signUp(page, { prefix: 'stalev' });
    const { queryId } = await queryWithVisualizations(page, `Pairs ${handle}`);
    const list = await (await page.request.get(`/api/v1/query/${queryId}/visualizations`)).json();
    const viz = (list.results as { id: number; name: string }[]).find(
      (v) => v.name === 'Volume by pair',
    )!;
    await page.goto(`/queries/${queryId}?viz=${viz.id}`);
    const editor = page.getByTestId('visualization-editor');
    await editor.getByLabel('Visualization name').fill('My name');

    const other = await page.request.patch(`/api/v1/visualizations/${viz.id}`, {
      data: { name: 'Their name' },
    });
    expect(other.ok()).toBe(true);

    await editor.getByRole('button', { name: 'Save visualization' }).click();
    const alert = editor.getByRole('alert');
    await expect(alert).toContainText('Someone saved this visualization since you opened it');
    expect((await (await page.request.get(`/api/v1/visualizations/${viz.id}`)).json()).name).toBe(
      'Their name',
    );
    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect(editor.getByLabel('Visualization name')).toHaveValue('Their name');
  });

  test('a query saved elsewhere during an edit is not overwritten unasked', async ({ page }) => {
    await signUp(page, { prefix: 'staleq' });
    const id = await createQuery(page, { query_sql: 'SELECT 1 AS mine' });
    await openQuery(page, id);
    await setEditorText(page, 'SELECT 2 AS mine');

    // Meanwhile a teammate saves another text.
    const other = await page.request.patch(`/api/v1/query/${id}`, {
      data: { query_sql: 'SELECT 3 AS theirs' },
    });
    expect(other.ok()).toBe(true);

    await page.keyboard.press('ControlOrMeta+S');
    const alert = page.getByRole('alert').filter({ hasText: 'Not saved' });
    await expect(alert).toContainText('Someone saved this query (now version 2)');
    await page.screenshot({ path: `${SCREENSHOTS}/stale-query.png` });
    const read = async () =>
      ((await (await page.request.get(`/api/v1/query/${id}`)).json()) as { query_sql: string })
        .query_sql;
    expect(await read()).toBe('SELECT 3 AS theirs');

    // Saving again, after being told, replaces their text with this one.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(alert).toHaveCount(0);
    await expect.poll(read).toBe('SELECT 2 AS mine');
  });
});
