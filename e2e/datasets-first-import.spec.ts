import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { editorBox, shown, waitForEditor } from './support/editor';
import { admin, partitionedSource } from './support/operator';
import { SCREENSHOTS, signUp } from './support/session';

/**
 * An operator imports a partitioned folder once, nothing appended yet. The analyst reads on its
 * page when it was imported (no "Last append"), who it is from (the operator, not "dune"), the
 * same size the CLI printed, and "New query from this table" starts with a filter on the
 * partition column.
 */

const SCHEMA = `e2e_first_${Date.now().toString(36)}`;
const NAME = `${SCHEMA}.transfers`;
/** Yesterday and the day before: inside the new query's last-7-days filter. */
const DAYS = [1, 2].map((d) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10));

let source: string | undefined;
let imported = false;
/** The size list-datasets printed. */
let cliSize = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  source = await partitionedSource(
    'strata-e2e-first-',
    DAYS,
    (i) => `SELECT (range + ${i * 50})::BIGINT AS id, 'h' || range AS hash FROM range(50)`,
  );
  await admin('import-dataset', NAME, source, '--hive');
  imported = true;
  const line = (await admin('list-datasets')).split('\n').find((l) => l.startsWith(`${NAME} `));
  expect(line).toMatch(/ {2}last append - {2}/);
  cliSize = line!.split('  ')[2]!;
  expect(cliSize).toMatch(/^\d+(\.\d)? KiB$/);
});

test.afterAll(async () => {
  if (imported) await admin('drop-dataset', NAME);
  if (source) fs.rmSync(source, { recursive: true, force: true });
});

const fact = (page: Page, term: string) =>
  page
    .locator('dt', { hasText: new RegExp(`^${term}$`, 'i') })
    .locator('xpath=following-sibling::dd[1]');

for (const scheme of ['light', 'dark'] as const) {
  test(`a first import: its import time, the operator, the CLI's size, a partition filter (${scheme})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUp(page, { prefix: 'analyst', colorScheme: scheme });
    await page.goto(`/datasets/${NAME}`);
    await expect(page.getByRole('heading', { name: NAME, level: 2 })).toBeVisible();

    await expect(page.getByText('Imported by the server’s operator')).toBeVisible();
    await expect(page.getByText('Owner dune')).toHaveCount(0);
    await expect(fact(page, 'Imported').locator('time')).toHaveText(/just now|minutes? ago/);
    await expect(page.locator('dt', { hasText: /^Last append$/i })).toHaveCount(0);
    await expect(fact(page, 'Size')).toHaveText(cliSize);
    await expect(fact(page, 'Partitions')).toHaveText('2 partitions by block_date');
    await page.screenshot({ path: `${SCREENSHOTS}/datasets-first-import-${scheme}.png` });

    await page.getByRole('link', { name: 'New query from this table' }).click();
    await waitForEditor(page);
    const lines = editorBox(page).locator('.view-lines');
    await expect(lines).toContainText(NAME);
    await expect(lines).toContainText(shown("block_date >= CURRENT_DATE - INTERVAL '7' DAY"));
    await page.screenshot({ path: `${SCREENSHOTS}/datasets-partition-filter-${scheme}.png` });
  });
}
