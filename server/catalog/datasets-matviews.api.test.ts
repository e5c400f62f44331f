import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCli } from '../test/admin-cli.js';
import { daySelect, writeDays, writeParquet } from '../test/datasets-helpers.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { createQuery, refreshView, select, upsertView } from '../test/matviews-helpers.js';

let t: TestServer;
let src: string;
let ann: Awaited<ReturnType<TestServer['createUser']>>;
const { run } = adminCli(() => t.dir);

beforeAll(async () => {
  t = await createTestServer();
  src = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-dataset-mv-'));
  await writeDays(path.join(src, 'tx'), ['2026-11-01', '2026-11-02'], 10);
  await writeParquet(path.join(src, 'ext', 'part-1.parquet'), daySelect(3));
  ann = await t.createUser('ann');
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(src, { recursive: true, force: true });
});

/** Runs an admin command beside the running app; expects it to succeed. */
async function admin(...args: string[]) {
  const r = await run(...args);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
}

describe('imported datasets as the input of materialized views', { timeout: 90_000 }, () => {
  it('a view over a partitioned and a linked dataset refreshes, and sees an append', async () => {
    await admin('import-dataset', 'chain.tx', path.join(src, 'tx'), '--hive');
    await admin('import-dataset', 'chain.ext', path.join(src, 'ext'), '--link');
    const sql = `SELECT block_date, count(*) AS n, (SELECT count(*) FROM chain.ext) AS ext
                 FROM chain.tx GROUP BY block_date ORDER BY block_date`;
    const queryId = await createQuery(t, ann.key, sql);
    const view = await upsertView(t, ann.key, { name: 'result_daily', query_id: queryId });
    expect(view.status.state).toBe('QUERY_STATE_COMPLETED');
    const full = view.name;
    expect(full).toBe('dune.ann.result_daily');
    expect((await select(t, ann.key, `SELECT * FROM ${full} ORDER BY block_date`)).rows).toEqual([
      { block_date: '2026-11-01', n: 10, ext: 3 },
      { block_date: '2026-11-02', n: 10, ext: 3 },
    ]);

    await writeDays(path.join(src, 'day3'), ['2026-11-03'], 4);
    await admin('append-dataset', 'chain.tx', path.join(src, 'day3'));
    await writeParquet(path.join(src, 'ext2', 'part-2.parquet'), daySelect(2, 3));
    await admin('append-dataset', 'chain.ext', path.join(src, 'ext2'));
    expect((await refreshView(t, ann.key, view.name)).status.state).toBe('QUERY_STATE_COMPLETED');
    expect((await select(t, ann.key, `SELECT * FROM ${full} ORDER BY block_date`)).rows).toEqual([
      { block_date: '2026-11-01', n: 10, ext: 5 },
      { block_date: '2026-11-02', n: 10, ext: 5 },
      { block_date: '2026-11-03', n: 4, ext: 5 },
    ]);
  });
});
