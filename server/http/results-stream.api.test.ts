import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSql } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';

/**
 * JSON pages are written by DuckDB to a file and streamed (http/file-stream.ts): a page
 * sent over many chunks must equal the same rows read in small pages, whatever the sort, filter
 * or sample, and the page file must go once the answer is sent or the client has gone.
 */
let t: TestServer;
let user: TestUser;
let id: string;
const ROWS = 60_000;

beforeAll(async () => {
  t = await createTestServer({ maxDatapointsPerRequest: 10_000_000, maxPageRows: 100_000 });
  user = await t.createUser('streamer');
  // Wide text (commas, quotes, control characters, non-ASCII) so the page spans many chunks.
  id = (
    await runSql(
      t,
      user.key,
      `SELECT range AS n, repeat('x,"y"\n\t\u0001é😀', 1 + range % 7) || range AS s,
         CASE WHEN range % 5 = 0 THEN NULL ELSE range / 3 END AS d,
         [range, range + 1] AS l, {'a': range % 4, 'b': 'z' || range} AS st
       FROM range(${ROWS})`,
      { dialect: 'duckdb' },
    )
  ).id;
});
afterAll(() => t.close());

const pagesDir = () => path.join(t.dir, 'tmp', 'pages');

async function page(qs: string) {
  const r = await t.call('GET', `/api/v1/execution/${id}/results${qs}`, { key: user.key });
  expect(r.status).toBe(200);
  return r.json as { result: { rows: unknown[]; metadata: { row_count: number } } };
}

/**
 * The same rows read 1,000 at a time: each page one small chunk, and small enough to be built in
 * memory, where a large page is a file DuckDB writes (engine/results.ts, SMALL_PAGE_CELLS).
 */
async function inSmallPages(qs: string, total: number) {
  const rows: unknown[] = [];
  for (let offset = 0; offset < total; offset += 1000)
    rows.push(...(await page(`?limit=1000&offset=${offset}${qs}`)).result.rows);
  return rows;
}

describe('streamed JSON pages', () => {
  it('a page over many chunks equals the same rows read in small pages', async () => {
    const url = `${(await t.listen()).url}/api/v1/execution/${id}/results?limit=${ROWS}`;
    const res = await fetch(url, { headers: { 'x-service-api-key': user.key } });
    let chunks = 0;
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of res.body!) {
      chunks++;
      text += decoder.decode(chunk, { stream: true });
    }
    expect(chunks).toBeGreaterThan(3);
    const whole = JSON.parse(text) as Awaited<ReturnType<typeof page>>;
    expect(whole.result.rows).toHaveLength(ROWS);
    expect(whole.result.metadata.row_count).toBe(ROWS);
    expect(whole.result.rows).toEqual(await inSmallPages('', ROWS));
  });

  it('sorted, filtered and sampled pages keep their order and rows', async () => {
    const sorted = await page('?limit=20000&sort_by=d desc nulls last, n');
    expect(sorted.result.rows).toEqual(
      (await inSmallPages('&sort_by=d desc nulls last, n', 20_000)).slice(0, 20_000),
    );
    const ds = sorted.result.rows.map((r) => (r as { d: number | null }).d);
    expect(ds).toEqual([...ds].sort((a, b) => (b ?? -1) - (a ?? -1)));

    const filtered = await page(`?limit=${ROWS}&filters=${encodeURIComponent('n >= 25000')}`);
    expect(filtered.result.rows).toHaveLength(ROWS - 25_000);
    expect((filtered.result.rows as { n: number }[]).every((r, i) => r.n === 25_000 + i)).toBe(
      true,
    );

    const sample = await page('?sample_count=5000');
    expect(sample.result.rows).toHaveLength(5000);
    expect((await page('?sample_count=5000')).result.rows).toEqual(sample.result.rows);
  });

  it('an empty page is an empty array, and a page of no columns is empty objects', async () => {
    expect((await page('?offset=999999')).result.rows).toEqual([]);
    const none = await runSql(t, user.key, 'SELECT * FROM range(3) t(x) WHERE x > 99');
    const r = await t.call('GET', `/api/v1/execution/${none.id}/results`, { key: user.key });
    expect(r.json.result.rows).toEqual([]);
  });

  it('a walk of next_uri in bulk pages is served from pages written ahead, the same rows', async () => {
    t.deps.executions.results.close(); // pages the tests above left ahead
    await expect.poll(() => fs.readdirSync(pagesDir()).length).toBe(0);
    const walked: unknown[] = [];
    let url: string | undefined = `/api/v1/execution/${id}/results?limit=10000&sort_by=n desc`;
    let pages = 0;
    while (url) {
      const r = await t.call('GET', url.replace(/^https?:\/\/[^/]+/, ''), { key: user.key });
      walked.push(...(r.json.result.rows as unknown[]));
      url = r.json.next_uri as string | undefined;
      // The next page is being written ahead while this one is read.
      if (url) await expect.poll(() => fs.readdirSync(pagesDir()).length).toBeGreaterThan(0);
      pages++;
    }
    expect(pages).toBe(6);
    expect(walked).toEqual((await page(`?limit=${ROWS}&sort_by=n desc`)).result.rows);
    // Nothing is left ahead after the last page; what a walk left behind goes at close.
    t.deps.executions.results.close();
    await expect.poll(() => fs.readdirSync(pagesDir()).length).toBe(0);
  });

  it('deletes the page file once the answer is read, or when the client goes away', async () => {
    t.deps.executions.results.close(); // pages the walks above wrote ahead
    await page(`?limit=${ROWS}`);
    await expect.poll(() => fs.readdirSync(pagesDir()).length).toBe(0);

    const { url } = await t.listen();
    const aborter = new AbortController();
    const res = await fetch(`${url}/api/v1/execution/${id}/results?limit=${ROWS}`, {
      headers: { 'x-service-api-key': user.key },
      signal: aborter.signal,
    });
    const reader = res.body!.getReader();
    await reader.read(); // the head and the first rows
    aborter.abort();
    await expect.poll(() => fs.readdirSync(pagesDir()).length, { timeout: 10_000 }).toBe(0);
  });

  it('a HEAD request answers the headers and leaves no page file behind', async () => {
    await expect.poll(() => fs.readdirSync(pagesDir()).length).toBe(0);
    for (const suffix of ['', '/csv']) {
      const r = await t.app.request(`/api/v1/execution/${id}/results${suffix}?limit=5000`, {
        method: 'HEAD',
        headers: { 'x-service-api-key': user.key },
      });
      expect(r.status).toBe(200);
      expect(r.body).toBeNull();
    }
    await expect.poll(() => fs.readdirSync(pagesDir()).length).toBe(0);
  });

  it('page files left by a process that died are removed at the next start', async () => {
    const stray = path.join(pagesDir(), 'left-behind.json');
    fs.writeFileSync(stray, '{},');
    const again = await createTestServer({ dataDir: t.dir });
    try {
      expect(fs.existsSync(stray)).toBe(false);
    } finally {
      await again.close();
    }
  });
});
