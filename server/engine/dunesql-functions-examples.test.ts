import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duneFunctions } from '../../shared/sql/dunesql/functions.js';
import { DuneSqlError, rewriteDuneSql } from '../../shared/sql/dunesql/rewrite.js';
import { duneRow, duneSandbox, type DuneSandbox } from './dunesql-functions-kit.js';

/**
 * One DuneSQL call with Trino's answer for each catalog function the family tests do not
 * already call (mostly those DuckDB runs under the same name: their meaning is checked, not
 * assumed), and a check that every function Strata runs is called by some test.
 */

let box: DuneSandbox;
beforeAll(async () => {
  box = await duneSandbox();
});
afterAll(() => box.close());

/** A call per function, over a small table of trades, and the answer Trino gives. */
const EXAMPLES: [string, unknown][] = [
  ['bytearray_to_integer(0x0100)', 256],
  ['bytearray_to_decimal(0x0de0b6b3a7640000)', '1000000000000000000'],
  ['bytearray_rtrim(0xab0000)', '0xab'],
  ['bytearray_concat(0xab, 0xcd)', '0xabcd'],
  ['bytearray_position(0xaabbcc, 0xcc)', '3'],
  ['bytearray_replace(0xaabbaa, 0xaa, 0x00)', '0x00bb00'],
  ["address_32_from_hex('0x1') = address_32_from_hex('1')", true],
  [`address_32_from_hex('0x1')`, `0x${'00'.repeat(31)}01`],
  ["to_base64(to_utf8('dune'))", 'ZHVuZQ=='],
  ["from_utf8(from_base64('ZHVuZQ=='))", 'dune'],
  ['abs(-2.5)', '2.5'],
  ['ceil(1.2)', '2'],
  ['ceiling(-1.2)', '-1'],
  ['floor(-1.2)', '-2'],
  ['sign(-7)', -1],
  ['mod(-7, 3)', -1],
  ['sqrt(16)', 4],
  ['round(cbrt(27), 12)', 3],
  ['exp(0)', 1],
  ['ln(1)', 0],
  ['log2(1024)', 10],
  ['log10(1000)', 3],
  ['log(2, 8)', 3],
  ['power(10, 18)', 1e18],
  ['pow(2, 10)', 1024],
  ['round(pi(), 4)', 3.1416],
  ['degrees(pi())', 180],
  ['radians(180) = pi()', true],
  ['sin(0) + cos(0) + tan(0)', 1],
  ['asin(1) * 2 = pi() AND acos(1) = 0 AND atan(0) = 0', true],
  ['sinh(0) + cosh(0) + tanh(0)', 1],
  ['atan2(1, 1) * 4 = pi()', true],
  ['round(2.5)', '3'],
  ['round(-2.5)', '-3'],
  ['round(1234.5678, 2)', '1234.57'],
  ["date_trunc('month', TIMESTAMP '2024-05-17 13:45')", '2024-05-01 00:00:00'],
  ["date_trunc('week', TIMESTAMP '2024-05-17 13:45')", '2024-05-13 00:00:00'],
  ["year(DATE '2024-05-17')", '2024'],
  ["quarter(DATE '2024-05-17')", '2'],
  ["month(DATE '2024-05-17')", '5'],
  ["day(DATE '2024-05-17')", '17'],
  ["hour(TIMESTAMP '2024-05-17 13:45')", '13'],
  ["minute(TIMESTAMP '2024-05-17 13:45')", '45'],
  ["now() > TIMESTAMP '2024-01-01 00:00'", true],
  ["timezone_hour(from_iso8601_timestamp('2024-01-01T00:00:00Z'))", '0'],
  ["timezone_minute(from_iso8601_timestamp('2024-01-01T00:00:00Z'))", '0'],
  ["trim('  weth ')", 'weth'],
  ["ltrim('  weth ')", 'weth '],
  ["rtrim('  weth ')", '  weth'],
  ["upper('weth')", 'WETH'],
  ["lower('WETH')", 'weth'],
  ["starts_with('uniswap_v3', 'uni')", true],
  ["ends_with('uniswap_v3', 'v3')", true],
  ["normalize('e' || chr(769)) = chr(233)", true],
  ["url_encode('a b&c*~é')", 'a+b%26c*%7E%C3%A9'],
  ["url_decode('a+b%2Bc%20d')", 'a b+c d'],
  ['length(CAST(uuid() AS varchar))', '36'],
  ['greatest(1, 5, 3)', 5],
  ['greatest(1, NULL, 3)', null],
  ['least(4, 2, 9)', 2],
  ['least(4, NULL)', null],
  ["element_at(map_from_entries(ARRAY[ROW('a', 1), ROW('b', 2)]), 'b')", 2],
  ["cardinality(map_entries(map(ARRAY['a', 'b'], ARRAY[1, 2])))", '2'],
];

