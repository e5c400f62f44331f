import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCli } from '../test/admin-cli.js';
import { runSql } from '../test/executions-helpers.js';
import { daySelect, writeDays, writeParquet } from '../test/datasets-helpers.js';
import { createTestServer, type TestServer } from '../test/harness.js';

let t: TestServer;
let src: string;
let bob: Awaited<ReturnType<TestServer['createUser']>>;

beforeAll(async () => {
  t = await createTestServer();
  src = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-linked-missing-'));
  await writeParquet(path.join(src, 'one', 'transfers.parquet'), daySelect(3));
  await writeDays(path.join(src, 'days'), ['2026-11-01', '2026-11-02'], 5);
  bob = await t.createUser('bob');
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(src, { recursive: true, force: true });
});

/** A failed run's message, checked to show no path of the server. */
async function failure(sql: string): Promise<string> {
  const r = await runSql(t, bob.key, sql);
  expect(r.status.state, sql).toBe('QUERY_STATE_FAILED');
  const message = String(r.status.error.message);
  expect(message).not.toContain(src);
  expect(message).not.toContain(t.dir);
  expect(message).not.toMatch(/\/tmp\//);
  return message;
}

describe('a linked dataset whose file was moved', { timeout: 60_000 }, () => {
  it('fails its queries naming the dataset and no path', async () => {
    const cli = adminCli(() => t.dir);
    const one = path.join(src, 'one', 'transfers.parquet');
    expect((await cli.run('import-dataset', 'ext.one', one, '--link')).err).toBe('');
    const days = path.join(src, 'days');
    expect((await cli.run('import-dataset', 'ext.days', days, '--link', '--hive')).err).toBe('');
    // read once, so the sandbox set up for it (views over the files) is kept for the next run
    const before = await runSql(t, bob.key, 'SELECT count(*) AS n FROM ext.one');
    expect(before.status.state).toBe('QUERY_STATE_COMPLETED');

    fs.renameSync(one, path.join(src, 'moved.parquet'));
    fs.renameSync(path.join(days, 'block_date=2026-11-02'), path.join(src, 'moved-day'));
    // a kept sandbox (DuckDB: "Permission Error ... <path>") and a new one ("No files found")
    expect(await failure('SELECT count(*) AS n FROM ext.one')).toBe(
      'a file of dataset ext.one is missing (moved or deleted after it was linked); an operator must restore it or re-import the dataset',
    );
    expect(await failure('SELECT sum(amount) FROM ext.days')).toMatch(
      /^a file of dataset ext\.days is missing .*an operator must restore it or re-import the dataset$/,
    );
    // even a filter on the day still there (DuckDB opens every listed file), and beside a
    // table that reads fine
    expect(
      await failure(
        "SELECT count(*) FROM ext.days, ethereum.blocks WHERE block_date = DATE '2026-11-01'",
      ),
    ).toMatch(/dataset ext\.days is missing/);

    // restored, the table reads again
    fs.renameSync(path.join(src, 'moved.parquet'), one);
    const after = await runSql(t, bob.key, 'SELECT count(*) AS n FROM ext.one');
    expect(after.status.state).toBe('QUERY_STATE_COMPLETED');
  });
});
