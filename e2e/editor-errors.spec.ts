import { expect, test } from '@playwright/test';
import { createQuery, openQuery, setEditorText } from './support/editor';
import { SCREENSHOTS, setColorScheme, signUp } from './support/session';

test.describe('editor errors', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`a statement that ends too early is marked at its last token (${scheme})`, async ({
      page,
    }) => {
      await signUp(page);
      await setColorScheme(page, scheme);
      // DuckDB's own words for a statement cut short (DuneSQL says it as Trino does).
      const id = await createQuery(page, { query_sql: 'SELECT 1', dialect: 'duckdb' });
      const editor = await openQuery(page, id);
      await setEditorText(page, 'SELECT n\nFROM range(3) t(n)\nWHERE');
      await page.keyboard.press('ControlOrMeta+Enter');
      const squiggle = editor.locator('.squiggly-error');
      await expect(squiggle).toHaveCount(1, { timeout: 20_000 });
      // The marker sits on the third line, under WHERE, and says what DuckDB said.
      const where = editor.locator('.view-line').nth(2);
      const [mark, line] = [(await squiggle.boundingBox())!, (await where.boundingBox())!];
      expect(Math.abs(mark.y + mark.height / 2 - (line.y + line.height / 2))).toBeLessThan(
        line.height,
      );
      await page.mouse.move(mark.x + mark.width / 2, mark.y + mark.height / 2);
      await expect(
        page.locator('.monaco-hover').filter({ hasText: 'syntax error at end of input' }),
      ).toBeVisible();
      await expect(page.getByText(/line 3, column 1/i).first()).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/editor-end-of-input-${scheme}.png` });
    });
  }
});
