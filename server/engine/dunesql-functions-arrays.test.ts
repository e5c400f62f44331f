import { describe, expect, it } from 'vitest';
import { duneTestSandbox } from './dunesql-functions-kit.js';

/**
 * Trino's array, map, lambda and aggregate functions as DuneSQL on a DuckDB set up as a DuneSQL
 * sandbox, with the answers Trino gives.
 */

const { row, value, error } = duneTestSandbox();

describe('sequence', () => {
  it('counts integers up or down, both ends included', async () => {
    expect(
      await row(`SELECT sequence(1, 5), sequence(5, 1), sequence(3, 3), sequence(1, 10, 3),
        sequence(10, 1, -4)`),
    ).toEqual([[1, 2, 3, 4, 5], [5, 4, 3, 2, 1], [3], [1, 4, 7, 10], [10, 6, 2]]);
    // Of the type of start and stop, with or without a step.
    expect(await value(`SELECT sequence(CAST(1 AS bigint), 7, 3)`)).toEqual(['1', '4', '7']);
  });

  it('steps dates by a day, and by intervals from the start as dates (month ends do not drift)', async () => {
    expect(await value(`SELECT sequence(DATE '2024-02-27', DATE '2024-03-01')`)).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(
      await value(`SELECT sequence(DATE '2024-01-31', DATE '2024-04-30', INTERVAL '1' MONTH)`),
    ).toEqual(['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30']);
    // Dates however the start is written (dunesql-functions-dates.test.ts: from a column);
    // a timestamp start keeps timestamps.
    expect(
      await value(
        `SELECT sequence(CAST('2024-01-01' AS date), DATE '2024-01-02', INTERVAL '1' DAY)`,
      ),
    ).toEqual(['2024-01-01', '2024-01-02']);
    expect(
      await row(`SELECT sequence(current_date, current_date, INTERVAL '1' DAY) = ARRAY[current_date],
        typeof(sequence(DATE '2024-01-01', DATE '2024-01-02', INTERVAL '1' DAY))`),
    ).toEqual([true, 'DATE[]']);
    expect(
      await value(
        `SELECT sequence(TIMESTAMP '2024-01-01 00:00', TIMESTAMP '2024-01-01 02:00', INTERVAL '1' HOUR)`,
      ),
    ).toEqual(['2024-01-01 00:00:00', '2024-01-01 01:00:00', '2024-01-01 02:00:00']);
  });

  it('unnests into a calendar to join daily figures on', async () => {
    expect(
      await value(`SELECT count(*) FROM UNNEST(sequence(DATE '2024-01-01', DATE '2024-12-31',
        INTERVAL '1' DAY)) AS t(day) WHERE day_of_week(day) = 1`),
    ).toBe('53');
  });

  it('fails on a zero step or one that moves away from the stop', async () => {
    expect(await error(`SELECT sequence(1, 5, 0)`)).toMatch(/step must not be zero/);
    expect(await error(`SELECT sequence(1, 5, -1)`)).toMatch(/stop value should be/);
  });
});

