import { expect, test, type Page } from '@playwright/test';
import { openQuery, setEditorText as replaceText, waitForEditor } from './support/editor';
import { SCREENSHOTS, setColorScheme, signUp } from './support/session';

/** Creates a query through the API (as the signed-in browser) and returns its id. */
async function createQuery(
  page: Page,
  querySql: string,
  dialect?: 'dunesql' | 'duckdb',
): Promise<number> {
  const res = await page.request.post('/api/v1/query', {
    data: { name: 'Editor test', query_sql: querySql, ...(dialect && { dialect }) },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { query_id: number }).query_id;
}

async function savedSql(page: Page, id: number): Promise<{ query_sql: string; version: number }> {
  const res = await page.request.get(`/api/v1/query/${id}`);
  return (await res.json()) as { query_sql: string; version: number };
}

const openEditor = openQuery;
const setEditorText = replaceText;

const suggestion = (page: Page, label: string) =>
  page.locator('.suggest-widget .monaco-list-row').filter({ hasText: label }).first();

test.describe('SQL editor', () => {
  test('Monaco loads from the bundle, with no request outside the app', async ({ page }) => {
    const outside: string[] = [];
    await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => {
      outside.push(route.request().url());
      return route.abort();
    });
    await signUp(page);
    const id = await createQuery(page, 'SELECT 1 AS one');
    const editor = await openEditor(page, id);
    await expect(editor.locator('.view-lines')).toContainText('SELECT 1 AS one');
    // The SQL grammar tokenized the text (keywords get their own class).
    await expect(editor.locator('.view-lines span[class*="mtk"]').first()).toBeVisible();
    expect(outside).toEqual([]);
  });

  test('autocomplete offers tables after FROM, a schema’s tables and an alias’s columns; hover shows a type', async ({
    page,
  }) => {
    await signUp(page);
    const dataset = await page.request.get('/api/v1/datasets/dex.trades');
    expect(dataset.ok()).toBe(true);
    const { columns } = (await dataset.json()) as { columns: { name: string; type: string }[] };
    const column = columns[0]!;
    const id = await createQuery(page, 'SELECT 1');
    await openEditor(page, id);

    await setEditorText(page, 'SELECT * FROM');
    await page.keyboard.type(' ');
    await expect(page.locator('.suggest-widget')).toBeVisible();
    await page.keyboard.type('dex.trad');
    await expect(suggestion(page, 'trades')).toBeVisible();
    await page.keyboard.type('es t WHERE t.');
    await expect(suggestion(page, column.name)).toBeVisible();
    await page.keyboard.type(column.name.slice(0, 3));
    await suggestion(page, column.name).click();
    const editor = page.getByTestId('sql-editor');
    await expect(editor.locator('.view-lines')).toContainText(
      `SELECT * FROM dex.trades t WHERE t.${column.name}`.replace(/ /g, '\u00a0'),
    );

    // Show hover at the cursor (just after the column name): the column's type.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ControlOrMeta+K');
    await page.keyboard.press('ControlOrMeta+I');
    await expect(page.locator('.monaco-hover').getByText(column.type)).toBeVisible();
  });

  test('Shift+Alt+F formats the SQL and Ctrl+S saves it', async ({ page }) => {
    await signUp(page);
    const id = await createQuery(page, 'SELECT 1');
    await openEditor(page, id);
    await setEditorText(page, "select a, count(*) as n from t where a > 'x' group by a");
    await page.keyboard.press('Shift+Alt+F');
    const lines = page.getByTestId('sql-editor').locator('.view-line');
    await expect(lines).toHaveCount(9);
    await page.keyboard.press('ControlOrMeta+S');
    await expect(page.getByTestId('unsaved-badge')).toBeHidden();
    const saved = await savedSql(page, id);
    expect(saved.query_sql).toBe(
      "select\n  a,\n  count(*) as n\nfrom\n  t\nwhere\n  a > 'x'\ngroup by\n  a",
    );
    expect(saved.version).toBe(2);
  });

  test('Ctrl+S saves from anywhere on the page, also from the name field', async ({ page }) => {
    await signUp(page);
    const id = await createQuery(page, 'SELECT 1');
    await openEditor(page, id);
    await setEditorText(page, 'SELECT 2');
    const name = page.getByRole('textbox', { name: 'Query name' });
    await name.fill('Renamed by shortcut');
    await expect(page.getByTestId('unsaved-badge')).toBeVisible();
    await name.press('ControlOrMeta+S');
    await expect(page.getByTestId('unsaved-badge')).toBeHidden();
    const saved = (await (await page.request.get(`/api/v1/query/${id}`)).json()) as {
      name: string;
      query_sql: string;
      version: number;
    };
    expect(saved).toMatchObject({ name: 'Renamed by shortcut', query_sql: 'SELECT 2', version: 2 });
  });

  test('? opens the shortcut sheet, except while typing in the editor', async ({ page }) => {
    await signUp(page);
    const id = await createQuery(page, 'SELECT 1');
    await openEditor(page, id);
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Shift+?');
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText('Format the SQL')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    await setEditorText(page, 'SELECT 1 -- why');
    await page.keyboard.type('?');
    await expect(page.getByTestId('sql-editor').locator('.view-lines')).toContainText('why?');
    await expect(sheet).toBeHidden();
  });

  test('unsaved edits survive a reload, are marked, and leaving asks first', async ({ page }) => {
    await signUp(page);
    const id = await createQuery(page, 'SELECT 1');
    await openEditor(page, id);
    await expect(page.getByTestId('unsaved-badge')).toBeHidden();
    await setEditorText(page, 'SELECT 42 AS answer');
    await expect(page.getByTestId('unsaved-badge')).toBeVisible();

    await page.reload();
    await waitForEditor(page);
    const lines = page.getByTestId('sql-editor').locator('.view-lines');
    await expect(lines).toContainText('SELECT\u00a042\u00a0AS\u00a0answer');
    await expect(page.getByTestId('unsaved-badge')).toBeVisible();

    // Leaving asks; dismissing stays on the page with the edits.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain('unsaved edits');
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Dashboards' }).click();
    await expect(page).toHaveURL(new RegExp(`/queries/${id}`));
    await expect(lines).toContainText('answer');

    // Going back to the saved text is not an edit any more.
    await setEditorText(page, 'SELECT 1');
    await expect(page.getByTestId('unsaved-badge')).toBeHidden();
    await page.getByRole('link', { name: 'Dashboards' }).click();
    await expect(page).toHaveURL(/\/dashboards$/);
  });

  test('the Run button says what Ctrl+Enter runs', async ({ page }) => {
    await signUp(page);
    const id = await createQuery(page, 'SELECT 1');
    await openEditor(page, id);
    await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeVisible();
    await setEditorText(page, 'SELECT 1 AS a;\nSELECT 2 AS b');
    await expect(page.getByRole('button', { name: 'Run statement' })).toBeVisible();
    await page.keyboard.press('Shift+Home');
    await expect(page.getByRole('button', { name: 'Run selection' })).toBeVisible();
  });

  test('a failed run marks the error in the editor', async ({ page }) => {
    await signUp(page);
    // DuckDB's words for the error (DuneSQL words it as Trino does).
    const id = await createQuery(page, 'SELECT 1', 'duckdb');
    const editor = await openEditor(page, id);
    await setEditorText(page, 'SELECT 1 AS a,\nFROM dex.trades\nWHER x');
    await page.keyboard.press('ControlOrMeta+Enter');
    const squiggle = editor.locator('.squiggly-error');
    await expect(squiggle).toBeVisible({ timeout: 20_000 });
    // The marker sits on the reported line, and hovering it shows the service's message.
    await expect(squiggle).toHaveCount(1);
    const box = (await squiggle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.locator('.monaco-hover').filter({ hasText: /syntax error/i })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/editor-error-marker.png` });
    // Editing and running a good query clears it.
    await setEditorText(page, 'SELECT 1 AS a');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(squiggle).toHaveCount(0, { timeout: 20_000 });
  });

  test('version history lists versions, diffs one against the text and restores it', async ({
    page,
  }) => {
    await signUp(page);
    const id = await createQuery(page, 'SELECT 1 AS first');
    const patch = await page.request.patch(`/api/v1/query/${id}`, {
      data: { query_sql: 'SELECT 2 AS second' },
    });
    expect(patch.ok()).toBe(true);
    await openEditor(page, id);
    await page.getByRole('button', { name: 'History' }).click();
    const drawer = page.getByRole('dialog', { name: 'Version history' });
    const versions = drawer.getByRole('navigation', { name: 'Versions' });
    await expect(versions.getByRole('button')).toHaveCount(2);
    await expect(drawer.getByText('The current text is the same as this version')).toBeVisible();

    await versions.getByRole('button', { name: /Version 1/ }).click();
    const diff = drawer.getByRole('region', { name: 'Differences' });
    await expect(diff.locator('[data-diff="removed"]')).toHaveText(/SELECT 1 AS first/);
    await expect(diff.locator('[data-diff="added"]')).toHaveText(/SELECT 2 AS second/);
    await drawer.getByRole('button', { name: 'Restore this version' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId('sql-editor').locator('.view-lines')).toContainText(
      'SELECT\u00a01\u00a0AS\u00a0first',
    );
    await expect(page.getByTestId('unsaved-badge')).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshots: editor and version history, ${scheme}`, async ({ page }) => {
      await setColorScheme(page, scheme);
      await signUp(page, { colorScheme: scheme });
      const id = await createQuery(page, 'SELECT 1');
      await page.request.patch(`/api/v1/query/${id}`, {
        data: {
          query_sql: 'SELECT\n  block_time,\n  amount_usd\nFROM\n  dex.trades\nLIMIT\n  10',
        },
      });
      const editor = await openEditor(page, id);
      await expect(editor).toHaveClass(scheme === 'dark' ? /vs-dark/ : /\bvs\b/);
      await setEditorText(page, 'SELECT *\nFROM dex.trades t\nWHERE t');
      await page.keyboard.type('.');
      await expect(page.locator('.suggest-widget')).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/editor-${scheme}.png` });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'History' }).click();
      const drawer = page.getByRole('dialog', { name: 'Version history' });
      await drawer.getByRole('button', { name: /Version 1/ }).click();
      await expect(drawer.getByRole('region', { name: 'Differences' })).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/version-history-${scheme}.png` });
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('Shift+?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/shortcut-sheet-${scheme}.png` });
    });
  }
});
