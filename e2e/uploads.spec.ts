import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS, signUp } from './support/session';

const csv = (name: string, text: string) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(text),
});

const ORDERS =
  'Order ID,Customer,Amount,Day\n1001,ann,9.5,2024-01-01\n1002,bob,12,2024-01-02\n1003,cy,7.25,2024-01-03\n';
const MORE = 'Order ID,Customer,Amount,Day\n1004,dee,1.5,2024-02-01\n1005,eve,2,2024-02-02\n';

const rowOf = (page: Page, fullName: string) =>
  page.getByTestId('upload-row').filter({ hasText: fullName });

/** The types of a table as the service lists them. */
async function columnsOf(page: Page, handle: string, table: string) {
  const res = await page.request.get('/api/v1/uploads', {
    headers: { 'x-strata-context': handle },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as {
    tables: { full_name: string; columns: { name: string; type: string }[] }[];
  };
  return body.tables.find((t) => t.full_name === `dune.${handle}.${table}`)?.columns;
}

/** Picks a file in the wizard's first step and waits for the columns step. */
async function pickFile(page: Page, file: ReturnType<typeof csv>) {
  await page.getByLabel('CSV file').setInputFiles(file);
  await expect(page.getByRole('table', { name: 'Columns and preview' })).toBeVisible();
}

test.describe('uploads', () => {
  test.describe.configure({ timeout: 120_000 });

  test('upload with a changed type, query it, append, clear and delete', async ({ page }) => {
    const handle = await signUp(page, { prefix: 'upl' });
    const fullName = `dune.${handle}.orders`;
    await page.goto('/uploads');
    await expect(page.getByText('No uploaded tables yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Upload a CSV' }).last().click();
    await expect(page).toHaveURL(/\/uploads\/new$/);

    // Step 1 and 2: the file, then its columns with suggested names and types.
    await pickFile(page, csv('orders.csv', ORDERS));
    await expect(page.getByRole('textbox', { name: 'Name of column 1' })).toHaveValue('order_id');
    const idType = page.getByRole('combobox', { name: 'Type of column 1' });
    await expect(idType).toHaveValue('bigint');
    await expect(page.getByRole('combobox', { name: 'Type of column 3' })).toHaveValue('double');
    await expect(page.getByRole('combobox', { name: 'Type of column 4' })).toHaveValue('date');
    await idType.click();
    await page.getByRole('option', { name: 'varchar', exact: true }).click();
    await expect(idType).toHaveValue('varchar');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: the name comes from the file; an invalid one is flagged as it is typed.
    const name = page.getByRole('textbox', { name: 'Table name' });
    await expect(name).toHaveValue('orders');
    await name.fill('2orders');
    await expect(page.getByText('Must not start with a digit')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
    await name.fill('orders');
    await page.getByLabel('Description').fill('Three test orders');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();

    // Step 4: success, with the full name and the example query.
    await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
    await expect(page.getByText(`3 rows written to ${fullName}`)).toBeVisible();
    await expect(page.getByTestId('example-query')).toHaveText(
      `SELECT * FROM dune."${handle}".orders LIMIT 100`,
    );
    expect(await columnsOf(page, handle, 'orders')).toEqual([
      expect.objectContaining({ name: 'order_id', type: 'varchar' }),
      expect.objectContaining({ name: 'customer', type: 'varchar' }),
      expect.objectContaining({ name: 'amount', type: 'double' }),
      expect.objectContaining({ name: 'day', type: 'date' }),
    ]);

    // Open in the editor (a new, unsaved query) and run it.
    await page.getByRole('button', { name: 'Open in editor' }).click();
    await expect(page).toHaveURL(/\/queries\/new$/);
    await page.getByRole('button', { name: /^Run/ }).click();
    const grid = page.getByTestId('results-grid');
    await expect(grid).toContainText('bob', { timeout: 30_000 });
    await expect(grid).toContainText('1003');

    // The list shows it; append two rows through the wizard.
    await page.goto('/uploads');
    const row = rowOf(page, fullName);
    await expect(row.getByTestId('row-count')).toHaveText('3');
    await expect(row).toContainText('Three test orders');
    await row.getByRole('button', { name: `Append a CSV to ${fullName}` }).click();
    await expect(page).toHaveURL(/\/uploads\/new\?mode=append&table=orders/);
    await expect(page.getByRole('heading', { name: 'Append a CSV to orders' })).toBeVisible();
    await pickFile(page, csv('more.csv', MORE));
    // The table's types are taken for its columns.
    await expect(page.getByRole('combobox', { name: 'Type of column 1' })).toHaveValue('varchar');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('radio', { name: 'Append to a table' })).toBeChecked();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText(`2 rows written to ${fullName}`)).toBeVisible();
    await page.getByRole('button', { name: 'Go to uploads' }).click();
    await expect(rowOf(page, fullName).getByTestId('row-count')).toHaveText('5');

    // Replace in one step: a bad row leaves the table as it was; a good file swaps the rows.
    await page.goto('/uploads/new?mode=replace&table=orders');
    await pickFile(
      page,
      csv(
        'bad.csv',
        'Order ID,Customer,Amount,Day\n1006,fay,1,2024-03-01\n1007,gus,lots,2024-03-02\n',
      ),
    );
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('radio', { name: 'Replace a table' })).toBeChecked();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText(/line 3, column "amount"/)).toBeVisible();
    await expect(page.getByText('The table is unchanged: it keeps its rows.')).toBeVisible();
    await page.goto('/uploads');
    await expect(rowOf(page, fullName).getByTestId('row-count')).toHaveText('5');
    await page.goto('/uploads/new?mode=replace&table=orders');
    await pickFile(page, csv('one.csv', 'Order ID,Customer,Amount,Day\n1006,fay,1,2024-03-01\n'));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(
      page
        .getByText(`1 rows written to ${fullName}`)
        .or(page.getByText(`1 row written to ${fullName}`)),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Go to uploads' }).click();
    await expect(rowOf(page, fullName).getByTestId('row-count')).toHaveText('1');

    // Clear: the rows go, the table stays.
    await rowOf(page, fullName)
      .getByRole('button', { name: `More actions for ${fullName}` })
      .click();
    await page.getByRole('menuitem', { name: 'Clear rows…' }).click();
    await page
      .getByRole('dialog', { name: 'Clear table?' })
      .getByRole('button', { name: 'Clear rows' })
      .click();
    await expect(rowOf(page, fullName).getByTestId('row-count')).toHaveText('0');

    // Delete: only once the name is typed.
    await rowOf(page, fullName)
      .getByRole('button', { name: `More actions for ${fullName}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete table…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete table?' });
    const confirm = dialog.getByRole('button', { name: 'Delete table' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type orders to confirm').fill('orders');
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, fullName)).toHaveCount(0);
    await expect(page.getByText('No uploaded tables yet.')).toBeVisible();
  });

  test('a bad value fails with its line, leaves nothing, and can be fixed', async ({ page }) => {
    const handle = await signUp(page, { prefix: 'uplbad' });
    await page.goto('/uploads/new');
    await pickFile(page, csv('scores.csv', 'id,score\n1,10\n2,20\n3x,30\n'));
    const idType = page.getByRole('combobox', { name: 'Type of column 1' });
    await expect(idType).toHaveValue('varchar');
    await idType.click();
    await page.getByRole('option', { name: 'integer', exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();

    const error = page.getByTestId('upload-error');
    await expect(error).toContainText('line 4');
    await expect(error).toContainText('column "id"');
    await expect(
      page.getByText('The new table was deleted again: nothing was kept.'),
    ).toBeVisible();
    expect(await columnsOf(page, handle, 'scores')).toBeUndefined();

    // Back to the columns, fix the type, and it goes through.
    await page.getByRole('button', { name: 'Back to the columns' }).click();
    await idType.click();
    await page.getByRole('option', { name: 'varchar', exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText(`3 rows written to dune.${handle}.scores`)).toBeVisible();
  });

  test('a token-transfer export: exact types and clean names proposed, headers kept', async ({
    page,
  }) => {
    const handle = await signUp(page, { prefix: 'uplwei' });
    await page.goto('/uploads/new');
    await pickFile(page, csv('Token Transfers.csv', TRANSFERS));
    // "Value (wei)" holds 30-digit amounts: uint256, which keeps every digit, not double.
    const expected = [
      ['block_number', 'bigint'],
      ['tx_hash', 'varbinary'],
      ['from', 'varbinary'],
      ['block_time', 'timestamp'],
      ['amount', 'double'],
      ['value_wei', 'uint256'],
      ['is_contract', 'boolean'],
    ];
    for (const [i, [name, type]] of expected.entries()) {
      await expect(page.getByRole('textbox', { name: `Name of column ${i + 1}` })).toHaveValue(
        name!,
      );
      await expect(page.getByRole('combobox', { name: `Type of column ${i + 1}` })).toHaveValue(
        type!,
      );
    }
    const table = page.getByRole('table', { name: 'Columns and preview' });
    await expect(table.getByText('Value (wei)', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('textbox', { name: 'Table name' })).toHaveValue('token_transfers');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText(`12 rows written to dune.${handle}.token_transfers`)).toBeVisible();

    const res = await page.request.get('/api/v1/uploads', {
      headers: { 'x-strata-context': handle },
    });
    const body = (await res.json()) as {
      tables: { columns: { name: string; type: string; metadata: { description?: string } }[] }[];
    };
    expect(body.tables[0]!.columns.map((c) => [c.name, c.type, c.metadata.description])).toEqual(
      // The header as written is each column's description, where it says more than the name.
      expected.map(([name, type], i) => {
        const header = TRANSFERS_HEADER[i]!;
        return [name, type, header.toLowerCase() === name ? undefined : header];
      }),
    );
    const run = await page.request.post('/api/v1/sql/execute', {
      headers: { 'x-strata-context': handle },
      data: { sql: `select value_wei from dune."${handle}".token_transfers order by block_number` },
    });
    const { execution_id } = (await run.json()) as { execution_id: string };
    await expect
      .poll(async () => {
        const r = await page.request.get(`/api/v1/execution/${execution_id}/results`, {
          headers: { 'x-strata-context': handle },
        });
        const json = (await r.json()) as { result?: { rows: { value_wei: string }[] } };
        return json.result?.rows.map((x) => x.value_wei);
      })
      .toEqual(WEI);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshots: uploads list and types step, ${scheme}`, async ({ page }) => {
      const handle = await signUp(page, { prefix: 'uplshot', colorScheme: scheme });
      const headers = { 'x-strata-context': handle };
      for (const [table, isPrivate] of [
        ['daily_prices', false],
        ['wallet_labels', true],
      ] as const) {
        const created = await page.request.post('/api/v1/uploads', {
          headers,
          data: {
            namespace: handle,
            table_name: table,
            description: `Example ${table.replace('_', ' ')}`,
            is_private: isPrivate,
            schema: [
              { name: 'day', type: 'date' },
              { name: 'value', type: 'double' },
            ],
          },
        });
        expect(created.ok(), await created.text()).toBe(true);
        const inserted = await page.request.post(`/api/v1/uploads/${handle}/${table}/insert`, {
          headers: { ...headers, 'content-type': 'text/csv' },
          data: 'day,value\n2024-01-01,1.5\n2024-01-02,2.5\n',
        });
        expect(inserted.ok(), await inserted.text()).toBe(true);
      }
      await page.goto('/uploads');
      await expect(rowOf(page, `dune.${handle}.wallet_labels`).getByText('Private')).toBeVisible();
      await expect(rowOf(page, `dune.${handle}.daily_prices`).getByTestId('row-count')).toHaveText(
        '2',
      );
      await page.screenshot({ path: `${SCREENSHOTS}/uploads-${scheme}.png` });

      await page.getByRole('link', { name: 'Upload a CSV' }).click();
      await pickFile(page, csv('Token Transfers.csv', TRANSFERS));
      await expect(page.getByRole('combobox', { name: 'Type of column 4' })).toHaveValue(
        'timestamp',
      );
      await expect(page.getByRole('combobox', { name: 'Type of column 6' })).toHaveValue('uint256');
      await page.screenshot({ path: `${SCREENSHOTS}/upload-wizard-${scheme}.png`, fullPage: true });
    });
  }
});

const TRANSFERS_HEADER = [
  'Block Number',
  'Tx Hash',
  'From',
  'Block Time',
  'Amount',
  'Value (wei)',
  'Is Contract',
];
/** Token amounts in wei: 30 digits, past what a double (or a bigint) holds. */
const WEI = Array.from({ length: 12 }, (_, i) => `${7786596450288373164569331648084n + BigInt(i)}`);
const TRANSFERS = [
  TRANSFERS_HEADER.join(','),
  ...Array.from({ length: 12 }, (_, i) =>
    [
      18_000_000 + i * 17,
      `0x${(i + 1).toString(16).padStart(8, '0')}ab12cd34`,
      `0x${(i * 7919).toString(16).padStart(6, '0')}e3f1`,
      `2024-03-0${(i % 9) + 1} 12:${String(i * 4).padStart(2, '0')}:00`,
      (i * 13.37).toFixed(2),
      WEI[i],
      i % 3 === 0 ? 'true' : 'false',
    ].join(','),
  ),
].join('\n');
