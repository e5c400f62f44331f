import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../test/harness.js';
import { runSql, waitFinished } from '../test/executions-helpers.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { FORMAT_FILE, LAKE_FORMAT } from './lake-upgrade.js';

/**
 * A data folder made by Strata's code from before DuneSQL (commit bef9edb), started with today's.
 *
 * `server/test/fixtures/data-folder-bef9edb.tgz` holds its `strata.db` (SQLite) and `lake/`, made
 * by that commit's own code with DEMO_DATA at DEMO_SCALE 0.001 (its `prices.usd` file cut to 500
 * rows to keep the fixture small: today's code generates every demo table again), plus:
 * - user `analyst` (its key in `fixture.json`) with an upload `watchlist` of 3000 rows over three
 *   addresses as varbinary, one of them the busiest demo taker, written with Bloom filters (that
 *   code found 0 of its 1000 rows by address);
 * - query `textQuery`, written for the text addresses of that demo data (`taker = '0x…'`), and a
 *   view `result_traders` of query `viewQuery`, the demo takers as text.
 * Its next start migrates the store (queries get the `duckdb` dialect), generates the demo tables
 * again (varbinary addresses) and upgrades the lake (lake-upgrade.ts).
 */
const FIXTURE = fileURLToPath(new URL('../test/fixtures/data-folder-bef9edb.tgz', import.meta.url));
type Made = { key: string; taker: string; textQuery: number; viewQuery: number };

let t: TestServer;
let made: Made;

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-old-folder-'));
  execFileSync('tar', ['-xzf', FIXTURE, '-C', dir]);
  made = JSON.parse(fs.readFileSync(path.join(dir, 'fixture.json'), 'utf8')) as Made;
  t = await createTestServer({ demoData: true, demoScale: 0.001 }, { dataDir: dir });
}, 120_000);
afterAll(() => t?.close());

async function rows(sql: string, dialect: 'dunesql' | 'duckdb' = 'dunesql') {
  const { id, status } = await runSql(t, made.key, sql, { dialect });
  expect(status.state, `${sql}: ${JSON.stringify(status.error)}`).toBe('QUERY_STATE_COMPLETED');
  const page = await t.call('GET', `/api/v1/execution/${id}/results`, { key: made.key });
  return page.json.result.rows as Record<string, unknown>[];
}

describe.skipIf(onPostgres)('a data folder made before DuneSQL, started again', () => {
  it('has the demo tables of today, addresses as varbinary', async () => {
    expect(
      await rows('SELECT typeof(taker) AS t, count(*) > 0 AS some FROM dex.trades GROUP BY 1'),
    ).toEqual([{ t: 'BLOB', some: true }]);
  });

  it('finds the upload’s rows by address, which the old files hid', async () => {
    expect(
      await rows(`SELECT count(*) AS n FROM dune.analyst.watchlist WHERE address = ${made.taker}`),
    ).toEqual([{ n: 1000 }]);
  });

  it('makes the view’s text addresses varbinary, so they join with the upload', async () => {
    const got = await rows(
      `SELECT typeof(v.trader) AS t, count(*) AS n
       FROM dune.analyst.result_traders v JOIN dune.analyst.watchlist w ON w.address = v.trader
       GROUP BY 1`,
    );
    expect(got).toEqual([{ t: 'BLOB', n: 1000 }]);
    const format = JSON.parse(fs.readFileSync(path.join(t.deps.lake.root, FORMAT_FILE), 'utf8'));
    expect(format.format).toBe(LAKE_FORMAT);
  });

  it('keeps a saved query DuckDB SQL, and a text address in it fails saying what to write', async () => {
    const q = await t.call('GET', `/api/v1/query/${made.textQuery}`, { key: made.key });
    expect(q.status, q.text).toBe(200);
    expect(q.json.dialect).toBe('duckdb');
    const run = await t.call('POST', `/api/v1/query/${made.textQuery}/execute`, { key: made.key });
    expect(run.status, run.text).toBe(200);
    const status = await waitFinished(t, made.key, run.json.execution_id);
    expect(status.state).toBe('QUERY_STATE_FAILED');
    expect(status.error?.message).toContain(
      `'${made.taker}' is text, not varbinary: compared with an address or hash it matches nothing; write from_hex('${made.taker.slice(2)}')`,
    );
  });
});
