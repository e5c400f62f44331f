import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { runQuery } from './support/dashboards';
import { signUp } from './support/session';

const SQL = `SELECT DATE '2024-03-01' + d::INTEGER AS day, c.chain,
                    round(1000 + 400 * sin(d / 3.0 + c.k) + c.k * 300) AS volume
             FROM range(0, 30) t(d), (VALUES ('ethereum', 0), ('solana', 1)) c(chain, k)
             ORDER BY day, chain`;

/** A public dashboard of a column chart, a line chart and a counter over one run query. */
async function publicDashboard(page: Page, handle: string) {
  const headers = { 'x-strata-context': handle };
  const { queryId, viz } = await runQuery(page, handle, 'Chain volume', SQL);
  const columns = await viz('Daily volume by chain', 'chart', {
    globalSeriesType: 'column',
    columnMapping: { day: 'x', volume: 'y', chain: 'series' },
    series: { stacking: 'stack' },
  });
  const lines = await viz('Volume lines', 'chart', {
    globalSeriesType: 'line',
    columnMapping: { day: 'x', volume: 'y', chain: 'series' },
  });
  const counter = await viz('Latest volume', 'counter', {
    counterColName: 'volume',
    rowNumber: 60,
  });
  const res = await page.request.post('/api/v1/dashboards', {
    headers,
    data: { name: 'Chains <at> a glance', visualization_ids: [columns, lines, counter] },
  });
  expect(res.ok()).toBe(true);
  const { slug } = (await res.json()) as { slug: string };
  return { link: `/${handle}/${slug}`, queryId, columns };
}

/** The content of a meta tag of the page at `path`, read as a crawler reads it: no script. */
async function metaOf(request: APIRequestContext, path: string, property: string) {
  const res = await request.get(path);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const m = new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`).exec(html);
  return m ? m[1]!.replace(/&amp;/g, '&') : null;
}

/** Fetches a PNG and reads its size from the IHDR chunk. */
async function png(request: APIRequestContext, url: string) {
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
  const bytes = await res.body();
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return { bytes, width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.describe('link unfurls', () => {
  // The first image starts the render thread (ECharts and a font): seconds on a busy machine.
  test.setTimeout(90_000);

  test('a public dashboard’s URL carries og:image, a PNG of its charts', async ({
    page,
    request,
  }, info) => {
    const handle = await signUp(page, { prefix: 'unfurl' });
    const { link, queryId, columns } = await publicDashboard(page, handle);

    // `request` has no session: the crawler's view.
    expect(await metaOf(request, link, 'og:title')).toBe('Chains &lt;at&gt; a glance');
    expect(await metaOf(request, link, 'twitter:card')).toBe('summary_large_image');
    const image = await metaOf(request, link, 'og:image');
    expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/og\/dashboards\/.+\.png\?v=[0-9a-f]+$/);
    const board = await png(request, image!);
    expect([board.width, board.height]).toEqual([1200, 630]);
    fs.writeFileSync(info.outputPath('dashboard-og.png'), board.bytes);
    await info.attach('dashboard og:image', { body: board.bytes, contentType: 'image/png' });

    // The visualization's own URL (the query page's ?viz=) has its own image.
    const vizImage = await metaOf(request, `/queries/${queryId}?viz=${columns}`, 'og:image');
    const chart = await png(request, vizImage!);
    expect([chart.width, chart.height]).toEqual([1200, 630]);
    fs.writeFileSync(info.outputPath('visualization-og.png'), chart.bytes);

    // Made private, the dashboard's page names nothing and its image is gone.
    const slug = link.split('/')[2];
    const byHandle = await page.request.get(`/api/v1/dashboards/by-slug/${handle}/${slug}`, {
      headers: { 'x-strata-context': handle },
    });
    const { dashboard_id } = (await byHandle.json()) as { dashboard_id: number };
    const hide = await page.request.patch(`/api/v1/dashboards/${dashboard_id}`, {
      headers: { 'x-strata-context': handle },
      data: { is_private: true },
    });
    expect(hide.ok()).toBe(true);
    expect(await metaOf(request, link, 'og:image')).toBeNull();
    expect(await (await request.get(link)).text()).not.toContain('Chains');
    expect((await request.get(image!)).status()).toBe(404);
  });
});