describe('array functions', () => {
  it('cardinality, element_at and slice are 1-based; element_at is NULL out of range', async () => {
    expect(
      await row(`SELECT cardinality(ARRAY[1, NULL, 3]), element_at(ARRAY[10, 20, 30], 2),
        element_at(ARRAY[10, 20, 30], -1), element_at(ARRAY[10, 20], 5),
        slice(ARRAY[1, 2, 3, 4, 5], 2, 3), slice(ARRAY[1, 2, 3, 4, 5], -2, 5),
        slice(ARRAY[1, 2, 3], 5, 1)`),
    ).toEqual(['3', 20, 30, null, [2, 3, 4], [4, 5], []]);
    expect(await error(`SELECT slice(ARRAY[1, 2], 0, 1)`)).toMatch(/indices start at 1/);
  });

  it('array_join skips NULLs or writes a replacement; array_max/min are NULL with a NULL', async () => {
    expect(
      await row(`SELECT array_join(ARRAY['a', NULL, 'c'], ', '), array_join(ARRAY[1, NULL, 3], '-', 'n/a'),
        array_max(ARRAY[1, 7, 3]), array_min(ARRAY[4, 2]), array_max(ARRAY[1, NULL, 3]),
        array_min(CAST(ARRAY[] AS array(integer)))`),
    ).toEqual(['a, c', '1-n/a-3', 7, 2, null, null]);
  });

  it('array_distinct keeps first occurrences in order; set operations too', async () => {
    expect(
      await row(`SELECT array_distinct(ARRAY[3, 1, NULL, 3, 2, NULL, 1]),
        array_union(ARRAY[1, 2], ARRAY[2, 3, 1]), array_intersect(ARRAY[4, 1, 2, 1], ARRAY[1, 4]),
        array_except(ARRAY[1, 2, 3, 2], ARRAY[2]), arrays_overlap(ARRAY[1, 2], ARRAY[2, 3])`),
    ).toEqual([[3, 1, null, 2], [1, 2, 3], [4, 1], [1, 3], true]);
  });

  it('contains, array_position (0 when absent), array_remove, array_sort, flatten', async () => {
    expect(
      await row(`SELECT contains(ARRAY['a', 'b'], 'b'), contains(ARRAY['a', NULL], 'b'),
        contains(ARRAY['a'], 'b'), array_position(ARRAY[5, 6, 5], 5),
        array_position(ARRAY[5, 6], 7), array_remove(ARRAY[1, NULL, 2, 1], 1),
        array_sort(ARRAY[3, NULL, 1]), flatten(ARRAY[ARRAY[1, 2], ARRAY[3]])`),
    ).toEqual([true, null, false, 1, 0, [null, 2], [1, 3, null], [1, 2, 3]]);
  });

  it('repeat makes an array; concat joins arrays and is NULL with a NULL', async () => {
    expect(
      await row(`SELECT repeat('x', 3), concat(ARRAY[1], ARRAY[2, 3]), concat('a', 'b', 'c'),
        concat('a', NULL), trim_array(ARRAY[1, 2, 3], 1), array_first(ARRAY[7, 8]),
        array_last(ARRAY[7, 8])`),
    ).toEqual([['x', 'x', 'x'], [1, 2, 3], 'abc', null, [1, 2], 7, 8]);
  });

  it('transform, filter, reduce and zip_with take lambdas; zip pairs arrays up', async () => {
    expect(
      await row(`SELECT transform(ARRAY[1, 2, 3], x -> x * 10), filter(ARRAY[1, 2, 3, 4], x -> x % 2 = 0),
        cardinality(zip(ARRAY[1, 2, 3], ARRAY['a', 'b'])),
        reduce(ARRAY[1, 2, 3], 0, (s, x) -> s + x, s -> s * 10),
        zip_with(ARRAY[1, 2], ARRAY[10, 20], (a, b) -> a + b)`),
    ).toEqual([[10, 20, 30], [2, 4], '3', 60, [11, 22]]);
  });

  it('any_match, all_match and none_match are three-valued', async () => {
    const match = (fn: string, array: string) => value(`SELECT ${fn}(${array}, x -> x > 1)`);
    expect(await match('any_match', 'ARRAY[1, 2]')).toBe(true);
    expect(await match('any_match', 'ARRAY[1, NULL]')).toBe(null);
    expect(await match('any_match', 'CAST(ARRAY[] AS array(integer))')).toBe(false);
    expect(await match('all_match', 'ARRAY[2, 3]')).toBe(true);
    expect(await match('all_match', 'ARRAY[2, NULL]')).toBe(null);
    expect(await match('all_match', 'ARRAY[1, NULL]')).toBe(false);
    expect(await match('none_match', 'ARRAY[0, 1]')).toBe(true);
    expect(await match('none_match', 'ARRAY[0, 2]')).toBe(false);
  });
});

describe('maps', () => {
  it('map_agg builds a map per group, keeping one value for a repeated key', async () => {
    expect(
      await row(`SELECT element_at(m, 'usdc'), element_at(m, 'dai'), cardinality(map_keys(m))
        FROM (SELECT map_agg(symbol, decimals) AS m
              FROM (VALUES ('usdc', 6), ('weth', 18), ('usdc', 6), (NULL, 0)) t(symbol, decimals))`),
    ).toEqual([6, null, '2']);
  });

  it('cardinality counts a map’s entries as an array’s elements, NULL for NULL', async () => {
    expect(
      await row(`SELECT cardinality(MAP(ARRAY[0xab, 0xcd], ARRAY[ARRAY[1], NULL])),
        cardinality(MAP(ARRAY['x'], ARRAY[1])), cardinality(CAST(MAP(ARRAY[], ARRAY[]) AS map(varchar, integer))),
        cardinality(CAST(NULL AS map(varchar, integer))), cardinality(ARRAY[1, NULL, 3]),
        cardinality(CAST(NULL AS array(integer))), cardinality(NULL),
        cardinality(ARRAY[MAP(ARRAY[1], ARRAY[2]), MAP(ARRAY[3, 4], ARRAY[5, 6]), NULL])`),
    ).toEqual(['2', '1', '0', null, '3', null, null, '3']);
    expect(
      await row(`SELECT cardinality(map_agg(k, v)), cardinality(array_agg(k)), cardinality(histogram(k))
        FROM (VALUES ('a', 1), ('b', 2), ('a', 3)) t(k, v)`),
    ).toEqual(['2', '3', '2']);
    expect(await error(`SELECT cardinality('abc')`)).toMatch(
      /cardinality takes an array or a map, not VARCHAR/,
    );
  });

  it('map_keys, map_values, map(), map_concat and split_to_map', async () => {
    expect(
      await row(`SELECT map_keys(map(ARRAY['a', 'b'], ARRAY[1, 2])),
        map_values(map(ARRAY['a', 'b'], ARRAY[1, 2])),
        element_at(map_concat(map(ARRAY['a'], ARRAY[1]), map(ARRAY['a'], ARRAY[9])), 'a'),
        element_at(split_to_map('a=1&b=2=3', '&', '='), 'b')`),
    ).toEqual([['a', 'b'], [1, 2], 9, '2=3']);
  });
});

