import { expect, test } from '@playwright/test';
import { runToCompletion } from './support/api';
import { createQuery, waitForEditor } from './support/editor';
import { SCREENSHOTS, signUp } from './support/session';

/**
 * Issue 35, points 4 and 9: "Set alert" starts from what the query page shows (its values, the
 * result's columns, the latest value and whether it would trigger now, a preset schedule in
 * words), and the Alerts page then says the schedule in words and offers no email on a server
 * without SMTP.
 */
for (const colorScheme of ['light', 'dark'] as const) {
  test(`Set alert from the page's values and result, then the Alerts page (${colorScheme})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUp(page, { prefix: 'alp', colorScheme });
    const id = await createQuery(page, {
      name: 'Volume by chain',
      query_sql: "SELECT '{{chain}}' AS chain, 508 AS volume",
      parameters: [{ key: 'chain', type: 'text', value: 'ethereum' }],
    });
    await runToCompletion(page, id, {}, { chain: 'base' });

    // The page shows chain=base and its result.
    await page.goto(`/queries/${id}?chain=base`);
    await waitForEditor(page);
    await page.getByRole('button', { name: 'Set alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set alert' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Base volume');

    // The column is a list of the result's columns.
    await dialog.getByRole('combobox', { name: 'Column' }).click();
    await expect(page.getByRole('option', { name: 'chain' })).toBeVisible();
    await page.getByRole('option', { name: 'volume' }).click();
    await dialog.getByRole('textbox', { name: 'Value' }).fill('500');
    const latest = dialog.getByTestId('alert-latest');
    await expect(latest).toContainText('Latest value: 508');
    await expect(latest).toContainText('Would trigger now');
    // The schedule is a preset, in words; no email on a server without SMTP.
    await expect(dialog.getByRole('combobox', { name: 'Runs' })).toHaveValue('Every hour');
    await expect(dialog.getByTestId('cron-words')).toHaveText('Every hour (UTC)');
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
    await dialog.getByRole('textbox', { name: 'Value' }).focus();
    await page.screenshot({ path: `${SCREENSHOTS}/alerts-set-from-page-${colorScheme}.png` });

    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/alerts') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    const body = (await (await created).request().postDataJSON()) as Record<string, unknown>;
    expect(body).toMatchObject({
      condition: { op: '>', column: 'volume', value: 500 },
      query_parameters: { chain: 'base' },
      cron_expression: '0 * * * *',
    });
    await expect(dialog).toBeHidden();

    await page.getByRole('link', { name: 'Alerts' }).click();
    const row = page.getByTestId('alert-row').filter({ hasText: 'Base volume' });
    await expect(row.getByTestId('alert-values')).toContainText('base');
    await expect(row.getByTestId('alert-schedule')).toHaveText('Every hour (UTC)');
    await expect(row.getByTestId('alert-schedule')).toHaveAttribute('title', '0 * * * *');
    await row.getByRole('button', { name: 'Run Base volume now' }).click();
    await expect(row.getByTestId('alert-state')).toHaveText('Triggered', { timeout: 60_000 });
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SCREENSHOTS}/alerts-page-${colorScheme}.png` });

    // The history says which condition each evaluation checked.
    await row.getByRole('button', { name: 'History of Base volume' }).click();
    const drawer = page.getByRole('dialog', { name: 'Alert history' });
    await expect(drawer.getByTestId('evaluation-condition')).toHaveText('volume > 500');
    // The toasts (created, triggered) close by themselves; the screenshot shows the row whole.
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
    await page.screenshot({ path: `${SCREENSHOTS}/alerts-history-${colorScheme}.png` });
  });
}
