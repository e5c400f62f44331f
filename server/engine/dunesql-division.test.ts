import { describe, expect, it } from 'vitest';
import { rewriteDuneSql } from '../../shared/sql/dunesql/rewrite.js';
import { toOriginalOffset } from '../../shared/sql/offsets.js';
import { duneSqlError } from './dunesql-errors.js';
import { duneTestSandbox } from './dunesql-functions-kit.js';
import { errorOffset } from './sql-errors.js';

/**
 * `/` and `%` as DuneSQL on a DuckDB set up as a DuneSQL sandbox, with the answers Trino gives:
 * integer division, and division by zero (an error for integers and decimals, IEEE's answer for
 * doubles, NULL for NULL), however the zero comes.
 */

const { row, value, error } = duneTestSandbox();

/** The message a run of `sql` fails with, as the hosted service words it (as a run places it). */
async function hosted(sql: string): Promise<string> {
  const message = (await error(sql))!;
  const { sql: duck, marks } = rewriteDuneSql(sql);
  const offset = errorOffset(message, duck);
  return duneSqlError(
    message,
    sql,
    offset === undefined ? undefined : toOriginalOffset(marks)(offset),
  ).message;
}

describe('division', () => {
  it('divides integers as integers, truncating toward zero, and keeps their type', async () => {
    expect(await row(`SELECT mod(-7, 3), mod(7.5, 2), mod(7e0, 0)`)).toEqual([-1, '1.5', NaN]);
    expect(
      await row(`SELECT 7 / 2, -7 / 2, 7 % 3, -7 % 3, 7.0 / 2, 7.5 % 2, 1e0 / 4,
        typeof(7 / 2), typeof(CAST(7 AS bigint) / 2), typeof(CAST(7 AS smallint) % CAST(2 AS smallint))`),
    ).toEqual([3, -3, 1, -1, 3.5, '1.5', 0.25, 'INTEGER', 'BIGINT', 'SMALLINT']);
  });

  it('fails on an integer or decimal divided by zero, as Trino does', async () => {
    for (const sql of [
      'SELECT 7 / 0',
      'SELECT 7 % 0',
      'SELECT CAST(7 AS bigint) / CAST(0 AS bigint)',
      'SELECT 7.5 / 0',
      'SELECT 7.5 % 0.0',
      'SELECT x / y FROM (VALUES (1, 0)) t(x, y)',
      'SELECT x % y FROM (VALUES (1, 0)) t(x, y)',
      'SELECT x / (SELECT 0) FROM (VALUES (1)) t(x)',
      'SELECT x / sum(x) OVER () FROM (VALUES (1), (-1)) t(x)',
      "SELECT CAST('7' AS uint256) / CAST('0' AS uint256)",
      'SELECT mod(7, 0)',
    ])
      expect(await error(sql), sql).toMatch(/Division by zero/);
  });

  it('gives NULL for NULL divided by zero, and for a row whose divisor is not zero', async () => {
    expect(
      await row(`SELECT CAST(NULL AS integer) / 0, NULL % 0,
        (SELECT sum(x) / count(*) FROM (VALUES (1)) t(x) WHERE x > 1)`),
    ).toEqual([null, null, null]);
    expect(
      await value(
        `SELECT array_agg(x / y ORDER BY x) FROM (VALUES (1, 1), (8, 2), (9, NULL)) t(x, y)`,
      ),
    ).toEqual([1, 4, null]);
  });

  it('gives Infinity and NaN for doubles divided by zero', async () => {
    expect(
      await row(`SELECT 7e0 / 0, -7e0 / 0, 0e0 / 0, 7 / 0e0, 7e0 % 0,
        x / y FROM (VALUES (1e0, 0e0)) t(x, y)`),
    ).toEqual([Infinity, -Infinity, NaN, Infinity, NaN, Infinity]);
  });

  it('is NULL inside try, as in Trino', async () => {
    expect(await row(`SELECT try(7 / 0), try(x % y) FROM (VALUES (1, 0)) t(x, y)`)).toEqual([
      null,
      null,
    ]);
  });

  it('fails in the hosted service’s words', async () => {
    expect(await hosted('SELECT 7 / 0')).toBe('Division by zero');
    expect(await hosted("SELECT x % 2 FROM (VALUES ('a')) t(x)")).toMatch(
      /Cannot apply operator: varchar % integer$/,
    );
    expect(await hosted("SELECT x / 2 FROM (VALUES ('a')) t(x)")).toMatch(
      /Cannot apply operator: varchar \/ integer$/,
    );
  });
});