describe('lambdas over maps', () => {
  const prices = `MAP(ARRAY['eth', 'btc', 'doge'], ARRAY[3000, 60000, NULL])`;

  it('map_filter keeps the entries whose condition is true, not NULL', async () => {
    expect(
      await row(`SELECT map_filter(${prices}, (k, v) -> v > 5000),
        map_filter(${prices}, (k, v) -> k <> 'btc'),
        map_filter(CAST(MAP(ARRAY[], ARRAY[]) AS map(varchar, integer)), (k, v) -> true),
        map_filter(CAST(NULL AS map(varchar, integer)), (k, v) -> true)`),
    ).toEqual([{ btc: 60000 }, { eth: 3000, doge: null }, {}, null]);
  });

  it('transform_values computes each value from its key and value, of any type', async () => {
    expect(
      await row(`SELECT transform_values(${prices}, (k, v) -> v * 2),
        transform_values(MAP(ARRAY[1, 2], ARRAY['a', 'b']), (k, v) -> v || CAST(k * 10 AS varchar)),
        transform_values(MAP(ARRAY[7], ARRAY[1]), (k, v) -> ARRAY[k, v])`),
    ).toEqual([{ eth: 6000, btc: 120000, doge: null }, { 1: 'a10', 2: 'b20' }, { 7: [7, 1] }]);
  });

  it('transform_keys computes each key; a NULL or repeated key fails as in Trino', async () => {
    expect(
      await row(`SELECT transform_keys(${prices}, (k, v) -> upper(k)),
        transform_keys(MAP(ARRAY[1, 2], ARRAY[10, 20]), (k, v) -> k + v)`),
    ).toEqual([
      { ETH: 3000, BTC: 60000, DOGE: null },
      { 11: 10, 22: 20 },
    ]);
    expect(
      await error(`SELECT transform_keys(MAP(ARRAY[1, 2, 3], ARRAY[5, 6, 5]), (k, v) -> v)`),
    ).toMatch(/Duplicate keys \(5\) are not allowed/);
    expect(await error(`SELECT transform_keys(${prices}, (k, v) -> v)`)).toMatch(
      /map key cannot be null/,
    );
    expect(
      await value(`SELECT try(transform_keys(MAP(ARRAY[1, 2], ARRAY[0, 0]), (k, v) -> v))`),
    ).toBe(null);
  });

  it('map_zip_with runs over the keys of both maps, NULL where one lacks the key', async () => {
    expect(
      await row(`SELECT map_zip_with(MAP(ARRAY['a', 'b'], ARRAY[1, 2]), MAP(ARRAY['b', 'c'], ARRAY[10, 20]),
          (k, x, y) -> coalesce(x, 0) + coalesce(y, 0)),
        map_zip_with(MAP(ARRAY[1], ARRAY['p']), MAP(ARRAY[2], ARRAY['q']), (k, x, y) -> concat(x, y)),
        map_zip_with(MAP(ARRAY[1], ARRAY[1]), CAST(NULL AS map(integer, integer)), (k, x, y) -> x)`),
    ).toEqual([{ a: 1, b: 12, c: 20 }, { 1: null, 2: null }, null]);
  });

  it('builds on map_agg per group', async () => {
    expect(
      await row(`SELECT map_filter(m, (token, amount) -> amount >= 10), transform_values(m, (t, a) -> a / 2)
        FROM (SELECT map_agg(token, amount) AS m
              FROM (VALUES ('usdc', 40), ('weth', 2), ('dai', 10)) v(token, amount))`),
    ).toEqual([
      { usdc: 40, dai: 10 },
      { usdc: 20, weth: 1, dai: 5 },
    ]);
  });

  it('reads a parameter name as Trino does: any case, quoted or not, shadowed by a nested lambda', async () => {
    const m = `MAP(ARRAY[2], ARRAY[ARRAY[5, 6]])`;
    expect(
      await row(`SELECT transform_values(${m}, ("K", v) -> cardinality(v) + k + "k"),
        transform_values(${m}, (k, v) -> transform(v, k -> k + 1)),
        transform_values(${m}, (k, v) -> transform(v, x -> x * k)),
        transform_values(MAP(ARRAY[3], ARRAY[${m}]), (k, v) -> transform_values(v, (k2, w) -> k2 * k)),
        transform_values(MAP(ARRAY[3], ARRAY[${m}]), (k, v) -> transform_values(v, (k, w) -> k))`),
    ).toEqual([{ 2: '6' }, { 2: [6, 7] }, { 2: [10, 12] }, { 3: { 2: 6 } }, { 3: { 2: 2 } }]);
  });

  it('tells a parameter from a column and a field of the same name', async () => {
    expect(
      await row(`SELECT transform_values(m, (k, v) -> v + k + t.k + r.k)
        FROM (SELECT MAP(ARRAY[1], ARRAY[10]) AS m, 100 AS k, CAST(ROW(1000) AS row(k integer)) AS r) t`),
    ).toEqual([{ 1: 1111 }]);
  });
});

