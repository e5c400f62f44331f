import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  normalizeParameterDefs,
  placeholderNames,
  renderSql,
  resolveParameterValues,
} from '../engine/parameters.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { DEMO_QUERIES, DEMO_TEAM, ensureDemoQueries } from './demo-queries.js';

/** The demo tables' columns, as the demo data generator writes them (BLOB: varbinary). */
const BLOCKS = `number BIGINT, time TIMESTAMP, date DATE, hash BLOB, parent_hash BLOB,
  miner BLOB, gas_limit BIGINT, gas_used BIGINT, base_fee_per_gas BIGINT, tx_count INTEGER,
  size BIGINT`;
const TRANSACTIONS = `block_number BIGINT, block_time TIMESTAMP, block_date DATE, hash BLOB,
  "from" BLOB, "to" BLOB, value DECIMAL(38,0), gas_limit BIGINT, gas_used BIGINT,
  gas_price BIGINT, nonce BIGINT, "index" INTEGER, success BOOLEAN, type VARCHAR`;
const TABLES: Record<string, string> = {
  'ethereum.blocks': BLOCKS,
  'base.blocks': BLOCKS,
  'arbitrum.blocks': BLOCKS,
  'ethereum.transactions': TRANSACTIONS,
  'base.transactions': TRANSACTIONS,
  'arbitrum.transactions': TRANSACTIONS,
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
     (5, TIMESTAMP '2025-01-02 10:00:00', DATE '2025-01-02', ${TX}, ${A}, ${B}, 1000000000000000000, 21000, 21000, 100000000000, 1, 0, true, 'DynamicFee')`,
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

let duck: DuckDBInstance;
let conn: DuckDBConnection;
beforeAll(async () => {
  duck = await DuckDBInstance.create(':memory:');
  conn = await duck.connect();
  const schemas = new Set(Object.keys(TABLES).map((t) => t.split('.')[0]));
  for (const s of schemas) await conn.run(`CREATE SCHEMA ${s}`);
  for (const [name, cols] of Object.entries(TABLES)) {
    await conn.run(`CREATE TABLE ${name} (${cols})`);
  }
  for (const sql of ROWS) await conn.run(sql);
});
afterAll(() => {
  conn.closeSync();
  duck.closeSync();
});

async function run(sql: string, given: Record<string, string | string[]>, defs = DEMO_QUERIES) {
  const q = defs.find((d) => d.query_sql === sql)!;
  const rendered = renderSql(sql, resolveParameterValues(q.parameters ?? [], given)).sql;
  return (await conn.runAndReadAll(rendered)).getRowObjectsJson();
}

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
        value_native: 1,
      },
    ]);
    expect(await run(byName('Fees and senders across chains'), { chains: ['ethereum'] })).toEqual(
      [],
    );
    const transfers = await run(byName('Largest transfers of a token'), { symbol: 'usdc' });
    expect(transfers).toMatchObject([{ symbol: 'USDC', amount: 123 }]);
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
});
