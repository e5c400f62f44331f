import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runSql } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';

/**
 * A small result's rows are read as JSON text when its run completes, and its plain pages
 * (offset and limit only) are cut from them without a query (engine/small-result.ts,
 * small-results.ts): each such page must equal the one DuckDB reads from the file.
 */
let t: TestServer;
let alice: TestUser;
beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
});
afterAll(() => t.close());

/** Every kind of value the wire contract renders, with edge cases, in the query's own order. */
const TYPES = `SELECT i AS int, i::HUGEINT * 100000000000000000000 AS huge, (i / 3)::DECIMAL(18, 4) AS dec,
  CASE i WHEN 0 THEN 'NaN'::DOUBLE WHEN 1 THEN 'inf'::DOUBLE ELSE i / 7 END AS dbl,
  (i * 0.1)::FLOAT AS flt, i % 2 = 0 AS even, CASE WHEN i = 2 THEN NULL ELSE 'tab	"quote" ü ' || i END AS text,
  DATE '2024-02-28' + i::INTEGER AS day, TIMESTAMP '2024-01-01 12:34:56.789' + INTERVAL (i) HOUR AS ts,
  TIMESTAMPTZ '2024-01-01 00:00:00+02' AS tstz, INTERVAL (i) DAY AS gap, '\\xAA\\x00'::BLOB AS bin,
  [i, i + 1] AS list, {'a': i, 'b': 'x'} AS rec, MAP {'k': i} AS map, '{"j": [1, 2]}'::JSON AS doc,
  '5b9c0cb0-5c5e-4a3c-9f0a-2f5b3c7c7a10'::UUID AS id, TIMETZ '12:00:00+01' AS ttz, i AS "Int"
FROM range(5) t(i) ORDER BY i DESC`;

async function page(id: string, query = '') {
  const r = await t.call('GET', `/api/v1/execution/${id}/results${query}`, { key: alice.key });
  expect(r.status, r.text).toBe(200);
  return r.json;
}

/** The same page read by DuckDB from the file: naming every column takes the query path. */
async function fromFile(id: string, query = '') {
  const first = await page(id, '?limit=1');
  const columns = (first.result.metadata.column_names as string[]).join(',');
  return page(id, `${query}${query ? '&' : '?'}columns=${encodeURIComponent(columns)}`);
}

/** What `during` resolves to, and the calls of the trusted DuckDB meanwhile. */
async function queriesDuring<T>(during: () => Promise<T>): Promise<[T, number]> {
  const spy = vi.spyOn(t.deps.duck, 'withConnection');
  try {
    const out = await during();
    return [out, spy.mock.calls.length];
  } finally {
    spy.mockRestore();
  }
}

describe('a small result', () => {
  it('is paged from memory, each page equal to the one read from its file', async () => {
    const { id, status } = await runSql(t, alice.key, TYPES, { dialect: 'duckdb' });
    expect(status.state, JSON.stringify(status.error)).toBe('QUERY_STATE_COMPLETED');
    for (const q of [
      '',
      '?limit=2',
      '?limit=2&offset=2',
      '?offset=4',
      '?offset=9',
      '?limit=1000',
    ]) {
      const [cut, calls] = await queriesDuring(() => page(id, q));
      expect(calls, q).toBe(0);
      const read = await fromFile(id, q);
      expect(cut.result.rows, q).toEqual(read.result.rows);
      expect(cut.next_offset ?? null, q).toEqual(read.next_offset ?? null);
      const uri = read.next_uri ? String(read.next_uri).replace(/&columns=[^&]*/, '') : null;
      expect(cut.next_uri ?? null, q).toEqual(uri);
      for (const field of ['row_count', 'total_row_count', 'datapoint_count', 'column_names'])
        expect(cut.result.metadata[field], `${q} ${field}`).toEqual(read.result.metadata[field]);
    }
    const rows = (await page(id)).result.rows;
    expect(rows.map((r: { int: number }) => r.int)).toEqual([4, 3, 2, 1, 0]);
    expect(rows[0]).toMatchObject({ text: 'tab\t"quote" ü 4', Int_1: 4 });
  });

  it('with a sort, filters, columns or a sample is read by a query', async () => {
    const { id } = await runSql(t, alice.key, 'SELECT i AS n FROM range(10) t(i)');
    const [, calls] = await queriesDuring(async () => {
      const sorted = await page(id, `?sort_by=${encodeURIComponent('n desc')}&limit=3`);
      expect(sorted.result.rows).toEqual([{ n: 9 }, { n: 8 }, { n: 7 }]);
      const filtered = await page(id, `?filters=${encodeURIComponent('n > 7')}`);
      expect(filtered.result.rows).toEqual([{ n: 8 }, { n: 9 }]);
      expect((await page(id, '?sample_count=3')).result.rows).toHaveLength(3);
      expect((await page(id, '?columns=n&limit=1')).result.rows).toEqual([{ n: 0 }]);
    });
    expect(calls).toBeGreaterThanOrEqual(4);
  });

  it('that is empty pages from memory too', async () => {
    const { id } = await runSql(t, alice.key, 'SELECT 1 AS n WHERE false');
    const [empty, calls] = await queriesDuring(() => page(id));
    expect(calls).toBe(0);
    expect(empty.result.rows).toEqual([]);
    expect(empty.result.metadata.total_row_count).toBe(0);
  });
});

describe('a result that is not small', () => {
  it('of more rows than a small one has is paged from its file', async () => {
    const { id } = await runSql(t, alice.key, 'SELECT i AS n FROM range(1001) t(i)');
    const [last, calls] = await queriesDuring(() => page(id, '?limit=2&offset=999'));
    expect(calls).toBe(1);
    expect(last.result.rows).toEqual([{ n: 999 }, { n: 1000 }]);
  });

  it('of few rows with long values is paged from its file, never read whole', async () => {
    // 1000 copies of one 2,000-character value: Parquet stores it once; its JSON is 2 MB.
    const { id, status } = await runSql(
      t,
      alice.key,
      "SELECT i AS n, repeat('x', 2000) AS pad FROM range(1000) t(i)",
      { dialect: 'duckdb' },
    );
    expect(status.state).toBe('QUERY_STATE_COMPLETED');
    const [last, calls] = await queriesDuring(() => page(id, '?limit=1&offset=999'));
    expect(calls).toBe(1);
    expect(last.result.rows).toEqual([{ n: 999, pad: 'x'.repeat(2000) }]);
  });

  it('of a failed run has no rows to page', async () => {
    const { id, status } = await runSql(t, alice.key, "SELECT 'x'::INTEGER AS n");
    expect(status.state).toBe('QUERY_STATE_FAILED');
    const r = await t.call('GET', `/api/v1/execution/${id}/results`, { key: alice.key });
    expect(r.status).toBe(200);
    expect(r.json.result).toBeUndefined();
  });
});
