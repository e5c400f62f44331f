import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteLiteral } from '../engine/duck.js';
import { fullName, type LakeTable } from '../lake/lake.js';
import { publishTable } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { DEMO_DATA_VERSION, DEMO_TABLES } from './demo-data.js';
import { ensureDemoData } from './demo-seed.js';

/**
 * A data folder made by the first generation of demo data (before DEMO_DATA_VERSION): demo
 * tables with addresses and hashes as text and no `demo_version`, beside a user's own upload and
 * query, and an imported dataset named like a demo table the first generation did not have. Its
 * next start must bring the current demo tables and leave everything else alone.
 */

let t: TestServer;
let alice: TestUser;
const withScale = () => ({ ...t.deps, config: { ...t.deps.config, demoScale: 0.001 } });
const byName = async () =>
  new Map((await t.deps.lake.all()).map((x): [string, LakeTable] => [fullName(x), x]));

/** The tables of the first generation. */
const FIRST_GENERATION = [
  'ethereum.transactions',
  'ethereum.blocks',
  'base.transactions',
  'base.blocks',
  'arbitrum.transactions',
  'arbitrum.blocks',
  'tokens.erc20',
  'prices.usd',
  'dex.trades',
  'erc20_ethereum.evt_Transfer',
  'uniswap_v3_ethereum.evt_Swap',
];
/** A demo table as the first generation wrote it: text addresses, no demo_version. */
const OLD_SELECT = `SELECT 26341180::BIGINT AS block_number,
  '0x' || repeat('ab', 32) AS hash, '0x' || repeat('cd', 20) AS "from"`;

beforeAll(async () => {
  t = await createTestServer({ demoData: false });
  alice = await t.createUser('upgrade_alice');
  for (const name of FIRST_GENERATION) {
    const [schema, table] = name.split('.') as [string, string];
    await t.deps.lake.publish(
      {
        schema,
        table,
        ownerId: null,
        kind: 'demo',
        datasetType: 'spell',
        metadata: { page_rank_score: 0.5 },
      },
      async (dir) => {
        const target = quoteLiteral(path.join(dir, 'data.parquet'));
        await t.deps.duck.withConnection(async (conn) => {
          await conn.run(`COPY (${OLD_SELECT}) TO ${target} (FORMAT parquet)`);
        });
      },
    );
  }
  // an operator's import, named like a demo table added after the first generation
  await t.deps.lake.publish(
    { schema: 'prices', table: 'day', ownerId: null, kind: 'dataset', datasetType: 'dune_table' },
    async (dir) => {
      const target = quoteLiteral(path.join(dir, 'data.parquet'));
      await t.deps.duck.withConnection(async (conn) => {
        await conn.run(`COPY (SELECT DATE '2026-01-01' AS day, 1.5 AS price) TO ${target}`);
      });
    },
  );
  await publishTable(t, {
    schema: 'upgrade_alice',
    table: 'my_wallets',
    ownerId: alice.account.id,
    isPrivate: true,
    select:
      "SELECT 'treasury' AS label, from_hex('cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd') AS address",
  });
}, 60_000);
afterAll(() => t?.close());

describe('a data folder with demo tables of the first generation', () => {
  it('gets the current demo tables on its next start, and keeps the user’s own objects', async () => {
    const before = await byName();
    const old = before.get('ethereum.transactions')!;
    expect(old.columns.find((c) => c.name === 'from')?.type).toBe('VARCHAR');
    const upload = before.get('dune.upgrade_alice.my_wallets')!;
    const imported = before.get('prices.day')!;
    const query = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: { name: 'My wallets', query_sql: 'SELECT * FROM dune.upgrade_alice.my_wallets' },
    });
    expect(query.status).toBe(200);

    const logged: string[] = [];
    const r = await ensureDemoData(withScale(), (m) => logged.push(m));
    expect(r).toMatchObject({ created: true, tables: DEMO_TABLES.length - 1 });
    expect(logged).toContain('Regenerating demo datasets of an earlier version...');
    expect(logged).toContain('  prices.day: not generated, the name is taken by a dataset table');

    const after = await byName();
    for (const d of DEMO_TABLES.filter((x) => `${x.schema}.${x.table}` !== 'prices.day')) {
      const table = after.get(`${d.schema}.${d.table}`)!;
      expect(table.kind, table.table_name).toBe('demo');
      expect(table.metadata.demo_version, table.table_name).toBe(DEMO_DATA_VERSION);
      expect(table.row_count, table.table_name).toBeGreaterThan(1);
    }
    const txs = after.get('ethereum.transactions')!;
    expect(txs.columns.find((c) => c.name === 'from')?.type).toBe('BLOB');
    expect(txs.columns.find((c) => c.name === 'hash')?.type).toBe('BLOB');
    // the first generation's snapshots are retired: nothing reads them at a start
    for (const name of ['ethereum.transactions', 'dex.trades']) {
      const dir = t.deps.lake.snapshotDir(before.get(name)!.snapshot!);
      expect(fs.existsSync(dir), name).toBe(false);
    }

    // the user's upload and query, and the operator's import, are as they were
    expect(after.get('dune.upgrade_alice.my_wallets')).toEqual(upload);
    expect(after.get('prices.day')).toEqual(imported);
    const same = await t.call('GET', `/api/v1/query/${query.json.query_id}`, { key: alice.key });
    expect(same.json).toMatchObject({
      name: 'My wallets',
      query_sql: 'SELECT * FROM dune.upgrade_alice.my_wallets',
    });

    // and the next start finds everything current
    expect(await ensureDemoData(withScale())).toEqual({
      created: false,
      tables: 0,
      rows: 0,
      millis: 0,
    });
  }, 120_000);
});