describe('zip_with', () => {
  it("nested in another, reads the outer lambda's parameters as the outer pair", async () => {
    expect(
      await value(`SELECT zip_with(ARRAY[1, 2], ARRAY[10, 20],
        (x, y) -> zip_with(ARRAY[100], ARRAY[1000], (a, b) -> a + b + x + y))`),
    ).toEqual([[1111], [1122]]);
  });
});

describe('aggregates', () => {
  const amounts = `(VALUES (1, true, 'a'), (2, true, 'b'), (3, false, 'b'), (4, NULL, 'c'),
    (100, true, 'c')) t(x, ok, k)`;

  it('approx_percentile and approx_distinct (approximate, exact on small inputs)', async () => {
    expect(
      await row(`SELECT approx_percentile(x, 0.5), approx_percentile(x, ARRAY[0.0, 1.0]),
        approx_distinct(k) FROM ${amounts}`),
    ).toEqual([3, [1, 100], '3']);
  });

  it('every, bool_and, bool_or, count_if and arbitrary', async () => {
    expect(
      await row(`SELECT every(ok), bool_and(ok), bool_or(ok), count_if(ok), count_if(x > 2),
        arbitrary(k) IS NOT NULL FROM ${amounts}`),
    ).toEqual([false, false, true, '3', '3', true]);
  });

  it('listagg joins text in the order WITHIN GROUP gives, skipping NULLs', async () => {
    expect(
      await row(`SELECT listagg(k, ', ') WITHIN GROUP (ORDER BY x DESC),
        listagg(k) WITHIN GROUP (ORDER BY k, x),
        listagg(k, '|' ON OVERFLOW ERROR) WITHIN GROUP (ORDER BY x) FILTER (WHERE ok)
        FROM ${amounts}`),
    ).toEqual(['c, c, b, b, a', 'abbcc', 'a|b|c']);
    expect(
      await value(`SELECT listagg(CASE WHEN x < 3 THEN k END, '-') WITHIN GROUP (ORDER BY x)
        FROM ${amounts}`),
    ).toBe('a-b');
    expect(
      await row(`SELECT ok, listagg(k, '') WITHIN GROUP (ORDER BY x) FROM ${amounts}
        WHERE ok IS NOT NULL GROUP BY ok ORDER BY ok`),
    ).toEqual([false, 'b']);
  });

  it('max_by and min_by pick a row by another column', async () => {
    expect(await row(`SELECT max_by(k, x), min_by(k, x), max_by(x, x, 2) FROM ${amounts}`)).toEqual(
      ['c', 'a', [100, 4]],
    );
  });

  it('window functions keep their meaning', async () => {
    expect(
      await row(
        `SELECT array_agg(r ORDER BY x), array_agg(prev ORDER BY x) FROM (
        SELECT x, row_number() OVER (ORDER BY x DESC) AS r, lag(x) OVER (ORDER BY x) AS prev
        FROM ${amounts})`,
      ),
    ).toEqual([
      ['5', '4', '3', '2', '1'],
      [null, 1, 2, 3, 4],
    ]);
  });

  it('histogram and array_agg with an order', async () => {
    expect(
      await row(
        `SELECT element_at(histogram(k), 'b'), array_agg(x ORDER BY x DESC) FROM ${amounts}`,
      ),
    ).toEqual(['2', [100, 4, 3, 2, 1]]);
  });
});
