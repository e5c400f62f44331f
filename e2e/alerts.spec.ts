import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
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

test.describe('alerts', () => {
  test.describe.configure({ timeout: 120_000 });

  test('set an alert on a query, run it, see it triggered in the manager and the webhook told', async ({
    page,
  }) => {
    const hook = await receiver();
    try {
      await signUp(page, { prefix: 'al', colorScheme: 'light' });
      const id = await createQuery(page, { query_sql: 'SELECT 42 AS v', name: 'The answer' });
      await openQuery(page, id);

      await page.getByRole('button', { name: 'Set alert' }).click();
      const dialog = page.getByRole('dialog', { name: 'Set alert' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Answer over 10');
      await dialog.getByRole('textbox', { name: 'Column' }).fill('v');
      await dialog.getByRole('textbox', { name: 'Value' }).fill('10');
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
});
