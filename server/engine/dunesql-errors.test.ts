import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duneSqlError, trinoType } from './dunesql-errors.js';
import { errorOffset } from './sql-errors.js';

// DuckDB's real messages, reworded: each case runs its SQL in DuckDB, finds the position as a
// run does (errorOffset) and expects the hosted service's (Trino's) words at that line and column.

/** The message alone. */
const duneSqlMessage = (message: string, sql: string, offset?: number) =>
  duneSqlError(message, sql, offset).message;

let inst: DuckDBInstance;
beforeAll(async () => {
  inst = await DuckDBInstance.create(':memory:');
  const conn = await inst.connect();
  // As a sandbox shows tables: `schema.table` views, uploads in the `dune` catalog.
  await conn.run(`ATTACH ':memory:' AS dune; CREATE SCHEMA dune.alice;
    CREATE VIEW dune.alice.addresses AS SELECT 1 AS id;
    CREATE SCHEMA ethereum;
    CREATE VIEW ethereum.tx AS SELECT 1 AS a, 'x' AS s, '\\xAA'::BLOB AS b;
    CREATE MACRO dunesql_pair(a, b) AS a + b;
    CREATE MACRO dunesql_checked(x) AS CASE WHEN x > 10 THEN error('value ' || x || ' is out of range') ELSE x END`);
  conn.closeSync();
});
afterAll(() => inst.closeSync());

/**
 * The message a DuneSQL run of `sql` fails with; `written` is the SQL as the user wrote it, when
 * the rewrite would have changed it without moving the fault.
 */
async function failure(sql: string, written = sql): Promise<string> {
  const conn = await inst.connect();
  try {
    await conn.runAndReadAll(sql);
  } catch (e) {
    const message = (e as Error).message.replace(/^Failed to extract statements: /, '');
    return duneSqlMessage(message, written, errorOffset(message, sql));
  } finally {
    conn.closeSync();
  }
  throw new Error(`${sql} ran`);
}

