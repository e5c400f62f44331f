import { describe, expect, it } from 'vitest';
import { tablesNamedIn } from './named-tables.js';

const tables = ['trades', 'blocks', 'Transfers', 'evt_Swap'].map((table_name) => ({ table_name }));
const named = (sql: string) => tablesNamedIn(sql, tables).map((t) => t.table_name);

describe('tablesNamedIn', () => {
  it('keeps the tables whose name occurs in the text, case-insensitively', () => {
    expect(named('SELECT * FROM dex.TRADES t JOIN ethereum.blocks b ON true')).toEqual([
      'trades',
      'blocks',
    ]);
    expect(named('select * from "transfers"')).toEqual(['Transfers']);
    expect(named('SELECT 1')).toEqual([]);
  });

  it('keeps names inside string literals and comments (query_table takes a string)', () => {
    expect(named("SELECT * FROM query_table('uniswap.evt_swap')")).toEqual(['evt_Swap']);
    expect(named('SELECT 1 -- from trades')).toEqual(['trades']);
  });

  it('keeps every table when the SQL lists the catalog', () => {
    for (const sql of [
      'SELECT * FROM information_schema.tables',
      'SELECT * FROM duckdb_tables()',
      'SHOW TABLES',
      'DESCRIBE dex.x',
      'SUMMARIZE x',
      "SELECT * FROM pragma_table_info('x')",
    ])
      expect(named(sql)).toHaveLength(tables.length);
  });
});
