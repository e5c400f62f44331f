import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../cli/admin.js';
import { snapshotRead } from '../engine/snapshot-read.js';
import { layoutOf } from '../lake/lake-table.js';
import { adminCli } from '../test/admin-cli.js';
import { openStore } from '../store/open.js';
import { runSql } from '../test/executions-helpers.js';
import { daySelect, scanProfile, writeDays, writeParquet } from '../test/datasets-helpers.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { createQuery, upsertView } from '../test/matviews-helpers.js';

let t: TestServer;
let src: string;
let bob: Awaited<ReturnType<TestServer['createUser']>>;

beforeAll(async () => {
  t = await createTestServer();
  src = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-dataset-src-'));
  await writeDays(path.join(src, 'tx'), ['2026-11-01', '2026-11-02', '2026-11-03'], 10);
  await writeParquet(path.join(src, 'ext', 'day-1.parquet'), daySelect(3));
  await writeParquet(path.join(src, 'ext', 'day-2.parquet'), daySelect(4, 3));
  await writeParquet(path.join(src, 'ext', 'secret.parquet'), "SELECT 'do not read' AS secret");
  bob = await t.createUser('bob');
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(src, { recursive: true, force: true });
});

/** The admin CLI in-process, over the test server's DATA_DIR (beside the running app). */
async function admin(...args: string[]) {
  const err: string[] = [];
  const code = await runAdmin(
    args,
    { out: () => {}, err: (l) => err.push(l) },
    () => openStore(t.config),
    () => t.dir,
  );
  expect(err.join('\n')).toBe('');
  expect(code).toBe(0);
}

describe('imported datasets through the API', { timeout: 60_000 }, () => {
  it('are public tables any user can query; a hive table filters on its partition column', async () => {
    await admin('import-dataset', 'eth.tx', path.join(src, 'tx'), '--hive');
    const all = await runSql(t, bob.key, 'SELECT count(*) AS n FROM eth.tx');
    expect(all.status.state).toBe('QUERY_STATE_COMPLETED');
    const day = await runSql(
      t,
      bob.key,
      "SELECT count(*) AS n, min(block_date) AS d FROM eth.tx WHERE block_date = DATE '2026-11-02'",
    );
    expect(day.status.state).toBe('QUERY_STATE_COMPLETED');
    const page = await t.call('GET', `/api/v1/execution/${day.id}/results`, { key: bob.key });
    expect(page.json.result.rows).toEqual([{ n: 10, d: '2026-11-02' }]);
    const ds = await t.call('GET', '/api/v1/datasets/eth.tx', { key: bob.key });
    expect(ds.status).toBe(200);
    expect(ds.json.metadata).toMatchObject({ partition_columns: ['block_date'], partitions: 3 });
  });

  it('a linked table reads its files and nothing beside them', async () => {
    await admin('import-dataset', 'ext.linked', path.join(src, 'ext', 'day-*.parquet'), '--link');
    const ok = await runSql(t, bob.key, 'SELECT count(*) AS n FROM ext.linked');
    expect(ok.status.state).toBe('QUERY_STATE_COMPLETED');
    const page = await t.call('GET', `/api/v1/execution/${ok.id}/results`, { key: bob.key });
    expect(page.json.result.rows).toEqual([{ n: 7 }]);
    for (const sql of [
      `SELECT * FROM read_parquet('${path.join(src, 'ext', 'secret.parquet')}')`,
      `SELECT * FROM read_parquet('${path.join(src, 'ext', '*.parquet')}')`,
      `SELECT * FROM glob('${path.join(src, 'ext', '*')}')`,
      `SELECT count(*) FROM ext.linked, read_parquet('${path.join(src, 'ext', 'secret.parquet')}')`,
    ]) {
      const run = await runSql(t, bob.key, sql);
      expect(run.status.state, sql).toBe('QUERY_STATE_FAILED');
      expect(run.status.error.message, sql).toMatch(/Permission Error/);
    }
  });
  it("a filter on one day reads only that day's files", async () => {
    await admin('import-dataset', 'eth.pruned', path.join(src, 'tx'), '--hive');
    const table = (await t.deps.lake.get('', 'eth', 'pruned'))!;
    // DuckDB's profile of the query over the view the sandbox makes of the table
    const read = snapshotRead(t.deps.lake.root, table.snapshot!, layoutOf(table));
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    try {
      await conn.run(`CREATE VIEW pruned AS SELECT * FROM ${read.from}`);
      const day = await scanProfile(
        conn,
        "SELECT count(*) FROM pruned WHERE block_date = DATE '2026-11-02'",
      );
      expect(day).toMatchObject({ filesRead: 1, filesMatched: 3 });
      expect(day.filenames).toEqual([
        expect.stringContaining(`${path.sep}block_date=2026-11-02${path.sep}`),
      ]);
      expect((await scanProfile(conn, 'SELECT count(*) FROM pruned')).filesRead).toBe(3);
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
    // and through the API: with the third day's file broken, the second day still reads (the
    // first day's file is opened too, for the columns), all days do not
    const third = path.join(t.deps.lake.snapshotDir(table.snapshot!), 'block_date=2026-11-03');
    for (const f of fs.readdirSync(third)) fs.writeFileSync(path.join(third, f), 'not parquet');
    const day = await runSql(
      t,
      bob.key,
      "SELECT count(*) AS n FROM eth.pruned WHERE block_date = DATE '2026-11-02'",
    );
    expect(day.status.state).toBe('QUERY_STATE_COMPLETED');
    const page = await t.call('GET', `/api/v1/execution/${day.id}/results`, { key: bob.key });
    expect(page.json.result.rows).toEqual([{ n: 10 }]);
    const all = await runSql(t, bob.key, 'SELECT count(*) AS n FROM eth.pruned');
    expect(all.status.state).toBe('QUERY_STATE_FAILED');
  });

  it('refuses the name of a materialized view, naming it, and changes nothing', async () => {
    const alice = await t.createUser('alice');
    const q = await createQuery(t, alice.key, 'SELECT 1 AS x');
    const view = await upsertView(t, alice.key, { name: 'result_prices', query_id: q });
    expect(view.name).toBe('dune.alice.result_prices');
    const cli = adminCli(() => t.dir);
    const before = await cli.catalogState();
    for (const name of [view.name, 'DUNE.Alice.Result_Prices']) {
      const r = await cli.run('import-dataset', name, path.join(src, 'tx'), '--hive');
      expect(r.code, name).toBe(1);
      expect(r.err).toContain(`${name} clashes with a materialized view, dune.alice.result_prices`);
    }
    expect(await cli.catalogState()).toEqual(before);
    expect(await cli.table('alice', 'result_prices')).toBeUndefined();
  });
});