/** Aggregates and window functions over five rows of amounts. */
const TABLE = `(VALUES (1, 'a'), (2, 'a'), (3, 'b'), (4, 'b'), (10, 'b')) t(x, k)`;
const AGGREGATES: [string, unknown][] = [
  ["any_value(k) IN ('a', 'b')", true],
  ['avg(x)', 4],
  ['min(x)', 1],
  ['max(x)', 10],
  ['round(geometric_mean(x), 6)', 2.992556],
  ['round(stddev(x), 6)', 3.535534],
  ['round(stddev_samp(x), 6)', 3.535534],
  ['round(stddev_pop(x), 6)', 3.162278],
  ['variance(x)', 12.5],
  ['var_samp(x)', 12.5],
  ['var_pop(x)', 10],
  ['round(corr(x, x * 2), 6)', 1],
  ['covar_samp(x, x)', 12.5],
  ['covar_pop(x, x)', 10],
  ['regr_slope(x * 2 + 1, x)', 2],
  ['regr_intercept(x * 2 + 1, x)', 1],
  ['round(kurtosis(x), 6)', 3.152],
  ['round(skewness(x), 6)', 1.13842],
  ['bitwise_xor_agg(x)', 14],
];
const WINDOWS: [string, unknown[]][] = [
  ['rank() OVER (ORDER BY k)', ['1', '1', '3', '3', '3']],
  ['dense_rank() OVER (ORDER BY k)', ['1', '1', '2', '2', '2']],
  ['percent_rank() OVER (ORDER BY k)', [0, 0, 0.5, 0.5, 0.5]],
  ['cume_dist() OVER (ORDER BY k)', [0.4, 0.4, 1, 1, 1]],
  ['ntile(2) OVER (ORDER BY x)', ['1', '1', '1', '2', '2']],
  ['lead(x) OVER (ORDER BY x)', [2, 3, 4, 10, null]],
  ['first_value(x) OVER (PARTITION BY k ORDER BY x)', [1, 1, 3, 3, 3]],
  [
    'last_value(x) OVER (PARTITION BY k ORDER BY x ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)',
    [2, 2, 10, 10, 10],
  ],
  ['nth_value(x, 2) OVER (ORDER BY x)', [null, 2, 2, 2, 2]],
];

describe('one call per function', () => {
  it.each(EXAMPLES)('%s', async (call, expected) => {
    expect(await duneRow(box, `SELECT ${call}`)).toEqual([expected]);
  });

  it.each(AGGREGATES)('%s', async (call, expected) => {
    expect(await duneRow(box, `SELECT ${call} FROM ${TABLE}`)).toEqual([expected]);
  });

  it.each(WINDOWS)('%s', async (call, expected) => {
    const [values] = await duneRow(
      box,
      `SELECT array_agg(v ORDER BY x) FROM (SELECT x, ${call} AS v FROM ${TABLE})`,
    );
    expect(values).toEqual(expected);
  });
});

describe('coverage', () => {
  it('calls every function Strata runs in some test', () => {
    const dir = path.dirname(new URL(import.meta.url).pathname);
    const tests = fs
      .readdirSync(dir)
      .filter((f) => /^dunesql-functions.*\.test\.ts$/.test(f))
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .join('\n');
    const untested = duneFunctions()
      .filter((f) => f.run.kind !== 'unsupported')
      .map((f) => f.name)
      .filter((name) => !new RegExp(`(\\b|")${name}"?\\s*\\(|'${name}'`, 'i').test(tests));
    expect(untested).toEqual([]);
  });

  it('refuses a call of each unsupported function, naming it', () => {
    for (const f of duneFunctions().filter((g) => g.run.kind === 'unsupported')) {
      const call = f.lambda ? `${f.name}(x, (k, v) -> v)` : `${f.name}(x)`;
      expect(() => rewriteDuneSql(`SELECT ${call} FROM t`), f.name).toThrow(DuneSqlError);
      expect(() => rewriteDuneSql(`SELECT ${call} FROM t`), f.name).toThrow(f.name);
    }
  });
});
