import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daySelect, writeDays, writeParquet } from '../test/datasets-helpers.js';
import { quoteLiteral } from './duck.js';
import { snapshotRead, writeLinkedFiles } from './snapshot-read.js';

let lake: string;
beforeAll(async () => {
  lake = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-snapshot-read-'));
  await writeParquet(path.join(lake, 'flat', 'a.parquet'), daySelect(2));
  await writeDays(path.join(lake, 'hive'), ['2026-11-01', '2026-11-02', '2026-11-03'], 4);
  fs.mkdirSync(path.join(lake, 'linked'));
  writeLinkedFiles(path.join(lake, 'linked'), [
    path.join(lake, 'hive', 'block_date=2026-11-01', 'part-0.parquet'),
  ]);
});
afterAll(() => fs.rmSync(lake, { recursive: true, force: true }));

/** A locked-down DuckDB that sees `snapshot` as view `t`, allowed exactly what snapshotRead says. */
async function locked(snapshot: string, layout?: { hive: boolean; linked: boolean }) {
  const read = snapshotRead(lake, snapshot, layout);
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  await conn.run(`CREATE VIEW t AS SELECT * FROM ${read.from};
    SET allowed_directories = [${read.dirs.map(quoteLiteral).join(', ')}];
    SET allowed_paths = [${read.paths.map(quoteLiteral).join(', ')}];
    SET enable_external_access = false; SET lock_configuration = true`);
  const all = async (sql: string) => (await conn.runAndReadAll(sql)).getRowObjectsJson();
  return { read, all, close: () => (conn.closeSync(), instance.closeSync()) };
}

describe('snapshotRead', () => {
  it('reads a flat snapshot folder, allowing that folder', async () => {
    const s = await locked('flat');
    expect(s.read.dirs).toEqual([path.join(lake, 'flat') + path.sep]);
    expect(await s.all('SELECT count(*)::INT AS n FROM t')).toEqual([{ n: 2 }]);
    s.close();
  });

  it('reads key=value folders as columns, and a filter on one scans only its files', async () => {
    const s = await locked('hive', { hive: true, linked: false });
    expect(await s.all("SELECT count(*)::INT AS n FROM t WHERE block_date = '2026-11-02'")).toEqual(
      [{ n: 4 }],
    );
    const plan = await s.all(
      "EXPLAIN ANALYZE SELECT count(*) FROM t WHERE block_date = DATE '2026-11-02'",
    );
    expect(String(plan[0]!.explain_value)).toMatch(/Scanning Files: 1\/3/);
    s.close();
  });

  it('reads the listed files of a linked snapshot, and nothing beside them', async () => {
    const l = await locked('linked', { hive: true, linked: true });
    expect(l.read.dirs).toEqual([]);
    expect(l.read.paths).toEqual([
      path.join(lake, 'hive', 'block_date=2026-11-01', 'part-0.parquet'),
    ]);
    expect(await l.all('SELECT count(*)::INT AS n, min(block_date)::VARCHAR AS d FROM t')).toEqual([
      { n: 4, d: '2026-11-01' },
    ]);
    const neighbour = path.join(lake, 'hive', 'block_date=2026-11-02', 'part-0.parquet');
    await expect(l.all(`SELECT * FROM read_parquet(${quoteLiteral(neighbour)})`)).rejects.toThrow(
      /Permission Error/,
    );
    l.close();
  });
});