describe('duneSqlError', () => {
  it.each([
    ['select x', "line 1:8: Column 'x' cannot be resolved"],
    ['SELECT a,\n  Nope\nFROM ethereum.tx', "line 2:3: Column 'nope' cannot be resolved"],
    ['select t.x from ethereum.tx t', "line 1:8: Column 't.x' cannot be resolved"],
    ['select tx.a from ethereum.tx t', "line 1:8: Column 'tx.a' cannot be resolved"],
    ['select a from ethereum.tx x, ethereum.tx y', "line 1:8: Column 'a' is ambiguous"],
    [
      'select a from ethereum.tx group by s',
      "line 1:8: 'a' must be an aggregate expression or appear in GROUP BY clause",
    ],
  ])('names an unknown or ambiguous column as Trino does: %j', async (sql, message) => {
    expect(await failure(sql)).toBe(message);
  });

  it.each([
    ['select * from ethereum.nope', "line 1:15: Table 'ethereum.nope' does not exist"],
    // The sandbox shows only the tables a query names; the schema may exist all the same.
    ['select * from nosuch.tx', "line 1:15: Table 'nosuch.tx' does not exist"],
    ['select * from Dune.alice.Nope', "line 1:15: Table 'dune.alice.nope' does not exist"],
    ['with a as (select 1) select * from b', "line 1:36: Table 'b' does not exist"],
  ])('names an unknown table as written: %j', async (sql, message) => {
    expect(await failure(sql)).toBe(message);
  });

  it.each([
    ['select nofunc(1)', "line 1:8: Function 'nofunc' not registered"],
    [
      'select a, nosuchagg(a) over () from ethereum.tx',
      "line 1:11: Function 'nosuchagg' not registered",
    ],
    ['select * from nope()', "line 1:15: Table function 'nope' not registered"],
    [
      'select substr(a, 1) from ethereum.tx',
      'line 1:8: Unexpected parameters (integer, integer) for function substr. ' +
        'Expected: substr(varchar, bigint), substr(varchar, bigint, bigint)',
    ],
  ])('names an unknown function or a call of the wrong arguments: %j', async (sql, message) => {
    expect(await failure(sql)).toBe(message);
  });

  it("names a macro's function as the user wrote it", async () => {
    expect(await failure('select dunesql_pair(1)', 'select pair(1)')).toBe(
      'line 1:8: Unexpected parameters for function pair. Expected: pair(a, b)',
    );
  });

  it.each([
    ['select s + 1 from ethereum.tx', 'line 1:10: Cannot apply operator: varchar + integer'],
    ['select -s from ethereum.tx', 'line 1:8: Cannot negate varchar'],
    [
      'select a from ethereum.tx where s >= 1',
      'line 1:35: Cannot apply operator: varchar >= integer',
    ],
    [
      'select a from ethereum.tx where 1 < s',
      'line 1:35: Cannot apply operator: integer < varchar',
    ],
    [
      'select s between 1 and 2 from ethereum.tx',
      'line 1:10: Cannot check if varchar is BETWEEN integer and integer',
    ],
  ])('words a type mismatch as an operator Trino cannot apply: %j', async (sql, message) => {
    expect(await failure(sql)).toBe(message);
  });

  it.each([
    ["select cast('abc' as integer)", "line 1:8: Cannot cast 'abc' to INT"],
    ["select cast('abc' as bigint)", "line 1:8: Cannot cast 'abc' to BIGINT"],
    ["select cast('maybe' as boolean)", "line 1:8: Cannot cast 'maybe' to BOOLEAN"],
    ["select cast('abc' as date)", 'line 1:8: Value cannot be cast to date: abc'],
    ['select cast(300 as tinyint)', 'line 1:8: Out of range for tinyint: 300'],
    ['select cast(b as integer) from ethereum.tx', 'line 1:8: Cannot cast varbinary to integer'],
    ['select 9223372036854775807 + 1', 'bigint addition overflow: 9223372036854775807 + 1'],
    [
      "select cast('12a' as bignum)",
      "line 1:8: Cannot cast '12a' to a 256-bit integer (uint256 or int256)",
    ],
  ])('words a failed cast or an overflow as Trino does: %j', async (sql, message) => {
    expect(await failure(sql)).toBe(message);
  });

  it.each([
    ['select from where', "line 1:13: mismatched input 'where'"],
    ['selec 1', "line 1:1: mismatched input 'selec'"],
    ['select 1,\n  2 +\n', "line 2:5: mismatched input '<EOF>'"],
  ])('words a syntax error as Trino parser does: %j', async (sql, message) => {
    expect(await failure(sql)).toBe(message);
  });

  it("keeps an error()'s own words, without DuckDB's category", async () => {
    expect(await failure('select dunesql_checked(11)')).toBe('value 11 is out of range');
  });

  it('names a function the rewrite renamed or qualified as the user wrote it', () => {
    // What DuckDB says of `len(…)`, run for the user's `cardinality(…)` (the caret mapped back).
    const message =
      "Binder Error: No function matches the given name and argument types 'len(INTEGER_LITERAL)'." +
      ' You might need to add explicit type casts.\n\tCandidate functions:\n\tlen(VARCHAR) -> BIGINT' +
      '\n\tlen(ANY[]) -> BIGINT\n\nLINE 1: select len(1)\n               ^';
    expect(duneSqlMessage(message, 'select Cardinality (1)', 7)).toBe(
      'line 1:8: Unexpected parameters (integer) for function cardinality. ' +
        'Expected: cardinality(array(any)), cardinality(varchar)',
    );
    // Without a position, DuckDB's name without the prefix of Strata's macros.
    expect(
      duneSqlMessage('Catalog Error: Scalar Function with name dunesql_nope does not exist!', 'x'),
    ).toBe("Function 'nope' not registered");
  });

  it('places an error a DuneSQL function raised at its one call, or the one cast it names', () => {
    const raised = 'Invalid Input Error: varbinary_to_uint256: 40 bytes do not fit in 32';
    const once = 'select 1,\n  VARBINARY_TO_UINT256 (x) from t';
    expect(duneSqlError(raised, once)).toEqual({
      message: 'line 2:3: varbinary_to_uint256: 40 bytes do not fit in 32',
      offset: 12,
    });
    const twice = 'select varbinary_to_uint256(x), varbinary_to_uint256(y) from t';
    expect(duneSqlError(raised, twice)).toEqual({
      message: 'varbinary_to_uint256: 40 bytes do not fit in 32',
    });
    const range = `Invalid Input Error: Value ${2n ** 256n} is out of range for uint256`;
    expect(duneSqlError(range, "select cast('1' as uint256), cast(x as int256)").message).toBe(
      `line 1:20: Value ${2n ** 256n} is out of range for uint256`,
    );
    // An older name running as the same macro is its call.
    const alias = 'select bytearray_to_uint256(x) from t';
    expect(duneSqlError(raised, alias).offset).toBe(7);
    // A varbinary a cast refuses is shown as 0x hex, not as DuckDB prints a BLOB.
    const blob = "Invalid Input Error: Cannot cast BLOB '\\xAB\\x00A' to uint256";
    expect(duneSqlError(blob, 'select cast(b as uint256) from t').message).toBe(
      'line 1:18: Cannot cast varbinary 0xab0041 to uint256',
    );
    // A function's own words name no function of DuneSQL's: left where DuckDB left it.
    expect(duneSqlError('Invalid Input Error: boom: x', 'select boom(1)')).toEqual({
      message: 'boom: x',
    });
  });

  it('says how to unnest a map column, which Strata reads as an array', async () => {
    expect(
      await failure('select * from (select map([1], [2]) m) cross join unnest(m) as t(k)'),
    ).toMatch(/^line 1:51: Cannot unnest this type: .* write UNNEST\(map_entries\(m\)\)$/);
  });

  it("keeps any other message as DuckDB's text, with Trino's position", () => {
    const sql = 'select 1\nfrom t';
    const message = 'Binder Error: something new\n\nLINE 2: from t\n             ^';
    expect(duneSqlMessage(message, sql, errorOffset(message, sql))).toBe(
      'line 2:6: Binder Error: something new',
    );
    expect(duneSqlMessage('the query is empty', '')).toBe('the query is empty');
  });
});

describe('trinoType', () => {
  it.each([
    ['BLOB', 'varbinary'],
    ['INTEGER[]', 'array(integer)'],
    ['MAP(VARCHAR, BIGINT[])', 'map(varchar, array(bigint))'],
    ['STRUCT("A" INTEGER, b DECIMAL(10,2))', 'row(a integer, b decimal(10,2))'],
    ['TIMESTAMP WITH TIME ZONE', 'timestamp with time zone'],
    ['BIGNUM', 'int256'],
  ])('%s → %s', (duck, trino) => {
    expect(trinoType(duck)).toBe(trino);
  });
});
