import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishTable, runSql } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { FAMILIES, createTable, insertCsv } from '../test/uploads-helpers.js';

// Addresses and hashes are varbinary wherever they come from (issue 33): an uploaded list of
// addresses written as 0x hex, in any case, holds the same bytes as a BLOB constant or a table's
// BLOB column, so joins and filters on it match; results show it as lowercase 0x hex.

let t: TestServer;
let alice: TestUser;
beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('vb_alice');
});
afterAll(() => t.close());

const USDT = '0xdac17f958d2ee523a2206206994597c13d831ec7';
const UNI = '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984';
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
// As people paste them: checksummed (mixed case), lower case, an upper-case prefix.
const WATCHLIST = [
  'label,address',
  'usdt,0xdAC17F958D2ee523a2206206994597C13D831ec7',
  `uni,${UNI}`,
  'usdc,0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48',
].join('\n');
const TABLE = 'dune.vb_alice.dataset_watchlist';

/** Runs `sql` (in `dialect`, or the default) to its end: its rows, or its error message. */
async function run(sql: string, dialect?: 'duckdb' | 'dunesql', on = { t, user: alice }) {
  const { key } = on.user;
  const { id, status } = await runSql(on.t, key, sql, dialect ? { dialect } : {});
  if (status.state !== 'QUERY_STATE_COMPLETED')
    return { id, error: status.error?.message as string };
  const r = await on.t.call('GET', `/api/v1/execution/${id}/results`, { key });
  return { id, rows: r.json.result.rows as Record<string, unknown>[] };
}

