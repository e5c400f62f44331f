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
  it.each([
    ['SELECT 1 FROM', { line: 1, column: 10 }],
    ['SELECT *\nFROM range(3)\nWHERE  \n\n', { line: 3, column: 1 }],
    ['SELECT (1', { line: 1, column: 9 }],
    ['SELECT 1,\n  2 +\n', { line: 2, column: 5 }],
  ])('marks the last token when the input ends too early: %j', async (sql, at) => {
    const message = await messageOf(sql);
    expect(message).toMatch(/at end of input/);
    expect(lineColumn(sql, errorOffset(message, sql)!)).toEqual(at);
  });
  it('gives undefined when the message has no position', () => {
    expect(errorOffset('Conversion Error: could not convert', 'select 1')).toBeUndefined();
  });
});
