import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstColumn } from './duck.js';

let instance: DuckDBInstance;
let conn: DuckDBConnection;
beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  conn = await instance.connect();
});
afterAll(() => {
  conn.closeSync();
  instance.closeSync();
});

describe('firstColumn', () => {
  it('reads every chunk of the answer, in order', async () => {
    // 5,000 rows are three of DuckDB's 2,048-row chunks.
    const values = await firstColumn(
      conn,
      'SELECT i::INTEGER AS i, 0 AS other FROM range(5000) t(i)',
    );
    expect(values).toHaveLength(5000);
    expect(values.every((v, i) => v === i)).toBe(true);
  });

  it('binds values to the parameters', async () => {
    expect(await firstColumn(conn, 'SELECT $1::VARCHAR || $2::VARCHAR AS j', ['a', 'b'])).toEqual([
      'ab',
    ]);
  });

  it('gives no values for no rows, and the last statement of several', async () => {
    expect(await firstColumn(conn, 'SELECT 1 AS x WHERE false')).toEqual([]);
    expect(
      await firstColumn(conn, 'CREATE TEMP TABLE t AS SELECT 7 AS x; SELECT x FROM t'),
    ).toEqual([7]);
  });

  it("throws DuckDB's error", async () => {
    await expect(firstColumn(conn, 'SELECT * FROM nowhere')).rejects.toThrow(/nowhere/);
  });
});
