import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteLiteral } from '../engine/duck.js';
import { writeLinkedFiles } from '../engine/snapshot-read.js';
import { runSql } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import type { LakeTableSpec } from './lake.js';
import { FORMAT_FILE, LAKE_FORMAT } from './lake-upgrade.js';

/**
 * A data folder as the code before the lake's format 2 left it: files written with DuckDB's
 * Bloom filters (which misread varbinary equalities: parquet-write.ts) in an upload, a
 * hive-partitioned dataset and a view, the view holding addresses as `0x…` text as the first
 * demo generation gave them, a linked dataset, and no format file. The next start upgrades it.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-lake-upgrade-'));
const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-lake-linked-'));
let before: TestServer;
let after: TestServer;
let alice: TestUser;
const snapshots = new Map<string, string | null>();

const ADDR = (n: number) => `0x${String(n).repeat(40).slice(0, 40)}`;
/** 3000 rows of three addresses: dictionary-encoded, so the old writer gave a Bloom filter. */
const WALLETS = `SELECT from_hex(substr(['${ADDR(1)}', '${ADDR(2)}', '${ADDR(3)}'][i % 3 + 1], 3)) AS address,
  i AS n FROM range(3000) t(i)`;
const OLD_WRITE = '(FORMAT parquet)';

async function publishOld(t: TestServer, spec: LakeTableSpec, files: Record<string, string>) {
  await t.deps.lake.publish(spec, async (dir) => {
    await t.deps.duck.withConnection(async (conn) => {
      for (const [name, select] of Object.entries(files)) {
        const to = path.join(dir, name);
        fs.mkdirSync(path.dirname(to), { recursive: true });
        await conn.run(`COPY (${select}) TO ${quoteLiteral(to)} ${OLD_WRITE}`);
      }
    });
  });
}

async function rows(t: TestServer, sql: string) {
  const { id, status } = await runSql(t, alice.key, sql);
  expect(status.state, `${sql}: ${JSON.stringify(status.error)}`).toBe('QUERY_STATE_COMPLETED');
  const page = await t.call('GET', `/api/v1/execution/${id}/results`, { key: alice.key });
  return page.json.result.rows as Record<string, unknown>[];
}

const COUNTS = `SELECT
  (SELECT count(*) FROM dune.alice.wallets WHERE address = ${ADDR(2)}) AS upload,
  (SELECT count(*) FROM tok.holders WHERE address = ${ADDR(2)} AND chain = 'b') AS hive,
  (SELECT count(*) FROM dune.alice.result_traders v JOIN dune.alice.wallets w
     ON w.address = v.trader) AS joined`;

beforeAll(async () => {
  before = await createTestServer({ demoData: false }, { dataDir });
  alice = await before.createUser('alice');
  const owned = { ownerId: alice.account.id, isPrivate: true };
  await publishOld(
    before,
    {
      catalog: 'dune',
      schema: 'alice',
      table: 'wallets',
      kind: 'upload',
      datasetType: 'uploaded_table',
      ...owned,
    },
    { 'part-01.parquet': WALLETS },
  );
  await publishOld(
    before,
    {
      schema: 'tok',
      table: 'holders',
      ownerId: null,
      kind: 'dataset',
      datasetType: 'dune_table',
      metadata: { hive: true, partition_columns: ['chain'] },
    },
    { 'chain=a/data.parquet': WALLETS, 'chain=b/data.parquet': WALLETS },
  );
  await before.deps.duck.withConnection((conn) =>
    conn.run(
      `COPY (${WALLETS}) TO ${quoteLiteral(path.join(outside, 'linked.parquet'))} ${OLD_WRITE}`,
    ),
  );
  await before.deps.lake.publish(
    {
      schema: 'tok',
      table: 'linked',
      ownerId: null,
      kind: 'dataset',
      datasetType: 'dune_table',
      metadata: { linked: true },
    },
    async (dir) => writeLinkedFiles(dir, [path.join(outside, 'linked.parquet')]),
  );
  // a view of the first demo generation: traders as text, a label that is not hex, a number
  await publishOld(
    before,
    {
      catalog: 'dune',
      schema: 'alice',
      table: 'result_traders',
      kind: 'matview',
      datasetType: 'materialized_view',
      ...owned,
    },
    {
      'part-01.parquet': `SELECT * FROM (VALUES ('${ADDR(2)}', 'whale', 1), ('${ADDR(4)}', '0xnot hex', 2),
        (NULL, 'none', 3)) t(trader, label, k)`,
    },
  );
  for (const x of await before.deps.lake.all()) snapshots.set(x.table_name, x.snapshot);
  fs.rmSync(path.join(before.deps.lake.root, FORMAT_FILE));
  // what the old files answer: no row, with no error
  expect(await rows(before, COUNTS)).toEqual([{ upload: 0, hive: 0, joined: 0 }]);
  await before.deps.close(); // the folder and its store stay
  after = await createTestServer({ demoData: false }, { dataDir });
}, 60_000);

afterAll(async () => {
  await after?.close();
  fs.rmSync(outside, { recursive: true, force: true });
});

describe('a data folder of the lake’s first format, started again', () => {
  it('finds varbinary rows in uploads, partitioned datasets and views', async () => {
    expect(await rows(after, COUNTS)).toEqual([{ upload: 1000, hive: 1000, joined: 1000 }]);
  });

  it('makes a view’s hex text varbinary and leaves its other columns as they were', async () => {
    expect(
      await rows(
        after,
        'SELECT trader, typeof(trader) AS type, label, k FROM dune.alice.result_traders ORDER BY k',
      ),
    ).toEqual([
      { trader: ADDR(2), type: 'BLOB', label: 'whale', k: 1 },
      { trader: ADDR(4), type: 'BLOB', label: '0xnot hex', k: 2 },
      { trader: null, type: 'BLOB', label: 'none', k: 3 },
    ]);
    const view = await after.deps.lake.get('dune', 'alice', 'result_traders');
    expect(view!.columns.map((c) => [c.name, c.type])).toEqual([
      ['trader', 'BLOB'],
      ['label', 'VARCHAR'],
      ['k', 'INTEGER'],
    ]);
    expect(view!.is_private).toBe(true);
    expect(view!.owner_id).toBe(alice.account.id);
  });

  it('publishes new snapshots, keeps the hive layout, and leaves linked files alone', async () => {
    const now = new Map((await after.deps.lake.all()).map((x) => [x.table_name, x]));
    for (const name of ['wallets', 'holders', 'result_traders'])
      expect(now.get(name)!.snapshot, name).not.toBe(snapshots.get(name));
    expect(now.get('linked')!.snapshot).toBe(snapshots.get('linked'));
    const holders = after.deps.lake.snapshotDir(now.get('holders')!.snapshot!);
    expect(fs.readdirSync(holders).sort()).toEqual(['chain=a', 'chain=b']);
    expect(now.get('holders')!.row_count).toBe(6000);
    expect(now.get('wallets')!.columns.map((c) => c.name)).toEqual(['address', 'n']);
  });

  it('records the format, so the next start reads no footer', async () => {
    const marker = JSON.parse(
      fs.readFileSync(path.join(after.deps.lake.root, FORMAT_FILE), 'utf8'),
    ) as { format: number };
    expect(marker.format).toBe(LAKE_FORMAT);
  });
});
