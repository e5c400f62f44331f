import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { createQuery, openQuery } from './support/editor';
import { SCREENSHOTS, signUp } from './support/session';

/** A webhook receiver in the test process, on loopback (the e2e server allows it). */
async function receiver() {
  const bodies: { alert: { state: string }; value: unknown; text: string }[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      bodies.push(JSON.parse(text) as (typeof bodies)[number]);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { bodies, url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Opens "Set alert" on query `id` and fills in a name and a condition `column > value`. */
async function setAlert(page: Page, id: number, name: string, column: string, value: string) {
  await openQuery(page, id);
  await page.getByRole('button', { name: 'Set alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set alert' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Column' }).fill(column);
  await dialog.getByRole('textbox', { name: 'Value' }).fill(value);
  return dialog;
}

test.describe('alerts', () => {
  test.describe.configure({ timeout: 120_000 });

  test('set an alert on a query, run it, see it triggered in the manager and the webhook told', async ({
    page,
  }) => {
    const hook = await receiver();
    try {
      await signUp(page, { prefix: 'al', colorScheme: 'light' });
      const id = await createQuery(page, { query_sql: 'SELECT 42 AS v', name: 'The answer' });
      const dialog = await setAlert(page, id, 'Answer over 10', 'v', '10');
      await dialog.getByRole('textbox', { name: 'Webhooks' }).fill(hook.url);
      await page.screenshot({ path: `${SCREENSHOTS}/alert-dialog-light.png` });
      await dialog.getByRole('button', { name: 'Create alert' }).click();
      await expect(dialog).toBeHidden();

      await page.getByRole('link', { name: 'Alerts' }).click();
      await expect(page).toHaveURL(/\/alerts$/);
      const row = page.getByTestId('alert-row').filter({ hasText: 'Answer over 10' });
      await expect(row.getByTestId('alert-state')).toHaveText('Not evaluated');
      await expect(row).toContainText('v > 10');
      await expect(row.getByRole('link', { name: 'The answer' })).toHaveAttribute(
        'href',
        `/queries/${id}`,
      );

      await row.getByRole('button', { name: 'Run Answer over 10 now' }).click();
      await expect(row.getByTestId('alert-state')).toHaveText('Triggered', { timeout: 60_000 });
      await expect(row).toContainText('value 42');
      await expect.poll(() => hook.bodies.length).toBe(1);
      expect(hook.bodies[0]).toMatchObject({ alert: { state: 'triggered' }, value: 42 });
      expect(hook.bodies[0]!.text).toContain('The answer');
      await page.screenshot({ path: `${SCREENSHOTS}/alerts-manager-light.png` });

      await row.getByRole('button', { name: 'History of Answer over 10' }).click();
      const drawer = page.getByRole('dialog', { name: 'Alert history' });
      const evaluation = drawer.getByTestId('evaluation-row');
      await expect(evaluation).toHaveCount(1);
      await expect(evaluation).toContainText('Run now');
      await expect(evaluation).toContainText('42');
      await expect(evaluation.getByTestId('delivery')).toContainText('sent');
      await page.screenshot({ path: `${SCREENSHOTS}/alert-history-light.png` });
    } finally {
      await hook.close();
    }
  });

  test('an alert runs with the parameter value set for it, shown in the manager', async ({
    page,
  }) => {
    await signUp(page, { prefix: 'al-values', colorScheme: 'light' });
    // With its default (n = 1) v is 10; the alert's n = 20 makes it 200, over 100.
    const id = await createQuery(page, {
      query_sql: 'SELECT {{n}} * 10 AS v',
      name: 'Ten times n',
      parameters: [{ key: 'n', type: 'number', value: '1' }],
    });
    const dialog = await setAlert(page, id, 'Over 100', 'v', '100');
    const n = dialog.getByRole('group', { name: 'Parameters' }).getByLabel('n', { exact: true });
    await expect(n).toHaveValue('1');
    await n.fill('20');
    await page.screenshot({ path: `${SCREENSHOTS}/alert-dialog-values-light.png` });
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/alerts');
    const row = page.getByTestId('alert-row').filter({ hasText: 'Over 100' });
    await expect(row.getByTestId('alert-values')).toHaveText('n = 20');
    await row.getByRole('button', { name: 'Run Over 100 now' }).click();
    await expect(row.getByTestId('alert-state')).toHaveText('Triggered', { timeout: 60_000 });
    await expect(row).toContainText('value 200');
  });

  test('screenshot: editing an alert’s values, dark', async ({ page }) => {
    await signUp(page, { prefix: 'al-dark', colorScheme: 'dark' });
    const id = await createQuery(page, {
      query_sql: "SELECT {{n}} * 10 AS v, '{{chain}}' AS chain",
      name: 'Ten times n',
      parameters: [
        { key: 'n', type: 'number', value: '1' },
        { key: 'chain', type: 'text', value: 'ethereum' },
      ],
    });
    const created = await page.request.post('/api/v1/alerts', {
      data: {
        name: 'Base over 100',
        query_id: id,
        condition: { op: '>', column: 'v', value: 100 },
        cron_expression: '0 * * * *',
        query_parameters: { n: 20, chain: 'base' },
      },
    });
    expect(created.status()).toBe(200);
    await page.goto('/alerts');
    const row = page.getByTestId('alert-row').filter({ hasText: 'Base over 100' });
    await expect(row.getByTestId('alert-values')).toHaveText('chain = base; n = 20');
    await page.screenshot({ path: `${SCREENSHOTS}/alerts-manager-dark.png` });
    await row.getByRole('button', { name: 'Edit Base over 100' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit alert' });
    const inputs = dialog.getByRole('group', { name: 'Parameters' });
    await expect(inputs.getByLabel('chain', { exact: true })).toHaveValue('base');
    await expect(inputs.getByLabel('n', { exact: true })).toHaveValue('20');
    await page.screenshot({ path: `${SCREENSHOTS}/alert-dialog-values-dark.png` });
  });
});
