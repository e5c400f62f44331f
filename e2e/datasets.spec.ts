import { expect, test, type Page } from '@playwright/test';
import { openQuery, waitForEditor } from './support/editor';
import { SCREENSHOTS, signUp } from './support/session';

const SCHEMES = ['light', 'dark'] as const;

/** The search results, one article per dataset. */
const hits = (page: Page) => page.getByRole('list', { name: 'Datasets' }).getByRole('article');

async function savedSql(page: Page, id: string): Promise<string> {
  const res = await page.request.get(`/api/v1/query/${id}`);
  return ((await res.json()) as { query_sql: string }).query_sql;
}

const queryId = (page: Page) => /\/queries\/(\d+)/.exec(page.url())?.[1] ?? '';

for (const scheme of SCHEMES) {
  test(`search the catalog with facets, open a dataset, copy its name and query it (${scheme})`, async ({
    page,
    context,
  }) => {
    await signUp(page, { colorScheme: scheme });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/datasets');
    await expect(hits(page).filter({ hasText: 'dex.trades' })).toHaveCount(1);
    await expect(hits(page).filter({ hasText: 'ethereum.transactions' })).toHaveCount(1);

    // A dataset-type facet: only decoded tables, with their contract line; kept in the URL.
    // The boxes show the URL's state, which updates just after the click.
    const decoded = page.getByRole('checkbox', { name: 'Decoded table', exact: true });
    await decoded.click();
    await expect(decoded).toBeChecked();
    await expect(page).toHaveURL(/types=/);
    await expect(hits(page).filter({ hasText: 'dex.trades' })).toHaveCount(0);
    const swap = hits(page).filter({ hasText: 'uniswap_v3_ethereum.evt_Swap' });
    await expect(swap).toContainText('uniswap_v3 · UniswapV3Pool · event');
    await expect(swap).toContainText('Decoded table');
    await expect(swap).toContainText('ethereum');
    await expect(hits(page)).toHaveCount(2);
    await page.screenshot({ path: `${SCREENSHOTS}/datasets-${scheme}.png`, fullPage: true });

    // Text search narrows further; a reload keeps both.
    await page.getByRole('textbox', { name: 'Search datasets' }).fill('swap');
    await expect(page).toHaveURL(/q=swap/);
    await expect(hits(page)).toHaveCount(1);
    await page.reload();
    await expect(decoded).toBeChecked();
    await expect(hits(page)).toHaveCount(1);

    // A chain facet with no decoded tables on it: the empty state clears everything.
    await page.getByRole('checkbox', { name: 'arbitrum', exact: true }).click();
    await expect(page.getByRole('checkbox', { name: 'arbitrum', exact: true })).toBeChecked();
    await expect(page.getByText('No datasets match')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect(hits(page).filter({ hasText: 'dex.trades' })).toHaveCount(1);
    await expect(page).not.toHaveURL(/q=swap/);

    await page.getByRole('textbox', { name: 'Search datasets' }).fill('swap');
    await page.getByRole('link', { name: 'uniswap_v3_ethereum.evt_Swap' }).click();
    await expect(page).toHaveURL(/\/datasets\/uniswap_v3_ethereum\.evt_Swap$/);
    await expect(
      page.getByRole('heading', { name: 'uniswap_v3_ethereum.evt_Swap', level: 2 }),
    ).toBeVisible();
    const columns = page.getByRole('table', { name: 'Columns' });
    await expect(columns.getByRole('row').filter({ hasText: 'amount0' })).toContainText(
      'Raw token0 delta of the pool',
    );
    const preview = page.getByRole('table', { name: 'Preview rows' });
    await expect(preview.getByRole('columnheader', { name: 'evt_tx_hash' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(preview.locator('tbody tr').first()).toContainText('0x');
    expect(await preview.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await preview.locator('tbody tr').count()).toBeLessThanOrEqual(20);
    await page.screenshot({ path: `${SCREENSHOTS}/dataset-${scheme}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Copy full name' }).click();
    await expect(page.getByText('Copied uniswap_v3_ethereum.evt_Swap')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe('uniswap_v3_ethereum.evt_Swap');

    // The new query is a draft until saved: nothing is published by opening it.
    await page.getByRole('link', { name: 'New query from this table' }).click();
    await expect(page).toHaveURL(/\/queries\/new$/);
    await waitForEditor(page);
    await expect(page.getByTestId('sql-editor').locator('.view-lines')).toContainText(
      'uniswap_v3_ethereum.evt_Swap',
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/queries\/\d+$/);
    expect(await savedSql(page, queryId(page))).toBe(
      'SELECT\n  *\nFROM\n  uniswap_v3_ethereum.evt_Swap\nLIMIT\n  100',
    );
  });

  test(`the editor's data panel inserts table and column names at the cursor (${scheme})`, async ({
    page,
  }) => {
    await signUp(page, { colorScheme: scheme });
    const res = await page.request.post('/api/v1/query', {
      data: { name: 'Data panel', query_sql: 'SELECT 1' },
    });
    const { query_id } = (await res.json()) as { query_id: number };
    await openQuery(page, query_id);
    await page.getByTestId('sql-editor').locator('.view-lines').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('SELECT ');

    await page.getByRole('button', { name: 'Data', exact: true }).click();
    const panel = page.getByRole('complementary', { name: 'Data panel' });
    await panel.getByRole('textbox', { name: 'Search tables' }).fill('ethereum.trans');
    await expect(panel.getByRole('button', { name: 'Insert ethereum.blocks' })).toHaveCount(0);
    await panel.getByRole('button', { name: 'Columns of ethereum.transactions' }).click();
    await panel.getByRole('button', { name: 'Insert column from' }).click();
    await page.keyboard.insertText(', hash FROM ');
    await panel.getByRole('button', { name: 'Insert ethereum.transactions' }).click();
    await expect(page.getByTestId('sql-editor').locator('.view-lines')).toContainText(
      'SELECT "from", hash FROM ethereum.transactions'.replace(/ /g, '\u00a0'),
    );
    await page.screenshot({ path: `${SCREENSHOTS}/data-panel-${scheme}.png`, fullPage: true });

    await page.keyboard.press('ControlOrMeta+S');
    await expect(page.getByTestId('unsaved-badge')).toBeHidden();
    expect(await savedSql(page, String(query_id))).toBe(
      'SELECT "from", hash FROM ethereum.transactions',
    );
  });
}

test('on a narrow screen the data panel is a drawer that closes after inserting', async ({
  page,
}) => {
  await page.setViewportSize({ width: 700, height: 800 });
  await signUp(page);
  const res = await page.request.post('/api/v1/query', {
    data: { name: 'Narrow panel', query_sql: 'SELECT * FROM ' },
  });
  const { query_id } = (await res.json()) as { query_id: number };
  await page.goto(`/queries/${query_id}`);
  await waitForEditor(page);
  await page.getByTestId('sql-editor').locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');

  await page.getByRole('button', { name: 'Data', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Data' });
  await drawer.getByRole('textbox', { name: 'Search tables' }).fill('dex');
  await drawer.getByRole('button', { name: 'Insert dex.trades' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('sql-editor').locator('.view-lines')).toContainText(
    'SELECT * FROM dex.trades'.replace(/ /g, '\u00a0'),
  );
});
