import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { waitForEditor } from './support/editor';
import { signUp } from './support/session';

/** Collects Content Security Policy violations the page reports, from its first script on. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      );
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

test.describe('security headers', () => {
  test('the app, Monaco, ECharts and the API reference work under the CSP', async ({ page }) => {
    // Three pages, each with a large chunk (the editor, the charts, Swagger UI).
    test.setTimeout(90_000);
    const violations = await watchCsp(page);
    await signUp(page);
    const created = await page.request.post('/api/v1/query', {
      data: { name: 'CSP check', query_sql: 'SELECT 1 AS one' },
    });
    const { query_id } = (await created.json()) as { query_id: number };
    const res = await page.goto(`/queries/${query_id}`);
    const csp = res!.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(res!.headers()['x-content-type-options']).toBe('nosniff');
    expect(res!.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const editor = await waitForEditor(page);
    await expect(editor.locator('.view-lines')).toContainText('SELECT 1 AS one');
    // Monaco's completion runs in its worker-backed services; typing must still work.
    await editor.locator('.view-lines').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' ');
    await expect(editor.locator('.view-lines')).toContainText('SELECT 1 AS one');

    // The demo dashboard paints its ECharts charts.
    await page.goto('/demo/chain-activity-and-dex-volume');
    await expect(page.locator('canvas').first()).toBeVisible();

    await page.goto('/api/docs');
    await expect(page.locator('.swagger-ui')).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('a missing hashed asset is 404, not the app', async ({ request }) => {
    const res = await request.get('/assets/index-doesnotexist.js');
    expect(res.status()).toBe(404);
    expect(res.headers()['cache-control'] ?? '').not.toContain('immutable');
  });
});

test.describe('CSRF', () => {
  let attacker: http.Server;
  let attackerUrl = '';
  test.beforeAll(async () => {
    // A page on another port of the same host: same-site, so the session cookie goes along.
    attacker = http.createServer((req, res) => {
      const target = new URL(req.url!, 'http://x').searchParams;
      const api = target.get('api')!;
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><body>
        <iframe name="sink"></iframe>
        <form id="f" method="POST" target="sink" action="${api}/uploads/${target.get('ns')}/${target.get('t')}/clear"></form>
        <script>
          document.getElementById('f').submit();
          fetch('${api}/query/${target.get('q')}/unprivate', { method: 'POST', mode: 'no-cors', credentials: 'include' })
            .finally(() => { document.title = 'attacked'; });
        </script></body>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

  test('a page on another port of the same host cannot change anything', async ({
    page,
    baseURL,
  }) => {
    const handle = await signUp(page);
    const table = 'ledger';
    expect(
      (
        await page.request.post('/api/v1/uploads', {
          data: {
            namespace: handle,
            table_name: table,
            schema: [{ name: 'id', type: 'integer' }],
          },
        })
      ).ok(),
    ).toBe(true);
    const insert = await page.request.post(`/api/v1/uploads/${handle}/${table}/insert`, {
      headers: { 'content-type': 'text/csv' },
      data: 'id\n1\n2\n3\n4\n',
    });
    expect(insert.ok()).toBe(true);
    const created = await page.request.post('/api/v1/query', {
      data: { name: 'secret', query_sql: 'SELECT 42', is_private: true },
    });
    const { query_id } = (await created.json()) as { query_id: number };

    // Which of the two requests the attacker's page got to send (answered, or blocked from the
    // page by the response's own headers: the server answered either way).
    const sent = new Set<string>();
    const seen = (url: string) => {
      if (url.startsWith(`${baseURL}/api/`)) sent.add(new URL(url).pathname.split('/').pop()!);
    };
    page.on('response', (r) => seen(r.url()));
    page.on('requestfailed', (r) => seen(r.url()));
    const params = new URLSearchParams({
      api: `${baseURL}/api/v1`,
      ns: handle,
      t: table,
      q: String(query_id),
    });
    await page.goto(`${attackerUrl}/?${params}`);
    await expect(page).toHaveTitle('attacked');
    await expect.poll(() => [...sent].sort()).toEqual(['clear', 'unprivate']);

    const rows = await page.request.post('/api/v1/sql/execute', {
      data: { sql: `SELECT count(*) AS n FROM dune."${handle}".${table}` },
    });
    const { execution_id } = (await rows.json()) as { execution_id: string };
    await expect
      .poll(async () => {
        const status = await page.request.get(
          `/api/v1/execution/${execution_id}/status?wait_ms=20000`,
        );
        return ((await status.json()) as { state: string }).state;
      })
      .toBe('QUERY_STATE_COMPLETED');
    const final = await page.request.get(`/api/v1/execution/${execution_id}/results`);
    expect(((await final.json()) as { result: { rows: { n: number }[] } }).result.rows).toEqual([
      { n: 4 },
    ]);
    const query = await page.request.get(`/api/v1/query/${query_id}`);
    expect(((await query.json()) as { is_private: boolean }).is_private).toBe(true);
  });
});