describe('uploaded 0x hex is varbinary', () => {
  beforeAll(async () => {
    const r = await t.call('POST', FAMILIES[0]!.csv, {
      key: alice.key,
      body: { table_name: 'watchlist', data: `${WATCHLIST}\n` },
    });
    expect(r.status, r.text).toBe(200);
  });

  it('is typed varbinary and shown as lowercase 0x hex in JSON and CSV results', async () => {
    const list = await t.call('GET', FAMILIES[0]!.list, { key: alice.key });
    const entry = list.json.tables.find((x: { full_name: string }) => x.full_name === TABLE);
    expect(entry.columns.map((c: { name: string; type: string }) => [c.name, c.type])).toEqual([
      ['label', 'varchar'],
      ['address', 'varbinary'],
    ]);
    const out = await run(`select label, address from ${TABLE} order by label`, 'duckdb');
    expect(out.rows).toEqual([
      { label: 'uni', address: UNI },
      { label: 'usdc', address: USDC },
      { label: 'usdt', address: USDT },
    ]);
    const csv = await t.call('GET', `/api/v1/execution/${out.id}/results/csv`, { key: alice.key });
    expect(csv.text).toBe(`label,address\nuni,${UNI}\nusdc,${USDC}\nusdt,${USDT}\n`);
  });

  it('matches a BLOB constant and joins a table of BLOB addresses (DuckDB SQL)', async () => {
    const byConstant = await run(
      `select label from ${TABLE} where address = from_hex('${USDT.slice(2).toUpperCase()}')`,
      'duckdb',
    );
    expect(byConstant.rows).toEqual([{ label: 'usdt' }]);
    await publishTable(t, {
      schema: 'vb_alice',
      table: 'tokens',
      ownerId: alice.account.id,
      isPrivate: true,
      select: `SELECT unhex('${USDC.slice(2)}') AS contract, 6 AS decimals
        UNION ALL SELECT unhex('${USDT.slice(2)}'), 6
        UNION ALL SELECT unhex('${'00'.repeat(20)}'), 18`,
    });
    const joined = await run(
      `select w.label, t.decimals from ${TABLE} w join dune.vb_alice.tokens t
        on w.address = t.contract order by w.label`,
      'duckdb',
    );
    expect(joined.rows).toEqual([
      { label: 'usdc', decimals: 6 },
      { label: 'usdt', decimals: 6 },
    ]);
  });

  it('matches a DuneSQL 0x literal, in any case', async () => {
    const out = await run(
      `select label from ${TABLE} where address = 0xdAC17F958D2ee523a2206206994597C13D831ec7`,
    );
    expect(out).toEqual({ id: out.id, rows: [{ label: 'usdt' }] });
  });

  it('finds every row of an address repeated through a large upload (no Bloom filter misread)', async () => {
    // Three addresses, 1000 rows each: DuckDB dictionary-encodes the column and, with its
    // default Bloom filters, would find none of them on a filter or a join (parquet-write.ts).
    const lines = ['n,address'];
    for (let i = 0; i < 3000; i++) lines.push(`${i},${[USDT, UNI, USDC][i % 3]}`);
    const r = await t.call('POST', FAMILIES[0]!.csv, {
      key: alice.key,
      body: { table_name: 'repeated', data: `${lines.join('\n')}\n` },
    });
    expect(r.status, r.text).toBe(200);
    const table = 'dune.vb_alice.dataset_repeated';
    expect((await run(`select count(*) as n from ${table} where address = ${UNI}`)).rows).toEqual([
      { n: 1000 },
    ]);
    const joined = await run(
      `select count(*) as n from ${table} r join (select ${USDC} as a) k on k.a = r.address`,
    );
    expect(joined.rows).toEqual([{ n: 1000 }]);
  });

  it('leaves a column with odd-length or non-hex 0x values as text (the inference rule)', async () => {
    const r = await t.call('POST', FAMILIES[0]!.csv, {
      key: alice.key,
      body: { table_name: 'mixed', data: `address\n${UNI}\n0xabc\n0xzz\n` },
    });
    expect(r.status, r.text).toBe(200);
    const list = await t.call('GET', FAMILIES[0]!.list, { key: alice.key });
    const entry = list.json.tables.find(
      (x: { full_name: string }) => x.full_name === 'dune.vb_alice.dataset_mixed',
    );
    expect(entry.columns[0]).toMatchObject({ name: 'address', type: 'varchar' });
  });

  it.each([
    ['odd length', '0xabc'],
    ['not hex', `0x${'zz'.repeat(20)}`],
  ])('refuses %s in a varbinary column, naming its line and column', async (_, bad) => {
    await createTable(t, alice.key, 'vb_alice', `strict_${bad.length}`, {
      schema: [
        { name: 'label', type: 'varchar' },
        { name: 'address', type: 'varbinary' },
      ],
    });
    const r = await insertCsv(
      t,
      alice.key,
      'vb_alice',
      `strict_${bad.length}`,
      `label,address\nok,${UNI}\nbad,${bad}\n`,
    );
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/^line 3, column "address"/);
    expect(r.json.error).toContain('0x-prefixed hex of even length');
  });
});

describe('an uploaded address list joins the demo data', () => {
  let demo: TestServer;
  let bob: TestUser;
  beforeAll(async () => {
    demo = await createTestServer({ demoData: true, demoScale: 0.001 });
    bob = await demo.createUser('vb_bob');
  });
  afterAll(() => demo.close());

  it("matches dex.trades' takers, as written in upper case", async () => {
    const on = { t: demo, user: bob };
    const top = await run(
      'select taker, count(*) as n from dex.trades group by taker order by n desc, taker limit 3',
      'duckdb',
      on,
    );
    const takers = top.rows!.map((r) => String(r.taker));
    expect(takers).toHaveLength(3);
    expect(takers.every((a) => /^0x[0-9a-f]{40}$/.test(a))).toBe(true);
    const data = ['address', ...takers.map((a) => `0x${a.slice(2).toUpperCase()}`)].join('\n');
    const r = await demo.call('POST', FAMILIES[0]!.csv, {
      key: bob.key,
      body: { table_name: 'takers', data: `${data}\n` },
    });
    expect(r.status, r.text).toBe(200);
    const joined = await run(
      `select count(*) as n from dex.trades t
        join dune.vb_bob.dataset_takers w on t.taker = w.address`,
      undefined,
      on,
    );
    const expected = top.rows!.reduce((sum, row) => sum + Number(row.n), 0);
    expect(joined.rows).toEqual([{ n: expected }]);
  });
});
