/** Trino's aggregate functions (the array and map aggregates are in functions-arrays.ts). */
import type { DuneFunction } from './functions';
import { macro, renamed, reshaped, same, unsupported } from './functions-kit';

export const AGGREGATE_MACROS: string[] = [
  // DuckDB's skewness is the sample one (G1); Trino's is the population one, G1·(n-2)/√(n(n-1)).
  `CREATE OR REPLACE MACRO dunesql_skewness(x) AS "/"(skewness(x) * (count(x) - 2), sqrt(count(x) * (count(x) - 1)))`,
];

export const AGGREGATE_FUNCTIONS: DuneFunction[] = [
  renamed(
    'approx_percentile',
    'approx_quantile',
    'approx_percentile(x, percentage double | array(double)) → same type | array',
    'Aggregate: an approximate value at the given percentile(s) of x (0.5 is the median), from a t-digest as in Trino (answers may differ slightly between the two). The weighted and accuracy forms are not supported.',
  ),
  renamed(
    'approx_distinct',
    'approx_count_distinct',
    'approx_distinct(x) → bigint',
    'Aggregate: an approximate count of distinct non-NULL values (HyperLogLog; a few percent off on large inputs, like Trino’s). The max-error argument is not supported.',
  ),
  renamed(
    'every',
    'bool_and',
    'every(condition boolean) → boolean',
    'Aggregate: whether condition is true on every row (NULLs ignored).',
  ),
  same(
    'bool_and',
    'bool_and(condition boolean) → boolean',
    'Aggregate: whether condition is true on every row (NULLs ignored).',
  ),
  same(
    'bool_or',
    'bool_or(condition boolean) → boolean',
    'Aggregate: whether condition is true on some row (NULLs ignored).',
  ),
  same('arbitrary', 'arbitrary(x) → same type', 'Aggregate: one of the non-NULL values, any.'),
  same('any_value', 'any_value(x) → same type', 'Aggregate: one of the non-NULL values, any.'),
  same(
    'count_if',
    'count_if(condition boolean) → bigint',
    'Aggregate: the number of rows where condition is true.',
  ),
  same(
    'max_by',
    'max_by(x, y[, n bigint]) → same type | array',
    'Aggregate: the x of the row with the largest y (or the n largest, as an array).',
  ),
  same(
    'min_by',
    'min_by(x, y[, n bigint]) → same type | array',
    'Aggregate: the x of the row with the smallest y (or the n smallest, as an array).',
  ),
  same('count', 'count(*) | count(x) → bigint', 'Aggregate: the number of rows, or of non-NULL x.'),
  same('sum', 'sum(x) → number', 'Aggregate: the sum of the non-NULL values (exact on uint256).'),
  same('avg', 'avg(x) → double', 'Aggregate: the mean of the non-NULL values.'),
  same('min', 'min(x) → same type', 'Aggregate: the smallest non-NULL value.'),
  same('max', 'max(x) → same type', 'Aggregate: the largest non-NULL value.'),
  same('geometric_mean', 'geometric_mean(x double) → double', 'Aggregate: the geometric mean.'),
  ...['stddev', 'stddev_samp', 'stddev_pop', 'variance', 'var_samp', 'var_pop'].map((f) =>
    same(
      f,
      `${f}(x double) → double`,
      `Aggregate: the ${f.includes('pop') ? 'population' : 'sample'} ${f.startsWith('std') ? 'standard deviation' : 'variance'}.`,
    ),
  ),
  same('corr', 'corr(y double, x double) → double', 'Aggregate: the correlation coefficient.'),
  same(
    'covar_samp',
    'covar_samp(y double, x double) → double',
    'Aggregate: the sample covariance.',
  ),
  same(
    'covar_pop',
    'covar_pop(y double, x double) → double',
    'Aggregate: the population covariance.',
  ),
  same(
    'regr_slope',
    'regr_slope(y double, x double) → double',
    'Aggregate: the slope of the least-squares line.',
  ),
  same(
    'regr_intercept',
    'regr_intercept(y double, x double) → double',
    'Aggregate: the intercept of the least-squares line.',
  ),
  same(
    'kurtosis',
    'kurtosis(x double) → double',
    'Aggregate: the excess kurtosis with the small-sample correction; NULL below 4 values.',
  ),
  macro(
    'skewness',
    'skewness(x double) → double',
    'Aggregate: the skewness of the values, without the small-sample correction (as Trino: √n·Σd³ / (Σd²)^1.5); NULL below 3 values.',
  ),

  ...[
    [
      'row_number',
      'row_number() → bigint',
      'Window: the number of the row in its partition, from 1.',
    ],
    ['rank', 'rank() → bigint', 'Window: the rank of the row, with gaps after ties.'],
    [
      'dense_rank',
      'dense_rank() → bigint',
      'Window: the rank of the row, without gaps after ties.',
    ],
    ['percent_rank', 'percent_rank() → double', 'Window: (rank - 1) / (rows in partition - 1).'],
    [
      'cume_dist',
      'cume_dist() → double',
      'Window: the share of rows up to and including this one’s peers.',
    ],
    [
      'ntile',
      'ntile(n bigint) → bigint',
      'Window: the bucket (1 to n) of the row when the partition is cut into n.',
    ],
    [
      'lag',
      'lag(x[, offset bigint[, default]]) → same type',
      'Window: x of the row offset rows before (default 1), or default.',
    ],
    [
      'lead',
      'lead(x[, offset bigint[, default]]) → same type',
      'Window: x of the row offset rows after (default 1), or default.',
    ],
    ['first_value', 'first_value(x) → same type', 'Window: x of the first row of the frame.'],
    ['last_value', 'last_value(x) → same type', 'Window: x of the last row of the frame.'],
    ['nth_value', 'nth_value(x, n bigint) → same type', 'Window: x of the n-th row of the frame.'],
  ].map(([name, signature, doc]) => same(name!, signature!, doc!)),
  reshaped(
    'listagg',
    'listagg(x varchar[, separator varchar]) WITHIN GROUP (ORDER BY …) → varchar',
    'The values of x in the group joined by separator (none when not given), in the order WITHIN GROUP gives; NULLs are skipped.',
  ),
  unsupported(
    'approx_most_frequent',
    'approx_most_frequent(buckets bigint, value, capacity bigint) → map',
    'Not supported on Strata: count and order by the count instead.',
  ),
  unsupported(
    'numeric_histogram',
    'numeric_histogram(buckets bigint, value double) → map',
    'Not supported on Strata yet.',
  ),
  unsupported(
    'reduce_agg',
    'reduce_agg(x, initial, input_function, combine_function) → value',
    'Not supported on Strata: DuckDB has no aggregate taking lambdas.',
    { lambda: true },
  ),
  unsupported(
    'checksum',
    'checksum(x) → varbinary',
    'Not supported on Strata: its hash is Trino’s own.',
  ),
  ...[
    'approx_set',
    'merge',
    'empty_approx_set',
    'qdigest_agg',
    'tdigest_agg',
    'make_set_digest',
    'merge_set_digest',
  ].map((f) =>
    unsupported(
      f,
      `${f}(…)`,
      'Not supported on Strata: DuckDB has no HyperLogLog, digest or set-digest values.',
    ),
  ),
];
