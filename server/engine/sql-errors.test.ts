import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOffset, lineColumn } from './sql-errors.js';

let inst: DuckDBInstance;
beforeAll(async () => {
  inst = await DuckDBInstance.create(':memory:');
});
afterAll(() => inst.closeSync());

async function messageOf(sql: string): Promise<string> {
  const conn = await inst.connect();
  try {
    await conn.prepare(sql);
    return '';
  } catch (e) {
    return (e as Error).message;
  } finally {
    conn.closeSync();
  }
}

describe('errorOffset', () => {
  it('finds a syntax error on the first line', async () => {
    const sql = 'selecdt 1';
    const off = errorOffset(await messageOf(sql), sql);
    expect(lineColumn(sql, off!)).toEqual({ line: 1, column: 1 });
  });
  it('finds a binder error on a later line', async () => {
    const sql = 'SELECT 1\nFROM range(3) t\nWHERE nope = 1';
    const off = errorOffset(await messageOf(sql), sql);
    expect(lineColumn(sql, off!)).toEqual({ line: 3, column: 7 });
  });
  it('finds the fault inside a long line shown as a window', async () => {
    const sql = `SELECT ${Array.from({ length: 40 }, (_, i) => `${i} AS c${i}`).join(', ')}, nope FROM range(1)`;
    const off = errorOffset(await messageOf(sql), sql);
    expect(sql.slice(off!, off! + 4)).toBe('nope');
  });
  it('gives undefined when the message has no position', () => {
    expect(errorOffset('Conversion Error: could not convert', 'select 1')).toBeUndefined();
  });
});
