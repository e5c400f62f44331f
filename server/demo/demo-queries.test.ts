import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  normalizeParameterDefs,
  placeholderNames,
  renderSql,
  resolveParameterValues,
} from '../engine/parameters.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { DIALECTS, type Dialect } from '../../contract/rules/enums.js';
import { dialectDefinitions, engineSql, parserSettings } from '../engine/dialects.js';
import { DEMO_QUERIES, DEMO_TEAM, ensureDemoQueries } from './demo-queries.js';

/** The demo tables' columns, as the demo data generator writes them (BLOB: varbinary). */
const BLOCKS = `number BIGINT, time TIMESTAMP, date DATE, hash BLOB, parent_hash BLOB,
  miner BLOB, gas_limit BIGINT, gas_used BIGINT, base_fee_per_gas BIGINT, tx_count INTEGER,
  size BIGINT`;
const TRANSACTIONS = `block_number BIGINT, block_time TIMESTAMP, block_date DATE, block_hash BLOB,
  hash BLOB, "from" BLOB, "to" BLOB, value DECIMAL(38,0), gas_limit BIGINT, gas_used BIGINT,
  gas_price BIGINT, max_fee_per_gas BIGINT, max_priority_fee_per_gas BIGINT,
  effective_gas_price BIGINT, nonce BIGINT, "index" INTEGER, success BOOLEAN, type VARCHAR,
  data BLOB`;
const LOGS = `block_time TIMESTAMP, block_number BIGINT, block_hash BLOB, contract_address BLOB,
  topic0 BLOB, topic1 BLOB, topic2 BLOB, topic3 BLOB, data BLOB, tx_hash BLOB, "index" INTEGER,
  tx_index INTEGER, block_date DATE, tx_from BLOB, tx_to BLOB`;
const TABLES: Record<string, string> = {
  'ethereum.blocks': BLOCKS,
  'base.blocks': BLOCKS,
  'arbitrum.blocks': BLOCKS,
  'ethereum.transactions': TRANSACTIONS,
  'base.transactions': TRANSACTIONS,
  'arbitrum.transactions': TRANSACTIONS,
  'ethereum.logs': LOGS,
  'tokens.erc20': `blockchain VARCHAR, contract_address BLOB, symbol VARCHAR, name VARCHAR,
    decimals INTEGER`,
  'prices.usd': `blockchain VARCHAR, contract_address BLOB, symbol VARCHAR, decimals INTEGER,
    minute TIMESTAMP, price DOUBLE`,
  'dex.trades': `blockchain VARCHAR, project VARCHAR, version VARCHAR, block_date DATE,
    block_time TIMESTAMP, block_number BIGINT, token_bought_symbol VARCHAR,
    token_sold_symbol VARCHAR, token_pair VARCHAR, token_bought_amount DOUBLE,
    token_sold_amount DOUBLE, amount_usd DOUBLE, token_bought_address BLOB,
    token_sold_address BLOB, taker BLOB, maker BLOB, project_contract_address BLOB,
    tx_hash BLOB, evt_index INTEGER`,
  'erc20_ethereum.evt_Transfer': `contract_address BLOB, evt_tx_hash BLOB,
    evt_index INTEGER, evt_block_time TIMESTAMP, evt_block_number BIGINT, "from" BLOB,
    "to" BLOB, value DECIMAL(38,0)`,
  'uniswap_v3_ethereum.evt_Swap': `contract_address BLOB, evt_tx_hash BLOB,
    evt_index INTEGER, evt_block_time TIMESTAMP, evt_block_number BIGINT, sender BLOB,
    recipient BLOB, amount0 DECIMAL(38,0), amount1 DECIMAL(38,0), sqrtPriceX96 DECIMAL(38,0),
    liquidity DECIMAL(38,0), tick INTEGER`,
};

