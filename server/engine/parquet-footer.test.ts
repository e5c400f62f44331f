import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteLiteral } from './duck.js';
import { parquetTotals } from './parquet-footer.js';

let dir: string;
let instance: DuckDBInstance;
let conn: DuckDBConnection;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-parquet-footer-'));
  instance = await DuckDBInstance.create(':memory:');
  conn = await instance.connect();
});
afterAll(() => {
  conn.closeSync();
  instance.closeSync();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes `select` as a result is written, and DuckDB's own sums of the file's metadata. */
async function written(name: string, select: string) {
  const file = path.join(dir, `${name}.parquet`);
  await conn.run(
    `COPY (${select}) TO ${quoteLiteral(file)} (FORMAT parquet, ROW_GROUP_SIZE 32768)`,
  );
  const r = await conn.runAndReadAll(
    `SELECT COALESCE(SUM(row_group_num_rows) FILTER (WHERE column_id = 0), 0)::BIGINT AS n,
       COALESCE(SUM(total_uncompressed_size), 0)::BIGINT AS bytes
     FROM parquet_metadata(${quoteLiteral(file)})`,
  );
  const row = r.getRowObjectsJson()[0]!;
  return { file, duck: { rows: Number(row.n), bytes: Number(row.bytes) } };
}

describe('parquetTotals', () => {
  it.each([
    ['one row', 'SELECT 1 AS x'],
    ['no rows', 'SELECT 1 AS x WHERE false'],
    ['many row groups', 'SELECT i, i::VARCHAR AS s FROM range(100000) t(i)'],
    [
      'nested and null values',
      `SELECT [i, NULL] AS l, {'a': i, 'b': repeat('x', i % 50)} AS st, NULL::DATE AS d
       FROM range(40000) t(i)`,
    ],
  ])('gives the rows and raw bytes DuckDB reads from the metadata: %s', async (name, select) => {
    const { file, duck } = await written(name.replaceAll(' ', '-'), select);
    expect(parquetTotals(file)).toEqual(duck);
  });

  it('counts every row of a result of many row groups', async () => {
    const { file } = await written('count', 'SELECT i FROM range(70001) t(i)');
    expect(parquetTotals(file).rows).toBe(70001);
  });

  it('refuses a file too short to be Parquet', () => {
    const file = path.join(dir, 'short.parquet');
    fs.writeFileSync(file, 'PAR1');
    expect(() => parquetTotals(file)).toThrow(/too short/);
  });

  it('refuses a footer length longer than the file', () => {
    const file = path.join(dir, 'long-footer.parquet');
    const tail = Buffer.alloc(8);
    tail.writeUInt32LE(1_000_000, 0);
    tail.write('PAR1', 4);
    fs.writeFileSync(file, Buffer.concat([Buffer.from('PAR1xxxx'), tail]));
    expect(() => parquetTotals(file)).toThrow(/footer longer than itself/);
  });

  it('refuses a file without the closing magic', () => {
    const file = path.join(dir, 'no-magic.parquet');
    fs.writeFileSync(file, Buffer.alloc(64));
    expect(() => parquetTotals(file)).toThrow(/PAR1/);
  });
});
