import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUNESQL_MACROS } from '../../shared/sql/dunesql/functions.js';
import { DUCKDB_ONLY_RESERVED } from '../../shared/sql/dunesql/names.js';
import { DuneSqlError, rewriteDuneSql } from '../../shared/sql/dunesql/rewrite.js';
import { toOriginalOffset } from '../../shared/sql/offsets.js';
import { errorOffset } from './sql-errors.js';

/**
 * The DuneSQL rewrite (shared/sql/dunesql/rewrite.ts) run on real DuckDB, set up as a DuneSQL
 * sandbox is: Trino's integer division, then the catalog's macros. Each construct is written as
 * DuneSQL and checked against the answer Trino gives.
 */

let instance: DuckDBInstance;
let conn: DuckDBConnection;
beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  conn = await instance.connect();
  await conn.run('SET integer_division = true');
  for (const statement of DUNESQL_MACROS) await conn.run(statement);
  await conn.run(`CREATE TABLE transfers AS SELECT * FROM (VALUES
    (1, unhex('00aa'), unhex('00bb'), 5, 'x'),
    (2, unhex('00bb'), unhex('00cc'), 7, 'y'),
    (3, unhex('00aa'), unhex('00cc'), NULL, NULL)) v(id, "from", "to", "all", "limit")`);
});
afterAll(() => {
  conn.closeSync();
  instance.closeSync();
});

/** Runs DuneSQL: the column names and rows (as JSON) DuckDB gives for its rewrite. */
async function dune(sql: string): Promise<{ columns: string[]; rows: unknown[][] }> {
  const reader = await conn.runAndReadAll(rewriteDuneSql(sql).sql);
  return { columns: reader.columnNames(), rows: reader.getRowsJson() };
}

/** The one value of a one-row, one-column DuneSQL query. */
const value = async (sql: string) => (await dune(sql)).rows[0]![0];

/** Where in the DuneSQL the error of running it points, and its message. */
async function failure(sql: string): Promise<{ message: string; at: string }> {
  let rewritten;
  try {
    rewritten = rewriteDuneSql(sql);
  } catch (err) {
    if (!(err instanceof DuneSqlError)) throw err;
    return { message: err.message, at: sql.slice(err.start, err.end) };
  }
  try {
    await conn.run(rewritten.sql);
  } catch (err) {
    const message = (err as Error).message;
    const offset = errorOffset(message, rewritten.sql);
    const at = offset === undefined ? -1 : toOriginalOffset(rewritten.marks)(offset);
    return { message, at: at < 0 ? '' : sql.slice(at, at + 12) };
  }
  throw new Error(`no error for ${sql}`);
}

describe('varbinary literals', () => {
  it('filter and join on varbinary columns', async () => {
    expect((await dune('SELECT id FROM transfers WHERE "from" = 0x00AA ORDER BY id')).rows).toEqual(
      [[1], [3]],
    );
    expect(
      (
        await dune(`WITH wanted AS (SELECT 0x00cc AS addr UNION ALL SELECT X'00 BB')
          SELECT t.id FROM transfers t JOIN wanted w ON t."to" = w.addr ORDER BY 1`)
      ).rows,
    ).toEqual([[1], [2], [3]]);
    expect(await value('SELECT length(0x)')).toBe('0');
    expect(await value("SELECT typeof(0xab) || ' ' || typeof(X'ab')")).toBe('BLOB BLOB');
  });

  it('are constants DuckDB folds into the filter', async () => {
    const plan = (
      await conn.runAndReadAll(
        `EXPLAIN ${rewriteDuneSql('SELECT id FROM transfers WHERE "from" = 0x00aa').sql}`,
      )
    )
      .getRows()
      .map((r) => String(r[1]))
      .join('\n');
    expect(plan).not.toMatch(/unhex/i);
  });
});