/** Sample addresses and hashes (varbinary). */
const A = `unhex('${'aa'.repeat(20)}')`;
const B = `unhex('${'bb'.repeat(20)}')`;
const USDC = `unhex('a0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')`;
const WETH = `unhex('c02aaa39b223fe8d0a0e5c4f27ead9083c756cc2')`;
const POOL = `unhex('${'cc'.repeat(20)}')`;
const TX = `unhex('${'01'.repeat(32)}')`;
const hash = (n: number) => `unhex('${n.toString(16).padStart(64, '0')}')`;

/** A few rows so the queries run over data, not only bind. */
const ROWS = [
  `INSERT INTO ethereum.blocks VALUES
     (1, TIMESTAMP '2025-01-01 00:00:00', DATE '2025-01-01', ${hash(1)}, ${hash(0)}, ${A}, 30000000, 15000000, 20000000000, 100, 50000),
     (2, TIMESTAMP '2025-01-10 00:00:00', DATE '2025-01-10', ${hash(2)}, ${hash(1)}, ${A}, 30000000, 0, 10000000000, 0, 1000)`,
  `INSERT INTO base.transactions VALUES
     (5, TIMESTAMP '2025-01-02 10:00:00', DATE '2025-01-02', ${hash(5)}, ${TX}, ${A}, ${B},
      1000000000000000000, 21000, 21000, 100000000000, 150000000000, 2000000000, 100000000000,
      1, 0, true, 'DynamicFee', ''::BLOB)`,
  // USDC's Transfer of 123 USDC from A to B, as a raw log: topics hold the padded addresses
  `INSERT INTO ethereum.logs VALUES (TIMESTAMP '2025-01-02 10:00:00', 5, ${hash(5)}, ${USDC},
     unhex('ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'),
     unhex('${'0'.repeat(24)}${'aa'.repeat(20)}'), unhex('${'0'.repeat(24)}${'bb'.repeat(20)}'),
     NULL, unhex('${(123_000_000).toString(16).padStart(64, '0')}'), ${TX}, 4, 1, DATE '2025-01-02',
     ${A}, ${USDC})`,
  `INSERT INTO tokens.erc20 VALUES ('ethereum', ${USDC}, 'USDC', 'USD Coin', 6)`,
  `INSERT INTO erc20_ethereum.evt_Transfer VALUES
     (${USDC}, ${TX}, 1, TIMESTAMP '2025-01-02 10:00:00', 5, ${A}, ${B}, 123000000)`,
  `INSERT INTO prices.usd VALUES ('ethereum', ${WETH}, 'WETH', 18, TIMESTAMP '2025-01-02 10:00:00', 3300.5)`,
  `INSERT INTO dex.trades VALUES ('ethereum', 'uniswap', '3', DATE '2025-01-02',
     TIMESTAMP '2025-01-02 10:00:00', 5, 'WETH', 'USDC', 'USDC-WETH', 1.0, 3300.0, 3300.0,
     ${WETH}, ${USDC}, ${A}, NULL, ${POOL}, ${TX}, 2)`,
  `INSERT INTO uniswap_v3_ethereum.evt_Swap VALUES (${POOL}, ${TX}, 2,
     TIMESTAMP '2025-01-02 10:00:00', 5, ${A}, ${B}, -1000, 3300, 1, 1, 10)`,
];

/** An instance per dialect, set up as a sandbox for it is, over the same sample tables. */
const instances = new Map<Dialect, { duck: DuckDBInstance; conn: DuckDBConnection }>();
beforeAll(async () => {
  for (const dialect of DIALECTS) {
    const duck = await DuckDBInstance.create(':memory:');
    const conn = await duck.connect();
    for (const sql of [...parserSettings(dialect), ...(await dialectDefinitions(dialect))])
      await conn.run(sql);
    const schemas = new Set(Object.keys(TABLES).map((t) => t.split('.')[0]));
    for (const s of schemas) await conn.run(`CREATE SCHEMA ${s}`);
    for (const [name, cols] of Object.entries(TABLES)) {
      await conn.run(`CREATE TABLE ${name} (${cols})`);
    }
    for (const sql of ROWS) await conn.run(sql);
    instances.set(dialect, { duck, conn });
  }
});
afterAll(() => {
  for (const { duck, conn } of instances.values()) {
    conn.closeSync();
    duck.closeSync();
  }
});

