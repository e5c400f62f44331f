import { expect, test, type Page } from '@playwright/test';
import {
  createQuery,
  editorBox,
  openQuery,
  setEditorText,
  shown,
  waitForEditor,
} from './support/editor';
import { SCREENSHOTS, signUp } from './support/session';
import { runToCompletion } from './support/api';

const runButton = (page: Page) => page.getByRole('button', { name: 'Run', exact: true });
const runState = (page: Page) => page.getByTestId('execution-panel').getByRole('status');
const grid = (page: Page) => page.getByTestId('results-grid');

async function latestExecution(page: Page, id: string | number) {
  const res = await page.request.get(`/api/v1/query/${id}/results?limit=1`);
  return res.ok() ? ((await res.json()) as { execution_id: string }).execution_id : null;
}

test.describe('the query page', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a new query is run, saved with Ctrl+S, and opens with that result after a reload', async ({
    page,
  }) => {
    await signUp(page);
    await page.goto('/queries/new');
    await waitForEditor(page);
    // The starting text is selected and the editor focused: typing replaces it.
    await page.keyboard.type('SELECT 6 * 7 AS answer');
    await expect(editorBox(page).locator('.view-lines')).toHaveText(
      shown('SELECT 6 * 7 AS answer'),
    );
    // Running works before anything is saved.
    await runButton(page).click();
    await expect(runState(page)).toHaveText('Completed', { timeout: 30_000 });
    await expect(grid(page)).toContainText('42');
    await page.keyboard.press('ControlOrMeta+S');
    await expect(page).toHaveURL(/\/queries\/\d+/);
    const id = /\/queries\/(\d+)/.exec(page.url())![1]!;

    await page.reload();
    await expect(grid(page)).toContainText('answer', { timeout: 30_000 });
    await expect(grid(page)).toContainText('42');
    await expect(runState(page)).toHaveText('Completed');
    expect(await latestExecution(page, id)).not.toBeNull();
  });

  test('an edited query keeps the run of its whole text when saved, not a run of a statement', async ({
    page,
  }) => {
    await signUp(page);
    const id = await createQuery(page, { query_sql: 'SELECT 1 AS one' });
    await openQuery(page, id);
    await setEditorText(page, 'SELECT 2 AS two;\nSELECT 3 AS three');
    // Only the statement at the cursor runs: that is not the saved query's result.
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(runState(page)).toHaveText('Completed', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('unsaved-badge')).toBeHidden();
    expect(await latestExecution(page, id)).toBeNull();
    await page.reload();
    await expect(page.getByTestId('execution-panel')).toContainText('No result yet');

    await setEditorText(page, 'SELECT 4 AS four');
    await runButton(page).click();
    await expect(runState(page)).toHaveText('Completed', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('unsaved-badge')).toBeHidden();
    await page.reload();
    await expect(grid(page)).toContainText('four', { timeout: 30_000 });
  });

  test('a public query shows its latest result to someone who is not its owner', async ({
    page,
    browser,
  }) => {
    await signUp(page, { prefix: 'owner' });
    const id = await createQuery(page, {
      name: 'Shared numbers',
      query_sql: "SELECT 'visible to all' AS shared_value",
    });
    await runToCompletion(page, id);

    const viewer = await (await browser.newContext()).newPage();
    await signUp(viewer, { prefix: 'viewer' });
    await viewer.goto('/queries?scope=public');
    await viewer.getByRole('textbox', { name: 'Search queries' }).fill('Shared numbers');
    // The search reaches the URL after a pause; a click before it would be undone by it.
    await expect(viewer).toHaveURL(/[?&]q=Shared/);
    await viewer.getByRole('link', { name: 'Shared numbers' }).click();
    await expect(viewer).toHaveURL(new RegExp(`/queries/${id}`));
    await expect(grid(viewer)).toContainText('visible to all', { timeout: 30_000 });
    await expect(runState(viewer)).toHaveText('Completed');
    await expect(viewer.getByText('Could not read the execution')).toHaveCount(0);
    await viewer.close();
  });

  test('removing a {{param}} from the SQL drops it on save, with a notice', async ({ page }) => {
    await signUp(page);
    const id = await createQuery(page, {
      query_sql: "SELECT '{{chain}}' AS c, {{days}} AS d",
      parameters: [
        { key: 'chain', type: 'text', value: 'ethereum' },
        { key: 'days', type: 'number', value: '7' },
      ],
    });
    await openQuery(page, id);
    await expect(page.getByRole('textbox', { name: 'chain' })).toBeVisible();
    await setEditorText(page, 'SELECT {{days}} AS d');
    // Running the edited text works with the stale definition still there.
    await runButton(page).click();
    await expect(runState(page)).toHaveText('Completed', { timeout: 30_000 });
    await page.keyboard.press('ControlOrMeta+S');
    await expect(
      page.getByText('Removed parameter chain, no longer used in the SQL'),
    ).toBeVisible();
    await expect(page.getByTestId('unsaved-badge')).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'chain' })).toHaveCount(0);
    const saved = (await (await page.request.get(`/api/v1/query/${id}`)).json()) as {
      parameters: { key: string }[];
    };
    expect(saved.parameters.map((p) => p.key)).toEqual(['days']);
  });

  test('Add parameter offers the types, the suggested one first; values are readable URL params', async ({
    page,
  }) => {
    await signUp(page);
    const id = await createQuery(page, { query_sql: 'SELECT 1' });
    await openQuery(page, id);
    await setEditorText(page, 'SELECT range AS v FROM range({{rows}}) LIMIT {{n}}');
    await page.getByRole('button', { name: 'Add parameter n' }).click();
    const items = page.getByRole('menuitem');
    await expect(items.first()).toHaveText('Number (suggested)');
    await page.getByRole('menuitem', { name: 'Number (suggested)' }).click();
    await page.getByRole('button', { name: 'Add parameter rows' }).click();
    await page.getByRole('menuitem', { name: /^Number/ }).click();
    const n = page.getByRole('textbox', { name: 'n', exact: true });
    await expect(n).toHaveValue('10');
    await n.fill('3');
    await expect(page).toHaveURL(/[?&]n=3(&|$)/);
    await page.keyboard.press('ControlOrMeta+S');
    await expect(page.getByTestId('unsaved-badge')).toBeHidden();
    const saved = (await (await page.request.get(`/api/v1/query/${id}`)).json()) as {
      parameters: { key: string; type: string }[];
    };
    expect(saved.parameters.map((p) => [p.key, p.type])).toEqual([
      ['n', 'number'],
      ['rows', 'number'],
    ]);

    // A readable link, and an old ?p= link, both set the value.
    await page.goto(`/queries/${id}?rows=5&n=4`);
    await expect(page.getByRole('textbox', { name: 'n', exact: true })).toHaveValue('4');
    await expect(page.getByRole('textbox', { name: 'rows', exact: true })).toHaveValue('5');
    await page.goto(`/queries/${id}?p=${encodeURIComponent('{"n":"2"}')}`);
    await expect(page.getByRole('textbox', { name: 'n', exact: true })).toHaveValue('2');
  });

  test('Ctrl+Enter runs from anywhere on the page, also from a parameter field', async ({
    page,
  }) => {
    await signUp(page);
    const id = await createQuery(page, {
      query_sql: 'SELECT {{n}} * 2 AS doubled',
      parameters: [{ key: 'n', type: 'number', value: '21' }],
    });
    await openQuery(page, id);
    await page.getByRole('textbox', { name: 'n', exact: true }).click();
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(runState(page)).toHaveText('Completed', { timeout: 30_000 });
    await expect(grid(page)).toContainText('42');
    await page.getByRole('textbox', { name: 'n', exact: true }).fill('50');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(grid(page)).toContainText('100', { timeout: 30_000 });
  });

  test('Enter at the end of a line ends the line while suggestions show; after choosing, it accepts', async ({
    page,
  }) => {
    await signUp(page);
    const id = await createQuery(page, { query_sql: 'SELECT 1' });
    await openQuery(page, id);
    const lines = editorBox(page).locator('.view-line');
    await setEditorText(page, 'SELECT * FROM dex.trades t WHERE t');
    await page.keyboard.type('.');
    const suggest = page.locator('.suggest-widget');
    await expect(suggest).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(suggest).toBeHidden();
    await expect(lines).toHaveCount(2);
    await expect(lines.first()).toHaveText(shown('SELECT * FROM dex.trades t WHERE t.'));

    await page.keyboard.type('t.');
    await expect(suggest).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(1)).toHaveText(/^t\.\w+$/);

    // Tab accepts too.
    await page.keyboard.press('Enter');
    await page.keyboard.type('t.');
    await expect(suggest).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(lines.nth(2)).toHaveText(/^t\.\w+$/);
  });

  test('the CSV download is named after the query and the day', async ({ page }) => {
    await signUp(page);
    const id = await createQuery(page, {
      name: 'Daily DEX volume (v2)',
      query_sql: 'SELECT 1 AS x',
    });
    await openQuery(page, id);
    await runButton(page).click();
    await expect(runState(page)).toHaveText('Completed', { timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      `daily-dex-volume-v2-${new Date().toISOString().slice(0, 10)}.csv`,
    );
  });

  test('the editor/results splitter drags and moves with the keyboard; its height is remembered', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUp(page);
    const id = await createQuery(page, { query_sql: 'SELECT 1' });
    await openQuery(page, id);
    const splitter = page.getByRole('separator', { name: 'Resize the editor' });
    const start = Number(await splitter.getAttribute('aria-valuenow'));
    const before = (await editorBox(page).boundingBox())!.height;
    const s = (await splitter.boundingBox())!;
    await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2);
    await page.mouse.down();
    await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2 + 150, { steps: 5 });
    await page.mouse.up();
    await expect(splitter).toHaveAttribute('aria-valuenow', String(start + 150));
    expect((await editorBox(page).boundingBox())!.height).toBeCloseTo(before + 150, 0);

    await page.reload();
    await waitForEditor(page);
    await expect(splitter).toHaveAttribute('aria-valuenow', String(start + 150));
    await splitter.focus();
    await page.keyboard.press('ArrowUp');
    await expect(splitter).toHaveAttribute('aria-valuenow', String(start + 150 - 24));
    await page.keyboard.press('Home');
    await expect(splitter).toHaveAttribute('aria-valuenow', '120');
  });

  test('the SQL shows highlighted and read-only at once, before the editor has loaded', async ({
    page,
  }) => {
    await signUp(page);
    const id = await createQuery(page, {
      query_sql: "SELECT block_time, 'x' AS label -- note\nFROM dex.trades\nLIMIT 10",
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/monaco-sql-editor-[^/]*\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(`/queries/${id}`);
    const preview = editorBox(page).getByTestId('sql-preview');
    await expect(preview).toContainText("SELECT block_time, 'x' AS label -- note");
    await expect(preview).toContainText('LIMIT 10');
    await expect(preview.getByText('SELECT', { exact: true })).toHaveCSS('color', 'rgb(0, 0, 255)');
    await expect(editorBox(page).locator('.monaco-editor')).toHaveCount(0);
    release();
    await waitForEditor(page);
    await expect(editorBox(page).locator('.view-lines')).toContainText(shown('FROM dex.trades'));
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshots: query page with a result, a new query, the add-parameter menu (${scheme})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signUp(page, { colorScheme: scheme });
      const id = await createQuery(page, {
        name: 'Top DEX pairs',
        query_sql:
          "SELECT token_pair, sum(amount_usd) AS volume\nFROM dex.trades\nWHERE blockchain = '{{chain}}'\nGROUP BY 1\nORDER BY 2 DESC\nLIMIT {{n}}",
        parameters: [
          { key: 'chain', type: 'text', value: 'ethereum' },
          { key: 'n', type: 'number', value: '20' },
        ],
      });
      // While Monaco loads: the read-only, highlighted SQL.
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/monaco-sql-editor-[^/]*\.js$/, async (route) => {
        await gate;
        await route.continue();
      });
      await page.goto(`/queries/${id}`);
      await expect(editorBox(page).getByTestId('sql-preview')).toContainText('LIMIT {{n}}');
      await page.screenshot({ path: `${SCREENSHOTS}/query-page-preview-${scheme}.png` });
      release();
      await waitForEditor(page);
      await runButton(page).click();
      await expect(runState(page)).toHaveText('Completed', { timeout: 30_000 });
      await expect(grid(page)).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/query-page-${scheme}.png` });

      await setEditorText(page, 'SELECT * FROM dex.trades\nWHERE block_time > {{since}}');
      await page.getByRole('button', { name: 'Add parameter since' }).click();
      await expect(page.getByRole('menuitem', { name: 'Date and time (suggested)' })).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/query-page-add-parameter-${scheme}.png` });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Discard' }).click();

      await page.goto('/queries/new');
      await waitForEditor(page);
      await page.screenshot({ path: `${SCREENSHOTS}/query-page-new-${scheme}.png` });
    });
  }
});
