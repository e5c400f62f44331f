import { expect, test, type Page } from '@playwright/test';
import { createQuery, openQuery, setEditorText } from './support/editor';
import { SCREENSHOTS, signUp } from './support/session';

/**
 * A varbinary parameter: offered where the SQL compares an address, defined with its own type,
 * its value checked beside the field as the service checks it, and run as bytes.
 */
const ADDRESS = '0x' + 'Ab'.repeat(20);
const runButton = (page: Page) => page.getByRole('button', { name: 'Run', exact: true });
const runState = (page: Page) => page.getByTestId('execution-panel').getByRole('status');
const wallet = (page: Page) => page.getByRole('textbox', { name: 'wallet', exact: true });

test.describe('varbinary parameters', () => {
  test.describe.configure({ timeout: 120_000 });

  test('are suggested for an address, refuse what is not 0x-hex and run as bytes', async ({
    page,
  }) => {
    await signUp(page);
    const id = await createQuery(page, { query_sql: 'SELECT 1', dialect: 'duckdb' });
    await openQuery(page, id);
    await setEditorText(page, 'SELECT {{wallet}} AS w, octet_length({{wallet}}) AS n');
    await page.getByRole('button', { name: 'Add parameter wallet' }).click();
    await expect(page.getByRole('menuitem').first()).toHaveText(
      'Address or bytes (0x…) (suggested)',
    );
    await page.getByRole('menuitem').first().click();
    // No default yet: the field says what it takes and Run waits for it.
    await expect(page.getByText('Enter 0x and hex digits, such as an address')).toBeVisible();
    await expect(runButton(page)).toBeDisabled();
    await wallet(page).fill('0xabc');
    await expect(page.getByText('"0xabc" is not 0x-prefixed hex of even length')).toBeVisible();
    await expect(runButton(page)).toBeDisabled();
    await wallet(page).fill(ADDRESS);
    await expect(page).toHaveURL(new RegExp(`[?&]wallet=${ADDRESS}(&|$)`));
    await runButton(page).click();
    await expect(runState(page)).toHaveText('Completed', { timeout: 30_000 });
    const grid = page.getByTestId('results-grid');
    await expect(grid).toContainText(ADDRESS.toLowerCase());
    await expect(grid).toContainText('20');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshots: the definition and a bad value (${scheme})`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signUp(page, { colorScheme: scheme });
      const id = await createQuery(page, {
        name: 'Transactions of a wallet',
        query_sql:
          'SELECT block_time, hash, "to", value\nFROM ethereum.transactions\nWHERE "from" = {{wallet}}\nORDER BY block_time DESC\nLIMIT {{n}}',
        parameters: [
          {
            key: 'wallet',
            type: 'varbinary',
            value: ADDRESS.toLowerCase(),
            description: 'The sender',
          },
          { key: 'n', type: 'number', value: '20' },
        ],
      });
      await openQuery(page, id);
      await page.getByRole('button', { name: 'Parameters', exact: true }).click();
      const card = page.getByRole('region', { name: 'Parameter wallet' });
      await expect(card.getByRole('combobox', { name: 'Type' })).toHaveValue(
        'Address or bytes (0x…)',
      );
      await expect(card.getByText('WHERE address = {{wallet}}')).toBeVisible();
      await page.screenshot({
        path: `${SCREENSHOTS}/parameter-varbinary-definition-${scheme}.png`,
      });
      await card.getByRole('combobox', { name: 'Type' }).click();
      await expect(page.getByRole('option', { name: 'Address or bytes (0x…)' })).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/parameter-varbinary-types-${scheme}.png` });
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(card).toBeHidden();

      await wallet(page).fill('0x12345');
      await expect(page.getByText('"0x12345" is not 0x-prefixed hex of even length')).toBeVisible();
      await expect(runButton(page)).toBeDisabled();
      await page.screenshot({ path: `${SCREENSHOTS}/parameter-varbinary-bad-value-${scheme}.png` });
    });
  }
});