/** A demo query's rows with these parameter values, run in its own dialect. */
async function run(sql: string, given: Record<string, string | string[]>, defs = DEMO_QUERIES) {
  const q = defs.find((d) => d.query_sql === sql)!;
  const rendered = renderSql(sql, resolveParameterValues(q.parameters ?? [], given)).sql;
  const { conn } = instances.get(q.dialect)!;
  return (await conn.runAndReadAll(engineSql(rendered, q.dialect).sql)).getRowObjectsJson();
}
/** A value as DuckDB's JSON rows show it (a BLOB as \\x.. text). */
const shown = async (sql: string) =>
  (await instances.get('duckdb')!.conn.runAndReadAll(`SELECT ${sql} AS v`)).getRowObjectsJson()[0]!
    .v;

describe('demo queries', () => {
  it('has 6 to 8 tagged queries with distinct names', () => {
    expect(DEMO_QUERIES.length).toBeGreaterThanOrEqual(6);
    expect(DEMO_QUERIES.length).toBeLessThanOrEqual(8);
    expect(new Set(DEMO_QUERIES.map((q) => q.name)).size).toBe(DEMO_QUERIES.length);
    for (const q of DEMO_QUERIES) expect(q.tags).toContain('demo');
  });

  it.each(DEMO_QUERIES.map((q) => [q.name, q] as const))(
    '%s: parameters validate and the SQL runs with the defaults',
    async (_name, q) => {
      const defs = q.parameters ?? [];
      expect(defs.length).toBeGreaterThan(0);
      // Every placeholder has a definition: normalizing adds nothing and throws nothing.
      expect(normalizeParameterDefs(q.query_sql, defs)).toEqual(defs);
      expect(placeholderNames(q.query_sql).sort()).toEqual(defs.map((d) => d.key).sort());
      await expect(run(q.query_sql, {})).resolves.toBeInstanceOf(Array);
    },
  );

  it('computes answers over the sample rows', async () => {
    const byName = (name: string) => DEMO_QUERIES.find((q) => q.name === name)!.query_sql;
    expect(await run(byName('Daily transactions per chain'), { chain: 'base' })).toEqual([
      { day: '2025-01-02', transactions: '1', success_rate_pct: 100, gas_used: '21000' },
    ]);
    expect(await run(byName('Daily transactions per chain'), { chain: 'arbitrum' })).toEqual([]);
    const fees = await run(byName('Fees and senders across chains'), { chains: ['base'] });
    expect(fees).toEqual([
      {
        chain: 'base',
        transactions: '1',
        senders: '1',
        fees_native: 0.0021,
        avg_tip_cap_gwei: 2,
        value_native: 1,
      },
    ]);
    expect(await run(byName('Fees and senders across chains'), { chains: ['ethereum'] })).toEqual(
      [],
    );
    const transfers = await run(byName('Largest transfers of a token'), { symbol: 'usdc' });
    expect(transfers).toMatchObject([{ symbol: 'USDC', amount: 123 }]);
    const logs = await run(byName('Token transfers from raw logs'), { symbol: 'usdc' });
    expect(logs).toEqual([
      {
        block_time: '2025-01-02 10:00:00',
        symbol: 'USDC',
        sender: await shown(A),
        recipient: await shown(B),
        amount: 123,
        tx_hash: await shown(TX),
      },
    ]);
    expect(await run(byName('Token transfers from raw logs'), { symbol: 'WETH' })).toEqual([]);
    const gas = await run(byName('Ethereum gas used by block'), { days: '3' });
    expect(gas.map((r) => r.number)).toEqual(['2']);
    const pairs = await run(byName('Top DEX pairs by volume'), { project: 'curve' });
    expect(pairs).toEqual([]);
    expect(await run(byName('Top DEX pairs by volume'), {})).toMatchObject([
      { token_pair: 'USDC-WETH', project: 'uniswap', trades: '1' },
    ]);
  });
});

