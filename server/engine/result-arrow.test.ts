import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { tableFromIPC } from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { writeArrowStream } from './result-arrow.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'result-arrow-'));
const instance = await DuckDBInstance.create(':memory:');
const conn = await instance.connect();
afterAll(() => {
  conn.closeSync();
  instance.closeSync();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Rows over several record batches, filtered so that DuckDB's chunks have uneven sizes (bitmaps
 * appended at bit offsets that are not whole bytes), with the first null long after the start
 * of a batch, strings inline and behind pointers, and NULLs of every type.
 */
const ROWS = `SELECT range AS i,
  CASE WHEN range > 70000 AND range % 5 = 0 THEN NULL ELSE range * 3 END AS late_nulls,
  CASE range % 4 WHEN 0 THEN NULL WHEN 1 THEN 'short ' || (range % 100)
    ELSE repeat('long text ', (range % 7)::INT + 2) || range END AS s,
  CASE WHEN range % 6 = 0 THEN NULL ELSE from_hex(printf('%040x', range)) END AS address,
  CASE WHEN range % 3 = 0 THEN NULL ELSE range % 2 = 0 END AS flag
FROM range(150000) WHERE hash(range) % 7 <> 0`;

describe('writeArrowStream', () => {
  it('writes what DuckDB reads, row for row, across uneven chunks and batches', async () => {
    const file = path.join(dir, 'rows.arrows');
    const count = await writeArrowStream(conn, ROWS, file);
    const table = tableFromIPC(fs.readFileSync(file));
    const expected = (
      await conn.runAndReadAll(
        `SELECT i, late_nulls, s, lower(hex(address)) AS address, flag FROM (${ROWS})`,
      )
    ).getRowObjectsJson();
    expect(count).toBe(expected.length);
    expect(table.numRows).toBe(expected.length);
    expect(table.batches.length).toBeGreaterThan(1);
    const column = (name: string) =>
      table.getChild(name)!.toArray() as unknown as ArrayLike<unknown>;
    const got = {
      i: column('i'),
      late: table.getChild('late_nulls')!.toJSON(),
      s: table.getChild('s')!.toJSON(),
      address: table.getChild('address')!.toJSON(),
      flag: table.getChild('flag')!.toJSON(),
    };
    const rows = expected.map((_, r) => ({
      i: String(got.i[r]),
      late_nulls: got.late[r] === null ? null : String(got.late[r]),
      s: got.s[r],
      address:
        got.address[r] === null ? null : Buffer.from(got.address[r] as Uint8Array).toString('hex'),
      flag: got.flag[r],
    }));
    // the first row that differs, if any (a deep comparison of every row takes seconds)
    const differs = rows.findIndex((row, r) => JSON.stringify(row) !== JSON.stringify(expected[r]));
    expect(rows[differs], `row ${differs}`).toEqual(expected[differs]);
    expect(table.getChild('late_nulls')!.nullCount).toBe(
      expected.filter((r) => r.late_nulls === null).length,
    );
  });

  it('writes the schema of no rows, and leaves no file when the query fails', async () => {
    const empty = path.join(dir, 'empty.arrows');
    expect(
      await writeArrowStream(conn, 'SELECT 1 AS a, NULL::VARCHAR AS b WHERE false', empty),
    ).toBe(0);
    const table = tableFromIPC(fs.readFileSync(empty));
    expect(table.schema.fields.map((f) => `${f.name}:${String(f.type)}`)).toEqual([
      'a:Int32',
      'b:Utf8',
    ]);
    const failed = path.join(dir, 'failed.arrows');
    await expect(writeArrowStream(conn, "SELECT 'x'::INT AS a", failed)).rejects.toThrow(
      /Conversion Error/,
    );
    expect(fs.existsSync(failed)).toBe(false);
  });
});
