import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCli } from '../test/admin-cli.js';
import { writeDays } from '../test/datasets-helpers.js';
import { runSql } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';

/**
 * An analyst checks what a query scans with EXPLAIN (the plan) or EXPLAIN ANALYZE (the plan as
 * it ran): for a partitioned dataset, that a filter on the partition column leaves files out.
 * Both are reads; EXPLAIN of anything but one SELECT is refused like the statement itself.
 */

let t: TestServer;
let src: string;
let alice: TestUser;
const cli = adminCli(() => t.dir);
const NAME = 'explain_set.transfers';

/** The plan of a finished run, as the results endpoint gives it: one text. */
async function plan(sql: string, dialect = 'dunesql'): Promise<string> {
  const run = await runSql(t, alice.key, sql, { dialect });
  expect(run.status.state, JSON.stringify(run.status.error)).toBe('QUERY_STATE_COMPLETED');
  const r = await t.call('GET', `/api/v1/execution/${run.id}/results`, { key: alice.key });
  expect(r.status).toBe(200);
  expect(r.json.result.metadata.column_names).toEqual(['explain_key', 'explain_value']);
  return (r.json.result.rows as { explain_value: string }[]).map((x) => x.explain_value).join('\n');
}

beforeAll(async () => {
  t = await createTestServer();
  src = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-explain-'));
  await writeDays(src, ['2026-11-01', '2026-11-02', '2026-11-03'], 5);
  alice = await t.createUser('explain_alice');
  const r = await cli.run('import-dataset', NAME, src, '--hive');
  expect([r.code, r.err]).toEqual([0, '']);
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(src, { recursive: true, force: true });
});

describe('EXPLAIN', { timeout: 60_000 }, () => {
  const filtered = `SELECT count(*) FROM ${NAME} WHERE block_date = DATE '2026-11-02'`;

  it('shows the plan of a SELECT, with the partition filter', async () => {
    const text = await plan(`EXPLAIN ${filtered}`);
    expect(text).toMatch(/READ_PARQUET|PARQUET_SCAN|TABLE_SCAN/);
    expect(text).toMatch(/block_date/);
  });

  it('ANALYZE runs it and shows that one file of three was scanned', async () => {
    expect(await plan(`-- which files?\nexplain analyze ${filtered}`)).toMatch(
      /Scanning Files: 1\/3/,
    );
    expect(await plan(`EXPLAIN ANALYZE SELECT count(*) FROM ${NAME}`)).toMatch(
      /Total Files Read: 3/,
    );
  });

  it('takes DuckDB’s options: (ANALYZE, FORMAT json)', async () => {
    const json = await plan(`EXPLAIN (ANALYZE, FORMAT json) ${filtered}`, 'duckdb');
    expect(JSON.stringify(JSON.parse(json))).toMatch(/Scanning Files/);
  });

  it('of anything but one SELECT is refused, and nothing runs', async () => {
    for (const sql of [
      `EXPLAIN ANALYZE CREATE TABLE x AS SELECT 1`,
      `EXPLAIN ANALYZE COPY (SELECT 1) TO '${path.join(src, 'out.csv')}'`,
      `EXPLAIN DELETE FROM ${NAME}`,
      `EXPLAIN ANALYZE INSERT INTO ${NAME} SELECT * FROM ${NAME}`,
      `EXPLAIN SELECT 1; DROP TABLE ${NAME}`,
      `EXPLAIN EXPLAIN SELECT 1`,
      `EXPLAIN PRAGMA version`,
      `EXPLAIN ANALYZE SELECT $1`,
      `EXPLAIN (ANALYZE, FORMAT evil) SELECT 1`,
    ]) {
      const run = await runSql(t, alice.key, sql);
      expect(run.status.state, sql).toBe('QUERY_STATE_FAILED');
      expect(run.status.error.message, sql).toMatch(
        /only read statements|only one statement|SQL parameters|syntax|Parser Error|not a valid/i,
      );
    }
    expect(fs.existsSync(path.join(src, 'out.csv'))).toBe(false);
    const rows = await runSql(t, alice.key, `SELECT count(*) AS n FROM ${NAME}`);
    expect(rows.status.state).toBe('QUERY_STATE_COMPLETED');
  });
});
