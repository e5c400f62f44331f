import { expect, type Locator, type Page } from '@playwright/test';

/**
 * How long the editor may take to become ready: its chunk is about 900 KB gzipped and the test
 * machine may be loaded by other suites. Waiting is for a state, never a fixed sleep.
 */
const EDITOR_READY_TIMEOUT = 60_000;

/** The SQL editor's box on the query page. */
export const editorBox = (page: Page): Locator => page.getByTestId('sql-editor');

/** Waits until Monaco has replaced the read-only preview; returns Monaco's root element. */
export async function waitForEditor(page: Page): Promise<Locator> {
  const monaco = editorBox(page).locator('.monaco-editor');
  await expect(monaco).toBeVisible({ timeout: EDITOR_READY_TIMEOUT });
  await expect(editorBox(page).getByTestId('sql-preview')).toHaveCount(0);
  return monaco;
}

/** Opens a query's page and waits for the editor; returns Monaco's root element. */
export async function openQuery(page: Page, id: number | string): Promise<Locator> {
  await page.goto(`/queries/${id}`);
  return waitForEditor(page);
}

/** Replaces the editor's text (inserted as typed text, without Monaco's auto-closing). */
export async function setEditorText(page: Page, text: string) {
  await waitForEditor(page);
  await editorBox(page).locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** Monaco renders spaces as non-breaking ones. */
export const shown = (sql: string) => sql.replace(/ /g, '\u00a0');

/** Creates a query through the API as the signed-in browser; returns its id. */
export async function createQuery(
  page: Page,
  body: {
    query_sql: string;
    name?: string;
    parameters?: unknown[];
    is_private?: boolean;
    dialect?: 'dunesql' | 'duckdb';
  },
): Promise<number> {
  const res = await page.request.post('/api/v1/query', { data: { name: 'Test query', ...body } });
  if (!res.ok()) throw new Error(`create failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { query_id: number }).query_id;
}
