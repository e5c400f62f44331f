import { expect, type Page } from '@playwright/test';
import { test } from '@playwright/test';
import { duneFunction } from '../shared/sql/dunesql/functions';
import { editorBox, openQuery, setEditorText, shown, waitForEditor } from './support/editor';
import { SCREENSHOTS, signUp } from './support/session';

/**
 * The editor in DuneSQL (issue 33): completion and hover docs from the DuneSQL catalog, a run of
 * an address literal, calls Strata does not run marked before any run, and the dialect saved
 * with the query.
 */

const ADDRESS = '0xdac17f958d2ee523a2206206994597c13d831ec7';

async function createQuery(page: Page, sql: string, dialect: 'dunesql' | 'duckdb') {
  const res = await page.request.post('/api/v1/query', {
    data: { name: 'DuneSQL editor', query_sql: sql, dialect },
  });
  if (!res.ok()) throw new Error(`create failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { query_id: number }).query_id;
}

const dialectControl = (page: Page) => page.getByRole('radiogroup', { name: 'Dialect' });

/** A token of the editor's text, by its whole text (Monaco paints each token in a span). */
const token = (page: Page, text: string) =>
  editorBox(page)
    .locator('.view-line span span')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .first();

/** The requests that start a run, as the page sends them. */
function runRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && /\/sql\/execute$|\/query\/\d+\/execute$/.test(req.url()))
      sent.push(req.postData() ?? '');
  });
  return sent;
}

test.describe('SQL editor in DuneSQL', () => {
  test('completes and documents a varbinary function, and runs an address literal', async ({
    page,
  }) => {
    await signUp(page, { prefix: 'dune' });
    const id = await createQuery(page, 'SELECT 1', 'dunesql');
    await openQuery(page, id);
    await expect(dialectControl(page).getByRole('radio', { name: 'DuneSQL' })).toBeChecked();

    await setEditorText(page, `WITH t AS (SELECT ${ADDRESS} AS address)\nSELECT `);
    await page.keyboard.type('varbinary_subs');
    const fn = duneFunction('varbinary_substring')!;
    const item = page
      .locator('.suggest-widget .monaco-list-row')
      .filter({ hasText: 'varbinary_substring' })
      .first();
    await expect(item).toBeVisible();
    await item.click();
    // The call is written with the cursor between its parentheses.
    await page.keyboard.type('address, 1, 4');
    await page.keyboard.press('End');
    await page.keyboard.insertText(` AS head, address FROM t WHERE address = ${ADDRESS}`);
    const text = `SELECT varbinary_substring(address, 1, 4) AS head, address FROM t WHERE address = ${ADDRESS}`;
    await expect(editorBox(page).locator('.view-lines')).toContainText(shown(text));

    // Hover on the function: its signature and doc from the catalog.
    await token(page, 'varbinary_substring').hover();
    const hover = page.locator('.monaco-hover');
    await expect(hover.getByText(fn.signature)).toBeVisible();
    // The doc is markdown: `length` shows as code.
    await expect(hover.getByText(fn.doc.replace(/`/g, ''))).toBeVisible();
    await expect(editorBox(page).locator('.squiggly-error')).toHaveCount(0);

    const runs = runRequests(page);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const table = page.getByTestId('results-grid').getByRole('grid', { name: 'Result rows' });
    await expect(table).toBeVisible({ timeout: 30_000 });
    await expect(table.getByRole('gridcell', { name: '0xdac17f95', exact: true })).toBeVisible();
    await expect(table.getByRole('gridcell', { name: ADDRESS, exact: true })).toBeVisible();
    expect(runs).toHaveLength(1);
    expect(JSON.parse(runs[0]!)).toMatchObject({ dialect: 'dunesql' });
  });

  test('marks a function Strata does not run before any run, in DuneSQL only', async ({ page }) => {
    await signUp(page, { prefix: 'dune' });
    const id = await createQuery(page, 'SELECT 1', 'dunesql');
    await openQuery(page, id);
    const runs = runRequests(page);

    await setEditorText(page, "SELECT soundex('strata') AS s");
    const squiggle = editorBox(page).locator('.squiggly-error');
    await expect(squiggle).toHaveCount(1);
    await token(page, 'soundex').hover();
    await expect(
      page.locator('.monaco-hover').getByText(/Function 'soundex' is not supported by Strata/),
    ).toBeVisible();

    // A malformed literal is marked as the text changes.
    await setEditorText(page, 'SELECT 0xabc AS b');
    await expect(squiggle).toHaveCount(1);
    await token(page, '0?xabc').hover();
    await expect(
      page.locator('.monaco-hover').getByText(/odd number of hexadecimal/),
    ).toBeVisible();

    // DuckDB runs its SQL as written: nothing is marked.
    await setEditorText(page, "SELECT soundex('strata') AS s");
    await expect(squiggle).toHaveCount(1);
    await dialectControl(page).getByText('DuckDB').click();
    await expect(squiggle).toHaveCount(0);
    expect(runs).toEqual([]);
  });

  test('the dialect is saved with the query and read back after a reload', async ({ page }) => {
    await signUp(page, { prefix: 'dune' });
    const id = await createQuery(page, 'SELECT 1 AS one', 'dunesql');
    await openQuery(page, id);
    const control = dialectControl(page);
    await expect(page.getByTestId('unsaved-badge')).toBeHidden();

    await control.getByText('DuckDB').click();
    await expect(control.getByRole('radio', { name: 'DuckDB' })).toBeChecked();
    await expect(page.getByTestId('unsaved-badge')).toBeVisible();
    // Switching back is no edit.
    await control.getByText('DuneSQL').click();
    await expect(page.getByTestId('unsaved-badge')).toBeHidden();
    await control.getByText('DuckDB').click();

    // A run of the switched, unsaved query reads it as DuckDB.
    const runs = runRequests(page);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect.poll(() => runs.length).toBe(1);
    expect(JSON.parse(runs[0]!)).toMatchObject({ sql: 'SELECT 1 AS one', dialect: 'duckdb' });

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('unsaved-badge')).toBeHidden();
    const saved = (await (await page.request.get(`/api/v1/query/${id}`)).json()) as {
      dialect: string;
      version: number;
    };
    expect(saved).toMatchObject({ dialect: 'duckdb', version: 2 });

    await page.reload();
    await waitForEditor(page);
    await expect(control.getByRole('radio', { name: 'DuckDB' })).toBeChecked();
    await expect(page.getByTestId('unsaved-badge')).toBeHidden();
  });

  test('an unsaved switch of dialect is kept with the draft across a reload', async ({ page }) => {
    await signUp(page, { prefix: 'dune' });
    const id = await createQuery(page, 'SELECT 1 AS one', 'dunesql');
    await openQuery(page, id);
    const control = dialectControl(page);
    const badge = page.getByTestId('unsaved-badge');

    await control.getByText('DuckDB').click();
    await expect(badge).toBeVisible();
    await page.reload();
    await waitForEditor(page);
    await expect(control.getByRole('radio', { name: 'DuckDB' })).toBeChecked();
    await expect(badge).toBeVisible();
    // The editor reads the text as DuckDB again: QUALIFY is one of its keywords, not DuneSQL's.
    await setEditorText(page, 'SELECT 1 AS one QUALIFY true');
    const keywordClass = await token(page, 'SELECT').getAttribute('class');
    await expect(token(page, 'QUALIFY')).toHaveAttribute('class', keywordClass!);
    await setEditorText(page, 'SELECT 1 AS one');
    await expect(badge).toBeVisible();

    // Discard takes the saved dialect back, and a reload keeps it so.
    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    await expect(control.getByRole('radio', { name: 'DuneSQL' })).toBeChecked();
    await expect(badge).toBeHidden();
    await page.reload();
    await waitForEditor(page);
    await expect(control.getByRole('radio', { name: 'DuneSQL' })).toBeChecked();

    // A new query's draft keeps its dialect when the user leaves and comes back.
    await page.goto('/queries/new');
    await waitForEditor(page);
    await control.getByText('DuckDB').click();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('link', { name: 'Dashboards' }).click();
    await expect(page).toHaveURL(/\/dashboards/);
    await page.goto('/queries/new');
    await waitForEditor(page);
    await expect(control.getByRole('radio', { name: 'DuckDB' })).toBeChecked();
    await expect(badge).toBeVisible();
  });

  test('version history colours each side of a diff in its own dialect', async ({ page }) => {
    await signUp(page, { prefix: 'dune' });
    const v1 = `SELECT n, ${ADDRESS} AS a\nFROM UNNEST(sequence(1, 3)) AS s(n)`;
    const id = await createQuery(page, v1, 'dunesql');
    const v2 = 'SELECT n FROM range(3) t(n)\nQUALIFY n > 0';
    const patch = await page.request.patch(`/api/v1/query/${id}`, {
      data: { query_sql: v2, dialect: 'duckdb' },
    });
    expect(patch.ok()).toBe(true);
    await openQuery(page, id);
    await page.getByRole('button', { name: 'History' }).click();
    const drawer = page.getByRole('dialog', { name: 'Version history' });
    await drawer.getByRole('button', { name: /Version 1/ }).click();
    const diff = drawer.getByRole('region', { name: 'Differences' });
    const painted = (kind: string, text: string) =>
      diff.locator(`[data-sql="${kind}"]`).filter({ hasText: new RegExp(`^${text}$`) });
    // Version 1 is DuneSQL: UNNEST a keyword, the address one literal.
    const removed = diff.locator('[data-diff="removed"]');
    await expect(removed.locator('[data-sql="keyword"]', { hasText: 'UNNEST' })).toHaveCount(1);
    await expect(painted('number', ADDRESS)).toHaveCount(1);
    // The current text is DuckDB: QUALIFY a keyword.
    const added = diff.locator('[data-diff="added"]');
    await expect(added.locator('[data-sql="keyword"]', { hasText: 'QUALIFY' })).toHaveCount(1);

    await drawer.getByText('SQL of this version').click();
    const code = drawer.getByLabel('SQL of version 1');
    await expect(code).toHaveText(v1);
    await expect(code.locator('[data-sql="keyword"]', { hasText: 'UNNEST' })).toHaveCount(1);
  });

  test('a new query starts in DuneSQL', async ({ page }) => {
    await signUp(page, { prefix: 'dune' });
    await page.goto('/queries/new');
    await waitForEditor(page);
    await expect(dialectControl(page).getByRole('radio', { name: 'DuneSQL' })).toBeChecked();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshot: a DuneSQL version diff and a restored dialect, ${scheme}`, async ({
      page,
    }) => {
      await signUp(page, { prefix: 'dune', colorScheme: scheme });
      const v1 = [
        'SELECT',
        '  block_time,',
        '  varbinary_substring(hash, 1, 4) AS head -- the selector',
        'FROM ethereum.transactions',
        `WHERE "from" = ${ADDRESS}`,
        'LIMIT 10',
      ].join('\n');
      const id = await createQuery(page, v1, 'dunesql');
      const v2 = [
        'SELECT',
        "  date_trunc('day', block_time) AS day,",
        '  count(*) AS txs',
        'FROM ethereum.transactions',
        `WHERE "from" = ${ADDRESS}`,
        'GROUP BY 1',
        'ORDER BY 1 DESC',
      ].join('\n');
      await page.request.patch(`/api/v1/query/${id}`, { data: { query_sql: v2 } });
      const editor = await openQuery(page, id);
      await expect(editor).toHaveClass(scheme === 'dark' ? /vs-dark/ : /\bvs\b/);
      await page.getByRole('button', { name: 'History' }).click();
      const drawer = page.getByRole('dialog', { name: 'Version history' });
      await drawer.getByRole('button', { name: /Version 1/ }).click();
      const diff = drawer.getByRole('region', { name: 'Differences' });
      await expect(diff.locator('[data-sql="number"]', { hasText: ADDRESS })).toHaveCount(1);
      await page.screenshot({ path: `${SCREENSHOTS}/dunesql-version-diff-${scheme}.png` });
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();

      await dialectControl(page).getByText('DuckDB').click();
      await page.reload();
      await waitForEditor(page);
      await expect(dialectControl(page).getByRole('radio', { name: 'DuckDB' })).toBeChecked();
      await expect(page.getByTestId('unsaved-badge')).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/dialect-restored-${scheme}.png` });
    });
  }

  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshot: the dialect switch and a marked call, ${scheme}`, async ({ page }) => {
      await signUp(page, { prefix: 'dune', colorScheme: scheme });
      const sql = [
        'SELECT',
        '  varbinary_ltrim(0x000000000000000000000000dac17f958d2ee523a2206206994597c13d831ec7) AS token,',
        "  soundex('strata') AS sound",
      ].join('\n');
      const id = await createQuery(page, sql, 'dunesql');
      await openQuery(page, id);
      await expect(editorBox(page).locator('.squiggly-error')).toHaveCount(1);
      // The dialect switch explains itself.
      await dialectControl(page).getByText('DuneSQL').hover();
      await expect(page.getByRole('tooltip')).toContainText('Trino');
      await page.screenshot({ path: `${SCREENSHOTS}/dunesql-editor-${scheme}.png` });
      await token(page, 'soundex').hover();
      await expect(
        page.locator('.monaco-hover').getByText(/not supported by Strata/),
      ).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/dunesql-editor-marker-${scheme}.png` });
    });
  }
});
