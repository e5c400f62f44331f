import { expect, test, type Page } from '@playwright/test';
import { editorBox, waitForEditor } from './support/editor';
import { SCREENSHOTS, signUp } from './support/session';

const TABLE = 'uniswap_v3_ethereum.evt_Swap';

/** Opens the table's "New query from this table": a generated draft on /queries/new. */
async function openGeneratedDraft(page: Page) {
  await page.goto(`/datasets/${TABLE}`);
  await page.getByRole('link', { name: 'New query from this table' }).click();
  await expect(page).toHaveURL(/\/queries\/new$/);
  await waitForEditor(page);
  await expect(editorBox(page).locator('.view-lines')).toContainText(TABLE);
}

/** Every confirmation the page asks, dismissed ("stay"), so a test can count them. */
function recordDialogs(page: Page): string[] {
  const asked: string[] = [];
  page.on('dialog', (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  return asked;
}

for (const scheme of ['light', 'dark'] as const) {
  test(`leaving an untouched generated draft asks nothing; an edited one asks (${scheme})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUp(page, { prefix: 'draft-leave', colorScheme: scheme });
    const asked = recordDialogs(page);

    // Opened by the wizard, never edited: leaving goes straight on, no "unsaved" badge.
    await openGeneratedDraft(page);
    await expect(page.getByText('Unsaved', { exact: true })).toHaveCount(0);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SCREENSHOTS}/draft-untouched-${scheme}.png` });
    await page.getByRole('link', { name: 'Dashboards', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboards$/);
    expect(asked).toEqual([]);

    // Changed by hand: leaving asks, and staying keeps the edit.
    await openGeneratedDraft(page);
    await editorBox(page).locator('.view-lines').click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.insertText(' -- mine');
    await expect(editorBox(page).locator('.view-lines')).toContainText('mine');
    await page.getByRole('link', { name: 'Dashboards', exact: true }).click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toMatch(/unsaved edits/);
    await expect(page).toHaveURL(/\/queries\/new$/);
    await page.screenshot({ path: `${SCREENSHOTS}/draft-edited-${scheme}.png` });
  });
}
