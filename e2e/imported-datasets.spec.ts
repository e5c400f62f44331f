import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createQuery, openQuery, setEditorText } from './support/editor';
import { admin, partitionedSource } from './support/operator';
import { SCREENSHOTS, signUp } from './support/session';

/**
 * An operator imports a hive-partitioned Parquet folder with the admin CLI while the server
 * runs; an analyst finds it like any dataset, reads what it is on its page (rows, size,
 * partitions, import time, Markdown docs) and gets it in the editor's autocomplete.
 */

/** A schema of its own per run, so reruns against a reused server never clash. */
const SCHEMA = `e2e_imports_${Date.now().toString(36)}`;
const NAME = `${SCHEMA}.transfers`;
const DAYS = ['2026-11-01', '2026-11-02', '2026-11-03'];
const DESCRIPTION = [
  '**Token transfers** on the e2e chain, one row per transfer.',
  '- `amount` is in wei\n- filter on `block_date` to read fewer files',
  'See [the docs](https://example.com/transfers).',
].join('\n\n');

let source: string | undefined;
let imported = false;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // the source lives outside DATA_DIR, as an operator's exports would
  source = await partitionedSource(
    'strata-e2e-import-',
    DAYS,
    (i) =>
      `SELECT (range + ${i * 4})::BIGINT AS id, 'h' || range AS hash, (range * 1.5)::DOUBLE AS amount FROM range(4)`,
  );
  const out = await admin('import-dataset', NAME, source, '--hive', '--description', DESCRIPTION);
  expect(out).toContain(`imported ${NAME}: 12 rows`);
  imported = true;
  await admin('describe-dataset', NAME, '--column', 'amount=Value moved, in *wei*');
});

test.afterAll(async () => {
  if (imported) await admin('drop-dataset', NAME);
  if (source) fs.rmSync(source, { recursive: true, force: true });
});

/** The search results, one article per dataset. */
const hits = (page: Page) => page.getByRole('list', { name: 'Datasets' }).getByRole('article');

/** The value shown under a term of the dataset's facts (Rows, Size, ...). */
const fact = (page: Page, term: string) =>
  page
    .locator('dt', { hasText: new RegExp(`^${term}$`, 'i') })
    .locator('xpath=following-sibling::dd[1]');

for (const scheme of ['light', 'dark'] as const) {
  test(`an imported dataset is found, documented and described on its page (${scheme})`, async ({
    page,
  }) => {
    await signUp(page, { prefix: 'analyst', colorScheme: scheme });
    await page.goto('/datasets');
    await page.getByRole('textbox', { name: 'Search datasets' }).fill(SCHEMA);
    const hit = hits(page).filter({ hasText: NAME });
    await expect(hit).toHaveCount(1);
    await expect(hits(page)).toHaveCount(1);
    // the hit previews the description as text: no Markdown marks
    await expect(hit).toContainText('Token transfers on the e2e chain');
    await expect(hit).not.toContainText('**');

    await hit.getByRole('link', { name: NAME }).click();
    await expect(page).toHaveURL(new RegExp(`/datasets/${NAME.replace('.', '\\.')}$`));
    await expect(page.getByRole('heading', { name: NAME, level: 2 })).toBeVisible();

    // What the data is: rows, size, partitions and the last append (exact time on hover).
    await expect(fact(page, 'Rows')).toHaveText('12');
    await expect(fact(page, 'Size')).toHaveText(/^\d+(\.\d)? KiB$/);
    await expect(fact(page, 'Partitions')).toHaveText('3 partitions by block_date');
    const imported = fact(page, 'Imported').locator('time');
    await expect(imported).toHaveText(/just now|minutes? ago/);
    await imported.hover();
    await expect(page.getByRole('tooltip')).toContainText(/UTC/);

    // The description and the column docs are Markdown, rendered.
    const bold = page.locator('strong', { hasText: 'Token transfers' });
    await expect(bold).toBeVisible();
    await expect(page.getByText('**Token transfers**')).toHaveCount(0);
    await expect(page.locator('li code', { hasText: 'block_date' })).toBeVisible();
    const docs = page.getByRole('link', { name: 'the docs' });
    await expect(docs).toHaveAttribute('href', 'https://example.com/transfers');
    await expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
    const amount = page
      .getByRole('table', { name: 'Columns' })
      .getByRole('row', { name: /amount/ });
    await expect(amount).toContainText('Value moved, in wei');
    await expect(amount.locator('em', { hasText: 'wei' })).toBeVisible();
    const preview = page.getByRole('table', { name: 'Preview rows' });
    await expect(preview.getByRole('columnheader', { name: 'block_date' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(preview.locator('tbody tr')).toHaveCount(12);
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await page.screenshot({
      path: `${SCREENSHOTS}/imported-dataset-${scheme}.png`,
      fullPage: true,
    });
  });
}

test('the editor’s table browser and autocomplete offer the imported table and its columns', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, { prefix: 'analyst' });
  const id = await createQuery(page, { query_sql: 'SELECT 1' });
  await openQuery(page, id);
  const suggestion = (label: string) =>
    page.locator('.suggest-widget .monaco-list-row').filter({ hasText: label }).first();
  // the table browser beside the editor finds it, with its columns
  await page.getByRole('button', { name: 'Data', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Data panel' });
  await panel.getByRole('textbox', { name: 'Search tables' }).fill(SCHEMA);
  await expect(panel.getByRole('button', { name: `Insert ${NAME}` })).toBeVisible();
  await panel.getByRole('button', { name: `Columns of ${NAME}` }).click();
  await expect(panel.getByRole('list', { name: `Columns of ${NAME}` })).toContainText('amount');

  await setEditorText(page, 'SELECT * FROM');
  await page.keyboard.type(` ${SCHEMA}.tra`);
  await expect(suggestion('transfers')).toBeVisible();
  await page.keyboard.type('nsfers t WHERE t.');
  await expect(suggestion('amount')).toBeVisible();
  await expect(suggestion('block_date')).toBeVisible();
});