describe('names DuckDB reserves', () => {
  it('read columns named to, all and limit', async () => {
    expect(
      (
        await dune(
          'SELECT id, to, all, limit FROM transfers to WHERE to = 0x00cc AND all > 0 ORDER BY to.id',
        )
      ).rows,
    ).toEqual([[2, '\\x00\\xCC', 7, 'y']]);
    expect((await dune('SELECT count(all) n, count(*) AS all FROM transfers')).rows).toEqual([
      ['2', '3'],
    ]);
  });

  it('are every reserved word of DuckDB that DuneSQL allows as a name', async () => {
    // DuneSQL's reserved words (its reference's list: Trino's and ASOF): they need quotes
    // there too, so the rewrite never quotes them.
    const duneReserved = new Set(
      (
        'alter and as asof between by case cast constraint create cross cube current_catalog ' +
        'current_date current_path current_role current_schema current_time current_timestamp ' +
        'current_user deallocate delete describe distinct drop else end escape except execute ' +
        'exists extract false for from full group grouping having in inner insert intersect ' +
        'into is join json_array json_exists json_object json_query json_table json_value left ' +
        'like listagg localtime localtimestamp natural normalize not null on or order outer ' +
        'prepare recursive right rollup select skip table then trim true uescape union unnest ' +
        'using values when where with'
      ).split(' '),
    );
    const rows = (
      await conn.runAndReadAll(
        "SELECT keyword_name FROM duckdb_keywords() WHERE keyword_category IN ('reserved', 'type_function')",
      )
    ).getRows();
    const needQuotes: string[] = [];
    for (const [word] of rows) {
      const name = String(word);
      if (duneReserved.has(name)) continue;
      // Words DuckDB takes unquoted as names anyway need nothing.
      const bare = await conn.run(`SELECT ${name} FROM (SELECT 1 AS "${name}")`).then(
        () => true,
        () => false,
      );
      if (!bare && name !== 'array') needQuotes.push(name.toUpperCase());
    }
    expect([...DUCKDB_ONLY_RESERVED].sort()).toEqual(needQuotes.sort());
  });
});

describe('types', () => {
  it('casts with Trino’s type syntax', async () => {
    expect(await value("SELECT CAST(ARRAY['a', 'b'] AS array(varchar))")).toEqual(['a', 'b']);
    expect(
      await value("SELECT CAST(ROW(1, 'x') AS row(n bigint, s varchar)).s || typeof(1.5::real)"),
    ).toBe('xFLOAT');
    expect(
      await value(
        'SELECT typeof(CAST(MAP(ARRAY[1], ARRAY[ARRAY[2]]) AS map(bigint, array(integer))))',
      ),
    ).toBe('MAP(BIGINT, INTEGER[])');
    expect(await value('SELECT CAST(2.5 AS decimal)')).toBe('3');
    expect(await value("SELECT CAST('abcdef' AS varchar(3))")).toBe('abc');
    expect(
      await value(
        "SELECT typeof(CAST('2024-01-02 03:04:05.678 UTC' AS timestamp(3) with time zone))",
      ),
    ).toBe('TIMESTAMP WITH TIME ZONE');
  });

  it('keeps the zone of a timestamp literal', async () => {
    expect(
      await value(
        "SELECT TIMESTAMP '2024-01-01 01:00:00+02:00' = TIMESTAMP '2023-12-31 23:00:00 UTC'",
      ),
    ).toBe(true);
  });

  it('holds uint256 past 38 digits and refuses one out of range', async () => {
    const max = (2n ** 256n - 1n).toString();
    expect(await value(`SELECT CAST('${max}' AS uint256)`)).toBe(max);
    expect(await value(`SELECT uint256 '${max}' - uint256 '1'`)).toBe((2n ** 256n - 2n).toString());
    expect(await value(`SELECT TRY_CAST('${2n ** 256n}' AS uint256)`)).toBeNull();
    expect((await failure(`SELECT CAST(-1 AS uint256)`)).message).toMatch(
      /out of range for uint256/,
    );
    expect(await value(`SELECT CAST(ARRAY[1, 2] AS array(int256))`)).toEqual(['1', '2']);
  });
});

