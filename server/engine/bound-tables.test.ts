import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundTables } from './bound-tables.js';
import { engineSql } from './dialects.js';
import { quoteLiteral } from './duck.js';
import { fullName, type LakeTable } from '../lake/lake-table.js';
import { SqlError } from './sql-errors.js';

let root: string;
let tables: LakeTable[];

function table(catalog: string, schema: string, name: string, snapshot: string | null): LakeTable {
  return {
    id: 0,
    catalog,
    schema_name: schema,
    table_name: name,
    owner_id: null,
    kind: 'matview',
    dataset_type: 'materialized_view',
    category: 'canonical',
    is_private: false,
    description: '',
    blockchains: [],
    columns: [],
    metadata: {},
    snapshot,
    row_count: 1,
    size_bytes: 1,
    created_at: '',
    updated_at: '',
  };
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'bound-tables-'));
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  tables = [];
  for (const [catalog, schema, name] of [
    ['dune', 'alice', 'result_a'],
    ['dune', 'alice', 'result_b'],
    ['dune', 'bob', 'result_a'],
    ['', 'ethereum', 'blocks'],
  ] as const) {
    const snapshot = path.join(catalog || '_', schema, name, 'v1');
    fs.mkdirSync(path.join(root, snapshot), { recursive: true });
    await conn.run(
      `COPY (SELECT 1 AS n, 'x' AS s) TO ${quoteLiteral(path.join(root, snapshot, 'data.parquet'))} (FORMAT parquet)`,
    );
    tables.push(table(catalog, schema, name, snapshot));
  }
  conn.closeSync();
  instance.closeSync();
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const bound = async (sql: string, visible = tables, dialect: 'duckdb' | 'dunesql' = 'duckdb') =>
  (await boundTables({ sql, dialect, tables: visible, lakeRoot: root })).map(fullName);

describe('boundTables', () => {
  it('lists the tables a plain query reads, fully qualified', async () => {
    expect(await bound('SELECT * FROM dune.alice.result_a JOIN ethereum.blocks USING (n)')).toEqual(
      ['dune.alice.result_a', 'ethereum.blocks'],
    );
  });

  it('does not count a CTE named like a view', async () => {
    expect(await bound('WITH result_a AS (SELECT 1 AS n) SELECT * FROM result_a')).toEqual([]);
  });

  it('counts a view read in a subquery, a CTE and a scalar subquery', async () => {
    expect(
      await bound(
        `WITH x AS (SELECT * FROM dune.alice.result_a) SELECT (SELECT count(*) FROM dune.bob.result_a) AS c
         FROM x WHERE n IN (SELECT n FROM dune.alice.result_b)`,
      ),
    ).toEqual(['dune.alice.result_a', 'dune.alice.result_b', 'dune.bob.result_a']);
  });

  it('does not count a name inside a string literal or a comment', async () => {
    expect(await bound(`SELECT 'dune.alice.result_a' AS s -- dune.alice.result_b`)).toEqual([]);
  });

  it('counts tables behind pruned branches (the optimizer is off)', async () => {
    expect(await bound('SELECT * FROM dune.alice.result_a WHERE false LIMIT 0')).toEqual([
      'dune.alice.result_a',
    ]);
  });

  it('fails to bind a table that is not visible', async () => {
    const visible = tables.filter((t) => t.schema_name !== 'bob');
    await expect(bound('SELECT * FROM dune.bob.result_a', visible)).rejects.toThrow(
      /result_a.*does not exist/,
    );
    await expect(bound('SELECT * FROM dune.bob.result_a', visible)).rejects.toBeInstanceOf(
      SqlError,
    );
  });

  it('binds DuneSQL as it runs: rewritten, with its macros', async () => {
    const dune = engineSql(
      'SELECT varbinary_substring(0x0102, 1, 1) AS b, n FROM dune.alice.result_a',
      'dunesql',
    ).sql;
    expect(await bound(dune, tables, 'dunesql')).toEqual(['dune.alice.result_a']);
    // DuckDB has no such function: the macros are DuneSQL's alone.
    await expect(bound(dune)).rejects.toThrow(/dunesql_varbinary_substring/);
  });

  it('accepts only one SELECT and cannot read files', async () => {
    await expect(bound('SELECT 1; SELECT 2')).rejects.toThrow(/one statement/);
    await expect(bound('DROP TABLE dune.alice.result_a')).rejects.toThrow(/only read statements/);
    await expect(bound(`SELECT * FROM read_csv('/etc/passwd')`)).rejects.toThrow(
      /disabled by configuration/,
    );
  });
});
