import { expect, type Page } from '@playwright/test';

/**
 * Runs a saved query through the API as the page's user (in the context `headers` name, e.g.
 * `{ 'x-strata-context': handle }`), with parameter `values` if given, and waits for it to
 * complete; its execution id.
 */
export async function runToCompletion(
  page: Page,
  queryId: number,
  headers: Record<string, string> = {},
  values?: object,
): Promise<string> {
  const run = await page.request.post(`/api/v1/query/${queryId}/execute`, {
    headers,
    data: values ? { query_parameters: values } : {},
  });
  expect(run.ok()).toBe(true);
  const { execution_id } = (await run.json()) as { execution_id: string };
  await expect
    .poll(async () => {
      const s = await page.request.get(`/api/v1/execution/${execution_id}/status`, { headers });
      return ((await s.json()) as { state: string }).state;
    })
    .toBe('QUERY_STATE_COMPLETED');
  return execution_id;
}
