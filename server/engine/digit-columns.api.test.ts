import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoData } from '../demo/demo-seed.js';
import { runSql } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { createQuery, upsertView } from '../test/matviews-helpers.js';
import { createTable, insertCsv } from '../test/uploads-helpers.js';

/**
 * uint256 and int256 columns are decimal digits in the lake's Parquet (no Parquet number holds 78
 * digits) and numbers to SQL (snapshot-read.ts tableSelect): sums, comparisons and ordering are
 * exact at any size, in both dialects, for uploads, the demo's raw amounts and views of them.
 */
let t: TestServer;
let alice: TestUser;
const MAX = 2n ** 256n - 1n;
const HALF = 2n ** 255n;

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  const schema = [
    { name: 'u', type: 'uint256' },
    { name: 'i', type: 'int256' },
    { name: 'k', type: 'integer' },
  ];
  await createTable(t, alice.key, 'alice', 'amounts', { schema });
  const csv = `u,i,k\n${MAX},-${HALF},1\n${HALF},5,2\n9,-7,3\n10,7,4\n`;
  const r = await insertCsv(t, alice.key, 'alice', 'amounts', csv);
  expect(r.status, r.text).toBe(200);
});
afterAll(() => t.close());

async function rows(sql: string, dialect: 'dunesql' | 'duckdb') {
  const { id, status } = await runSql(t, alice.key, sql, { dialect });
  expect(status.state, `${sql}: ${JSON.stringify(status.error)}`).toBe('QUERY_STATE_COMPLETED');
  const page = await t.call('GET', `/api/v1/execution/${id}/results`, { key: alice.key });
  return page.json.result.rows as Record<string, unknown>[];
}

describe('256-bit columns read as numbers', () => {
  for (const dialect of ['dunesql', 'duckdb'] as const) {
    it(`sums, compares and orders them exactly (${dialect})`, async () => {
      const sum = await rows(
        `SELECT sum(u) AS su, sum(i) AS si, max(u) AS mu, min(i) AS mi, count(*) AS n
         FROM dune.alice.amounts WHERE u > 9`,
        dialect,
      );
      expect(sum).toEqual([
        {
          su: String(MAX + HALF + 10n),
          si: String(-HALF + 5n + 7n),
          mu: String(MAX),
          mi: String(-HALF),
          n: 3,
        },
      ]);
      // numeric order: 9 before 10 (as text, "10" < "9")
      const ordered = await rows('SELECT k FROM dune.alice.amounts ORDER BY u', dialect);
      expect(ordered.map((r) => r.k)).toEqual([3, 4, 2, 1]);
    });
  }

  it('reads the demo’s raw amounts as numbers', async () => {
    await ensureDemoData({ ...t.deps, config: { ...t.deps.config, demoScale: 0.001 } });
    const [r] = await rows(
      `SELECT count(*) AS n, sum(token_bought_amount_raw) > 0 AS positive,
         any_value(typeof(token_sold_amount_raw)) AS type
       FROM dex.trades WHERE token_bought_amount_raw > 1000`,
      'dunesql',
    );
    expect(r).toMatchObject({ positive: true, type: 'BIGNUM' });
    expect(r!.n).toBeGreaterThan(0);
  });

  it('keeps a view’s 256-bit column a number', async () => {
    const queryId = await createQuery(
      t,
      alice.key,
      'SELECT k % 2 AS parity, sum(u) AS total FROM dune.alice.amounts GROUP BY 1',
    );
    const { status } = await upsertView(t, alice.key, {
      name: 'result_big_sums',
      query_id: queryId,
    });
    expect(status.state).toBe('QUERY_STATE_COMPLETED');
    const got = await rows(
      'SELECT total + 1 AS next, typeof(total) AS type FROM dune.alice.result_big_sums ORDER BY total',
      'dunesql',
    );
    expect(got).toEqual([
      { next: String(HALF + 10n + 1n), type: 'BIGNUM' },
      { next: String(MAX + 9n + 1n), type: 'BIGNUM' },
    ]);
  });
});
