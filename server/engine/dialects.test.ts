import fs from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { dialectDefinitions, duneSqlLibrary, engineSql, parserSettings } from './dialects.js';
import { SqlError } from './sql-errors.js';

describe('engineSql', () => {
  it('leaves DuckDB SQL as it is, whatever it holds', () => {
    const sql = 'SELECT 0xab, 7 / 2 AS "to"';
    expect(engineSql(sql, 'duckdb')).toEqual({ sql, marks: [] });
  });

  it('rewrites DuneSQL, and refuses what cannot run as a syntax error at its place', () => {
    expect(engineSql('SELECT 0x0a AS b', 'dunesql').sql).not.toContain('0x0a');
    const refused = (() => {
      try {
        engineSql('SELECT 1 AS a, 0xabc AS b', 'dunesql');
      } catch (err) {
        return err;
      }
    })();
    expect(refused).toBeInstanceOf(SqlError);
    expect(refused).toMatchObject({ type: 'syntax_error', offset: 15 });
  });
});

describe('an instance set up for a dialect', () => {
  /** Runs `sql` in a fresh instance set up for `dialect` as a sandbox is; its first value. */
  async function valueIn(dialect: 'duckdb' | 'dunesql', sql: string): Promise<unknown> {
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    try {
      for (const setting of parserSettings(dialect)) await conn.run(setting);
      const setUp = [...(await dialectDefinitions(dialect)), 'SET lock_configuration = true'];
      await conn.run(setUp.join(';\n'));
      const reader = await conn.runAndReadAll(engineSql(sql, dialect).sql);
      return reader.getRows()[0]![0];
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  }

  it('divides integers as its dialect does and has DuneSQL’s functions in DuneSQL only', async () => {
    expect(await valueIn('dunesql', 'SELECT 7 / 2')).toBe(3);
    expect(await valueIn('duckdb', 'SELECT 7 / 2')).toBe(3.5);
    const call = "SELECT varbinary_to_uint256(from_hex('0x0100'))::VARCHAR";
    expect(await valueIn('dunesql', call)).toBe('256');
    await expect(valueIn('duckdb', call)).rejects.toThrow(/varbinary_to_uint256/);
  });

  it('finds DuneSQL’s macro library again when its file went (a cleaned temp folder)', async () => {
    const file = await duneSqlLibrary();
    fs.rmSync(file);
    const again = await duneSqlLibrary();
    expect(again).not.toBe(file);
    expect(fs.existsSync(again)).toBe(true);
    expect(await valueIn('dunesql', "SELECT varbinary_length(from_hex('0x0102'))")).toBe(2n);
  });
});