describe('unnamed columns', () => {
  it('are named _col0, _col1, … as Trino names them', async () => {
    expect(await dune('SELECT 1')).toEqual({ columns: ['_col0'], rows: [[1]] });
    expect(
      (await dune('SELECT id, id + 1, count(*) n, max(id) FROM transfers GROUP BY id LIMIT 1'))
        .columns,
    ).toEqual(['id', '_col1', 'n', '_col3']);
    expect((await dune('WITH w AS (SELECT 7, 8) SELECT _col1 FROM w')).rows).toEqual([[8]]);
  });
});

describe('VALUES', () => {
  it('names its columns _col0, _col1, … as Trino does, unless given names', async () => {
    expect(await dune("SELECT * FROM (VALUES (1, 'a'), (2, 'b'))")).toEqual({
      columns: ['_col0', '_col1'],
      rows: [
        [1, 'a'],
        [2, 'b'],
      ],
    });
    expect(await dune('SELECT * FROM (VALUES 1, 2) AS t')).toEqual({
      columns: ['_col0'],
      rows: [[1], [2]],
    });
    expect((await dune('SELECT t._col1 FROM (VALUES (1, 2)) t')).rows).toEqual([[2]]);
    expect(await dune("SELECT * FROM (VALUES (1, 'a')) AS t(n, s)")).toEqual({
      columns: ['n', 's'],
      rows: [[1, 'a']],
    });
    expect(await dune('WITH t AS (VALUES (1, 2)) SELECT _col0 + _col1 AS s FROM t')).toEqual({
      columns: ['s'],
      rows: [[3]],
    });
    expect(await dune('VALUES (2), (1) ORDER BY 1 LIMIT 1')).toEqual({
      columns: ['_col0'],
      rows: [[1]],
    });
  });
});

describe('UNNEST of rows', () => {
  it('gives one column per field', async () => {
    expect(
      await dune("SELECT * FROM UNNEST(ARRAY[ROW(1, 'a'), ROW(2, 'b')]) AS t(n, s) ORDER BY n"),
    ).toEqual({
      columns: ['n', 's'],
      rows: [
        [1, 'a'],
        [2, 'b'],
      ],
    });
    expect(
      (
        await dune(`WITH p AS (SELECT 1 AS k, ARRAY[ROW(10, 'x'), ROW(20, 'y')] AS rs)
          SELECT k, v, i FROM p CROSS JOIN UNNEST(rs) WITH ORDINALITY AS t(v, s, i) ORDER BY i`)
      ).rows,
    ).toEqual([
      [1, 10, '1'],
      [1, 20, '2'],
    ]);
  });
});

describe('UNNEST of several arrays', () => {
  it('puts them side by side, padding the shorter with NULLs', async () => {
    expect(
      (
        await dune(
          "SELECT * FROM UNNEST(ARRAY[1, 2], ARRAY['a', 'b', 'c']) WITH ORDINALITY AS t(x, y, i) ORDER BY i",
        )
      ).rows,
    ).toEqual([
      [1, 'a', '1'],
      [2, 'b', '2'],
      [null, 'c', '3'],
    ]);
  });
});

