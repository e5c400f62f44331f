import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundTables, type BindingReference, type ReferenceColumns } from './bound-tables.js';
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

  describe('query_<id> references', () => {
    const ref = (
      name: string,
      sql: string,
      references: BindingReference[] = [],
      dialect: 'duckdb' | 'dunesql' = 'duckdb',
    ): BindingReference => ({ name, sql: engineSql(sql, dialect).sql, dialect, references });
    const boundWith = async (sql: string, references: BindingReference[], visible = tables) =>
      (
        await boundTables({ sql, dialect: 'duckdb', tables: visible, lakeRoot: root, references })
      ).map(fullName);

    it('binds a reference as a table; the tables its query reads are not the SQL’s', async () => {
      const q12 = ref('query_12', 'SELECT n AS x, s FROM dune.alice.result_a');
      expect(await boundWith('SELECT x, s FROM query_12', [q12])).toEqual([]);
      expect(
        await boundWith('SELECT * FROM query_12 JOIN ethereum.blocks ON n = x', [q12]),
      ).toEqual(['ethereum.blocks']);
      // Without it, the name is no table (what lineage failed on before).
      await expect(bound('SELECT x FROM query_12')).rejects.toThrow(/query_12 does not exist/);
    });

    it('gives the table the columns and types of its query’s result', async () => {
      const q = ref(
        'query_3',
        `SELECT DATE '2024-01-02' AS d, {'a "b"': 1} AS st, 1 AS a, 2 AS A,
           CAST(1 AS HUGEINT) AS h, [CAST(1 AS HUGEINT)] AS hl`,
      );
      // As a run reads the result: duplicate names made unique (`A_1`), a HUGEINT read back as
      // one, a list of them kept as text (`hl || 'x'` binds only on text).
      expect(
        await boundWith(
          `SELECT date_part('year', d) AS y, st['a "b"'] AS v, A_1, h - 1 AS h, hl || 'x' AS t FROM query_3`,
          [q],
        ),
      ).toEqual([]);
      // A text column is text.
      await expect(
        boundWith('SELECT d FROM query_9', [ref('query_9', "SELECT 'x' AS d")]),
      ).resolves.toEqual([]);
      await expect(
        boundWith("SELECT date_part('year', d) FROM query_9", [ref('query_9', "SELECT 'x' AS d")]),
      ).rejects.toThrow(/date_part/);
      await expect(boundWith('SELECT nope FROM query_3', [q])).rejects.toThrow(/nope/);
    });

    it('binds the quoted form by its name, and nested references in their own dialects', async () => {
      const base = ref('query_1', 'SELECT n FROM dune.alice.result_a');
      const mid = ref(
        "query_2(chain='base')",
        'SELECT varbinary_substring(0x0102, 1, 1) AS b, n FROM query_1',
        [base],
        'dunesql',
      );
      expect(
        await boundWith(
          `SELECT b, n FROM "query_2(chain='base')" JOIN dune.alice.result_b USING (n)`,
          [mid],
        ),
      ).toEqual(['dune.alice.result_b']);
    });

    it('binds each referenced query once when bindings share what they found', async () => {
      const base = ref('query_1', 'SELECT n FROM dune.alice.result_a');
      const mid = ref('query_2', 'SELECT n * 2 AS m FROM query_1', [base]);
      const known: ReferenceColumns = new Map();
      const sql = 'SELECT m FROM query_2';
      await boundTables({
        sql,
        dialect: 'duckdb',
        tables,
        lakeRoot: root,
        references: [mid],
        known,
      });
      expect(known.size).toBe(2);
      // What is known is what the next binding uses: here, a column only the cache has.
      known.set(
        JSON.stringify(['duckdb', base.sql]),
        Promise.resolve([{ name: 'k', type: 'INT' }]),
      );
      const next = {
        sql: 'SELECT k FROM query_1',
        dialect: 'duckdb' as const,
        tables,
        lakeRoot: root,
      };
      expect(await boundTables({ ...next, references: [base], known })).toEqual([]);
      await expect(boundTables({ ...next, references: [base] })).rejects.toThrow(/"k" not found/);
    });

    it('fails naming a reference that cannot be bound; its SQL cannot read files either', async () => {
      const visible = tables.filter((t) => t.schema_name !== 'bob');
      const hidden = ref('query_3', 'SELECT * FROM dune.bob.result_a');
      await expect(boundWith('SELECT * FROM query_3', [hidden], visible)).rejects.toThrow(
        /^query_3: .*result_a.*does not exist/,
      );
      const outer = ref('query_4', 'SELECT * FROM query_3', [hidden]);
      await expect(boundWith('SELECT * FROM query_4', [outer], visible)).rejects.toThrow(
        /^query_4: query_3: .*result_a.*does not exist/,
      );
      const files = ref('query_5', `SELECT * FROM read_csv('/etc/passwd')`);
      await expect(boundWith('SELECT * FROM query_5', [files])).rejects.toThrow(
        /disabled by configuration/,
      );
    });
  });
});