describe('ensureDemoQueries', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer();
  });
  afterAll(() => t.close());

  it('creates the demo team and its public queries once', async () => {
    await ensureDemoQueries(t.deps);
    const team = (await t.deps.accounts.byHandle(DEMO_TEAM))!;
    expect(team.type).toBe('team');
    expect(await t.deps.accounts.members(team.id)).toEqual([]);
    const first = await t.deps.queries.list(team.id, { limit: 100, offset: 0 });
    expect(first.total).toBe(DEMO_QUERIES.length);
    for (const q of first.queries) {
      expect(q).toMatchObject({ is_private: false, is_temp: false, version: 1, created_by: null });
      expect(q.dialect, q.name).toBe(DEMO_QUERIES.find((d) => d.name === q.name)!.dialect);
      expect((await t.deps.queries.readable(q.id, null)).owner_handle).toBe(DEMO_TEAM);
    }
    await ensureDemoQueries(t.deps);
    expect(await t.deps.queries.countOwned(team.id)).toBe(DEMO_QUERIES.length);
  });

  it('shows the demo queries to any context as public queries', async () => {
    const u = await t.createUser('demo_viewer');
    const r = await t.call('GET', '/api/v1/queries?scope=public&tags=demo', { key: u.readKey });
    expect(r.json.total).toBe(DEMO_QUERIES.length);
    expect(r.json.queries[0].owner).toBe(DEMO_TEAM);
  });

  it('brings the demo queries of a folder seeded by earlier code up to date', async () => {
    // as earlier code left them (queries of existing folders became duckdb by migration): one
    // comparing addresses as text, which varbinary demo data no longer has
    const u = await createTestServer();
    try {
      const team = await u.deps.accounts.createTeam(DEMO_TEAM, null, 'Demo');
      const system = { contextId: team.id, userId: null };
      const oldSql = `SELECT t."from", t.value FROM erc20_ethereum.evt_Transfer t
JOIN tokens.erc20 tok ON lower(tok.contract_address) = lower(t.contract_address)
WHERE tok.symbol = '{{symbol}}'`;
      const old = await u.deps.queries.create(system, {
        name: 'Largest transfers of a token',
        query_sql: oldSql,
        dialect: 'duckdb',
        parameters: [{ key: 'symbol', type: 'text', value: 'USDC' }],
        tags: ['demo'],
      });
      const same = DEMO_QUERIES.find((q) => q.name === 'Token price history')!;
      const kept = await u.deps.queries.create(system, same);

      await ensureDemoQueries(u.deps);
      const { queries } = await u.deps.queries.list(team.id, { limit: 100, offset: 0 });
      expect(queries.map((q) => q.name).sort()).toEqual(DEMO_QUERIES.map((q) => q.name).sort());
      const want = DEMO_QUERIES.find((q) => q.name === 'Largest transfers of a token')!;
      const now = queries.find((q) => q.id === old.id)!;
      expect(now).toMatchObject({ query_sql: want.query_sql, dialect: 'dunesql', version: 2 });
      expect(now.parameters.map((p) => p.key)).toEqual(['symbol', 'limit']);
      // a query already as DEMO_QUERIES writes it is left as it is
      expect(queries.find((q) => q.id === kept.id)).toMatchObject({ version: 1 });

      await ensureDemoQueries(u.deps);
      const again = await u.deps.queries.list(team.id, { limit: 100, offset: 0 });
      expect(again.total).toBe(DEMO_QUERIES.length);
      expect(again.queries.find((q) => q.id === old.id)!.version).toBe(2);
    } finally {
      await u.close();
    }
  });
});