describe('UNNEST of a map', () => {
  it('gives a row per entry, its key and value as two columns', async () => {
    expect(
      await dune(`SELECT * FROM UNNEST(map_from_entries(ARRAY[('gas', 21000), ('fee', 7)])) AS t(k, v)
        ORDER BY v`),
    ).toEqual({
      columns: ['k', 'v'],
      rows: [
        ['fee', 7],
        ['gas', 21000],
      ],
    });
    // Per row of a table, from an aggregate, a cast or a lambda over maps; none for NULL.
    expect(
      (
        await dune(`WITH w AS (SELECT wallet, map_agg(token, amount) AS held
            FROM (VALUES ('w1', 'usdc', 5), ('w1', 'dai', 0), ('w2', 'weth', 2)) v(wallet, token, amount)
            GROUP BY wallet)
          SELECT wallet, token, amount FROM w
          CROSS JOIN UNNEST(map_filter(CAST(held AS map(varchar, bigint)), (k, v) -> v > 0)) AS t(token, amount)
          ORDER BY wallet`)
      ).rows,
    ).toEqual([
      ['w1', 'usdc', '5'],
      ['w2', 'weth', '2'],
    ]);
    expect(
      (await dune('SELECT count(*) FROM UNNEST(CAST(NULL AS map(varchar, integer))) AS t(k, v)'))
        .rows,
    ).toEqual([['0']]);
  });

  it('beside an array, and with ORDINALITY', async () => {
    expect(
      (
        await dune(`SELECT * FROM UNNEST(ARRAY[1, 2, 3], MAP(ARRAY['a', 'b'], ARRAY[10, 20]))
          WITH ORDINALITY AS t(x, k, v, i) ORDER BY i`)
      ).rows,
    ).toEqual([
      [1, 'a', 10, '1'],
      [2, 'b', 20, '2'],
      [3, null, null, '3'],
    ]);
    expect(
      (
        await dune(`SELECT k, i FROM UNNEST(MAP(ARRAY['a', 'b'], ARRAY[10, 20])) WITH ORDINALITY
          AS t(k, v, i) ORDER BY i`)
      ).rows,
    ).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
  });

  it('of a column holding a map, written UNNEST(map_entries(m))', async () => {
    expect(
      (
        await dune(`WITH c AS (SELECT MAP(ARRAY['a'], ARRAY[1]) AS m)
          SELECT k, v FROM c CROSS JOIN UNNEST(map_entries(m)) AS t(k, v)`)
      ).rows,
    ).toEqual([['a', 1]]);
  });
});

describe('calls', () => {
  it('greatest and least are NULL when an argument is', async () => {
    expect(
      (await dune('SELECT greatest(1, NULL), least(3, 2, 5), greatest(0x01, 0x02)')).rows,
    ).toEqual([[null, 2, '\\x02']]);
  });

  it('reduce folds with an initial state and an output function', async () => {
    expect(
      (
        await dune(
          'SELECT reduce(ARRAY[1, 2, 3], 0, (s, x) -> s + x, s -> s * 10), reduce(ARRAY[], 5, (s, x) -> s + x, s -> s)',
        )
      ).rows,
    ).toEqual([[60, 5]]);
  });

  it('zip_with pairs the elements, padding the shorter array with NULLs', async () => {
    expect(
      await value('SELECT zip_with(ARRAY[1, 2], ARRAY[10, 20, 30], (x, y) -> coalesce(x, 0) + y)'),
    ).toEqual([11, 22, 30]);
  });

  it('any_match is three-valued', async () => {
    expect(
      (
        await dune(
          'SELECT any_match(ARRAY[1, NULL], x -> x > 1), any_match(ARRAY[1, 2], x -> x > 1)',
        )
      ).rows,
    ).toEqual([[null, true]]);
  });

  it('substring takes its standard form, on varchar and varbinary', async () => {
    expect(
      (await dune("SELECT substring('abcdef' FROM 2 FOR 3), substring(0x010203 FROM 2)")).rows,
    ).toEqual([['bcd', '\\x02\\x03']]);
  });

  it('divides integers as Trino does', async () => {
    expect(await value('SELECT 7 / 2')).toBe(3);
  });
});

describe('errors', () => {
  it('name an unsupported function where it is called', async () => {
    expect(await failure('SELECT id, soundex(limit) FROM transfers')).toEqual({
      message: expect.stringMatching(/^Function 'soundex' is not supported by Strata's DuneSQL \(/),
      at: 'soundex',
    });
  });

  it('refuse a lambda where none is allowed', async () => {
    expect(await failure('SELECT x -> x + 1')).toEqual({
      message: 'A lambda expression is only allowed as an argument of a function that takes one',
      at: 'x ->',
    });
    expect(await failure('SELECT abs(x -> x)')).toEqual({
      message: "Function 'abs' does not take a lambda expression",
      at: 'x ->',
    });
  });

  it('point at the DuneSQL as written when DuckDB fails', async () => {
    const sql = 'SELECT 0x00aa, to, greatest(1, 2), nope FROM transfers';
    expect((await failure(sql)).at).toBe('nope FROM tr');
  });
});
