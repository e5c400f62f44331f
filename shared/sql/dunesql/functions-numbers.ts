/**
 * Numbers: uint256/int256 (DuckDB BIGNUM: arbitrary precision, with the range checks of the
 * casts done here), Trino's math and bitwise functions.
 *
 * Arithmetic on uint256/int256 in DuckDB 1.5: `+`, `-`, unary minus, comparisons, `sum` and
 * `max`/`min` are exact at any size; `*`, `/`, `%` and `avg` give a DOUBLE (about 16 significant
 * digits), so `amount / 1e18` is fine and an exact product of two large amounts is not.
 * Results are not range-checked after arithmetic (Trino fails on overflow).
 */
import type { DuneFunction } from './functions';
import { macro, renamed, same, unsupported } from './functions-kit';

/** What arithmetic on uint256/int256 does here, for the docs that mention the types. */
export const UINT256_ARITHMETIC =
  'On uint256/int256, +, -, comparisons, sum, min and max are exact at any size; *, /, % and avg go through double (about 16 significant digits), and results are not range-checked.';

const TWO_256 = '115792089237316195423570985008687907853269984665640564039457584007913129639936';
const UINT256_MAX = `CAST('115792089237316195423570985008687907853269984665640564039457584007913129639935' AS BIGNUM)`;
const INT256_MAX = `CAST('57896044618658097711785492504343953926634992332820282019728792003956564819967' AS BIGNUM)`;
const INT256_MIN = `CAST('-57896044618658097711785492504343953926634992332820282019728792003956564819968' AS BIGNUM)`;

/** Trino's integer casts round half away from zero; so do these, from double and decimal. */
const BIGNUM_OF = `CASE
  WHEN typeof(x) = 'BIGNUM' THEN TRY_CAST(x AS BIGNUM)
  WHEN typeof(x) = 'VARCHAR' THEN TRY_CAST(trim(TRY_CAST(x AS VARCHAR)) AS BIGNUM)
  WHEN typeof(x) IN ('DOUBLE', 'FLOAT') THEN TRY_CAST(round(TRY_CAST(x AS DOUBLE)) AS BIGNUM)
  WHEN typeof(x) LIKE 'DECIMAL%' THEN TRY_CAST(CAST(TRY_CAST(x AS DECIMAL(38, 0)) AS VARCHAR) AS BIGNUM)
  ELSE TRY_CAST(x AS BIGNUM) END`;

const checked = (type: string, lo: string, hi: string, quiet: boolean) => {
  const fail = (why: string) => (quiet ? 'NULL' : `dunesql_raise(${why})`);
  return `CASE WHEN x IS NULL THEN NULL
  WHEN dunesql_bignum_of(x) IS NULL THEN ${fail(`'Cannot cast ' || typeof(x) || ' ''' || CAST(x AS VARCHAR) || ''' to ${type}'`)}
  WHEN dunesql_bignum_of(x) < ${lo} OR dunesql_bignum_of(x) > ${hi} THEN ${fail(`'Value ' || CAST(x AS VARCHAR) || ' is out of range for ${type}'`)}
  ELSE dunesql_bignum_of(x) END`;
};

/** 10^19 and 2^128 split in base 10^19 (2^128 = 3·10^38 + C1·10^19 + C0). */
const B = 'CAST(10000000000000000000 AS UHUGEINT)';
const B2 = 'CAST(100000000000000000000000000000000000000 AS UHUGEINT)';
const C1 = 'CAST(4028236692093846346 AS UHUGEINT)';
const C0 = 'CAST(3374607431768211456 AS UHUGEINT)';
/** The limbs of `h`, a UHUGEINT: h = h2·10^38 + h1·10^19 + h0. */
const h0 = (h: string) => `mod(${h}, ${B})`;
const h1 = (h: string) => `mod(divide(${h}, ${B}), ${B})`;
const h2 = (h: string) => `divide(${h}, ${B2})`;
const HI = '__dunesql_hi';
const digits = (limb: string, zeros: number) =>
  `CAST(CAST(${limb} AS VARCHAR) || repeat('0', ${zeros}) AS BIGNUM)`;

/** Whether x is a binary floating-point number, whose division by zero is IEEE's. */
const floating = (x: string) => `typeof(${x}) IN ('DOUBLE', 'FLOAT')`;

/**
 * `/` and `%` by zero as Trino has them: integers and decimals fail with "Division by zero";
 * doubles give ±Infinity or NaN; NULL stays NULL. DuckDB gives NULL for all of them. A macro
 * named for the operator is what DuckDB binds the operator to (a DuneSQL instance parses `/` as
 * `//`, SET integer_division), the library being on the search path; its body calls the
 * built-ins by their other names (divide, mod, "/") so as not to call itself.
 *
 * Only a row whose divisor is zero takes the first branch, and with a constant divisor (`/ 2`,
 * `/ 1e18`) DuckDB folds it away: other rows pay one comparison. The operands go into a
 * one-element list of a struct for the lambda, so that DuckDB, which pastes a macro's argument
 * into each place its body names it, binds the dividend twice and not five times (a chain
 * `a / b / c / …` would grow fivefold per `/`); the lambda names no outer column, which DuckDB
 * refuses when it holds a subquery (`x / (SELECT …)`); error() in a lambda keeps the error
 * TRY-able (functions-kit.ts). `zero` is the result for a zero divisor of `p.a` by `p.b`.
 */
const byZero = (op: string, zero: string, otherwise: string) =>
  `CREATE OR REPLACE MACRO "${op}"(a, b) AS CASE WHEN b = 0 THEN ` +
  `list_transform([{'a': a, 'b': b}], p -> CASE ` +
  `WHEN ${floating('p.a')} OR ${floating('p.b')} THEN ${zero} ` +
  `WHEN p.a IS NOT NULL THEN error('Division by zero') END)[1] ELSE ${otherwise} END`;

/** The operator macros (byZero), which the rest of the library's macros use too. */
export const OPERATOR_MACROS: string[] = [
  // "/" is DuckDB's division of doubles (Infinity by zero), cast to what divide gives.
  byZero('//', 'cast_to_type("/"(p.a, p.b), divide(p.a, p.b))', 'divide(a, b)'),
  byZero('%', 'mod(p.a, p.b)', 'mod(a, b)'),
];

export const NUMBER_MACROS: string[] = [
  `CREATE OR REPLACE MACRO dunesql_two_256() AS CAST('${TWO_256}' AS BIGNUM)`,
  // hi·2^128 + lo exactly. BIGNUM multiplies through DOUBLE, so the product is done in base
  // 10^19 limbs (each partial product fits a UHUGEINT) and shifted by appending zeros as text;
  // BIGNUM addition is exact. The limbs name hi nine times: as a lambda's parameter over a
  // one-element list, so that DuckDB binds the expression hi once (it pastes a macro's
  // argument into each place the body names it).
  `CREATE OR REPLACE MACRO dunesql_uint256_of_halves(hi, lo) AS list_transform([hi], __dunesql_hi -> ` +
    [
      digits(`${h0(HI)} * ${C0}`, 0),
      digits(`${h0(HI)} * ${C1} + ${h1(HI)} * ${C0}`, 19),
      digits(`${h0(HI)} * 3 + ${h1(HI)} * ${C1} + ${h2(HI)} * ${C0}`, 38),
      digits(`${h1(HI)} * 3 + ${h2(HI)} * ${C1}`, 57),
      digits(`${h2(HI)} * 3`, 76),
    ].join(' + ') +
    ')[1] + CAST(lo AS BIGNUM)',
  `CREATE OR REPLACE MACRO dunesql_bignum_of(x) AS ${BIGNUM_OF}`,
  `CREATE OR REPLACE MACRO dunesql_to_uint256(x) AS ${checked('uint256', '0', UINT256_MAX, false)}`,
  `CREATE OR REPLACE MACRO dunesql_try_to_uint256(x) AS ${checked('uint256', '0', UINT256_MAX, true)}`,
  `CREATE OR REPLACE MACRO dunesql_to_int256(x) AS ${checked('int256', INT256_MIN, INT256_MAX, false)}`,
  `CREATE OR REPLACE MACRO dunesql_try_to_int256(x) AS ${checked('int256', INT256_MIN, INT256_MAX, true)}`,
  // BIGNUM's hex() is its storage: a 3-byte header, then the magnitude big-endian.
  `CREATE OR REPLACE MACRO dunesql_uint256_bytes(v) AS CASE
  WHEN v < ${INT256_MIN} OR v > ${UINT256_MAX} THEN dunesql_raise('Value ' || CAST(v AS VARCHAR) || ' does not fit in 32 bytes')
  ELSE unhex(lpad(substr(hex(CASE WHEN v < 0 THEN v + dunesql_two_256() ELSE v END), 7), 64, '0')) END`,
  `CREATE OR REPLACE MACRO dunesql_to_varbinary(x) AS CASE
  WHEN typeof(x) IN ('BLOB', '"NULL"') THEN TRY_CAST(x AS BLOB)
  WHEN typeof(x) = 'VARCHAR' THEN encode(TRY_CAST(x AS VARCHAR))
  WHEN typeof(x) = 'BIGNUM' THEN dunesql_uint256_bytes(TRY_CAST(x AS BIGNUM))
  ELSE dunesql_raise('Cannot cast ' || typeof(x) || ' to varbinary') END`,
  `CREATE OR REPLACE MACRO dunesql_to_varchar(x) AS CASE
  WHEN typeof(x) = 'BLOB' THEN dunesql_hex_text(TRY_CAST(x AS BLOB))
  ELSE CAST(x AS VARCHAR) END`,
  `CREATE OR REPLACE MACRO dunesql_nan() AS CAST('NaN' AS DOUBLE)`,
  `CREATE OR REPLACE MACRO dunesql_infinity() AS CAST('Infinity' AS DOUBLE)`,
  `CREATE OR REPLACE MACRO dunesql_e() AS exp(1)`,
  `CREATE OR REPLACE MACRO dunesql_rand() AS random(),
  (n) AS CAST(floor(random() * n) AS BIGINT),
  (lo, hi) AS lo + CAST(floor(random() * (hi - lo)) AS BIGINT)`,
  // erfc for z >= 0: the Taylor series of erf below 2.5 (terms through exp/lgamma, no
  // factorial overflow), the continued fraction of erfc above (evaluated from its 60th term).
  `CREATE OR REPLACE MACRO dunesql_erfc_nonneg(z) AS CASE
  WHEN z < 2.5 THEN 1 - "/"(2, sqrt(pi())) * list_sum(list_transform(range(0, 40),
    n -> "/"((CASE WHEN mod(n, 2) = 0 THEN 1 ELSE -1 END) * exp((2 * n + 1) * ln(greatest(z, 1e-300)) - lgamma(n + 1)), 2 * n + 1)))
  ELSE "/"("/"(exp(-z * z), sqrt(pi())), list_reduce(list_transform(range(60, 0, -1), k -> "/"(k, 2.0)), (f, a) -> z + "/"(a, f), CAST(z AS DOUBLE))) END`,
  `CREATE OR REPLACE MACRO dunesql_erfc(z) AS CASE WHEN z < 0 THEN 2 - dunesql_erfc_nonneg(-z) ELSE dunesql_erfc_nonneg(z) END`,
  `CREATE OR REPLACE MACRO dunesql_normal_cdf(mean, sd, v) AS CASE
  WHEN sd <= 0 THEN dunesql_raise('normal_cdf: standard deviation must be > 0')
  ELSE 0.5 * dunesql_erfc("/"(-(CAST(v AS DOUBLE) - mean), sd * sqrt(2))) END`,
  `CREATE OR REPLACE MACRO dunesql_width_bucket(x, lo, hi, n) AS CASE
  WHEN n <= 0 THEN dunesql_raise('width_bucket: bucket count must be > 0')
  WHEN lo = hi THEN dunesql_raise('width_bucket: bounds must differ')
  WHEN lo < hi THEN CASE WHEN x < lo THEN 0 WHEN x >= hi THEN n + 1 ELSE CAST(floor("/"(x - lo, hi - lo) * n) AS BIGINT) + 1 END
  ELSE CASE WHEN x > lo THEN 0 WHEN x <= hi THEN n + 1 ELSE CAST(floor("/"(lo - x, lo - hi) * n) AS BIGINT) + 1 END END`,
  `CREATE OR REPLACE MACRO dunesql_to_base(x, radix) AS lower(to_base(x, radix))`,
  `CREATE OR REPLACE MACRO dunesql_bitwise_and(a, b) AS (CAST(a AS BIGINT) & CAST(b AS BIGINT))`,
  `CREATE OR REPLACE MACRO dunesql_bitwise_or(a, b) AS (CAST(a AS BIGINT) | CAST(b AS BIGINT))`,
  `CREATE OR REPLACE MACRO dunesql_bitwise_xor(a, b) AS xor(CAST(a AS BIGINT), CAST(b AS BIGINT))`,
  `CREATE OR REPLACE MACRO dunesql_bitwise_not(a) AS (~CAST(a AS BIGINT))`,
  // Shifts on 64 bits as BIT: DuckDB's << on BIGINT fails on overflow where Trino wraps, and
  // its >> is arithmetic where Trino's bitwise_right_shift is logical.
  `CREATE OR REPLACE MACRO dunesql_bitwise_left_shift(v, s) AS CAST(CAST(CAST(v AS BIGINT) AS BIT) << CAST(s AS INTEGER) AS BIGINT)`,
  `CREATE OR REPLACE MACRO dunesql_bitwise_right_shift(v, s) AS CAST(CAST(CAST(v AS BIGINT) AS BIT) >> CAST(s AS INTEGER) AS BIGINT)`,
  `CREATE OR REPLACE MACRO dunesql_bitwise_right_shift_arithmetic(v, s) AS (CAST(v AS BIGINT) >> least(CAST(s AS BIGINT), 63))`,
  `CREATE OR REPLACE MACRO dunesql_bit_count(x, bits) AS CASE
  WHEN bits < 2 OR bits > 64 THEN dunesql_raise('bit_count: bits must be between 2 and 64')
  WHEN bits = 64 THEN CAST(bit_count(CAST(x AS BIGINT)) AS BIGINT)
  ELSE CAST(bit_count(CAST(x AS BIGINT) & ((CAST(1 AS BIGINT) << CAST(bits AS INTEGER)) - 1)) AS BIGINT) END`,
];

/**
 * What the rewrite turns Trino casts and typed literals into (`CAST(x AS uint256)`,
 * `uint256 '…'`, `TRY_CAST(x AS int256)`, …): DuckDB's own casts cannot range-check a
 * BIGNUM, read varbinary into one or print varbinary as `0x…` text.
 */
export const DUNESQL_CASTS = {
  uint256: { cast: 'dunesql_to_uint256', tryCast: 'dunesql_try_to_uint256' },
  int256: { cast: 'dunesql_to_int256', tryCast: 'dunesql_try_to_int256' },
  /** From varchar: the text's UTF-8 bytes; from uint256/int256: 32 bytes, big-endian. */
  varbinary: { cast: 'dunesql_to_varbinary', tryCast: 'dunesql_to_varbinary' },
  /** From varbinary: lower-case `0x…` hex, as the hosted service prints it. */
  varchar: { cast: 'dunesql_to_varchar', tryCast: 'dunesql_to_varchar' },
} as const;

const math = (name: string, signature: string, doc: string) => same(name, signature, doc);

export const NUMBER_FUNCTIONS: DuneFunction[] = [
  renamed(
    'truncate',
    'trunc',
    'truncate(x double[, n integer]) → double',
    'x with its fraction dropped (toward zero), or kept to n decimal places.',
  ),
  renamed('is_nan', 'isnan', 'is_nan(x double) → boolean', 'Whether x is not-a-number.'),
  renamed(
    'is_finite',
    'isfinite',
    'is_finite(x double) → boolean',
    'Whether x is neither infinite nor not-a-number.',
  ),
  renamed(
    'is_infinite',
    'isinf',
    'is_infinite(x double) → boolean',
    'Whether x is positive or negative infinity.',
  ),
  macro('nan', 'nan() → double', 'The not-a-number double.'),
  macro('infinity', 'infinity() → double', 'Positive infinity as a double.'),
  macro('e', 'e() → double', "Euler's number."),
  macro(
    'rand',
    'rand([n bigint | lo bigint, hi bigint]) → double | bigint',
    'Without arguments, a random double in [0, 1); with n, a random integer in [0, n); with lo and hi, one in [lo, hi). A new value per row.',
  ),
  macro(
    'random',
    'random([n bigint | lo bigint, hi bigint]) → double | bigint',
    'The same as rand: a random double in [0, 1), or an integer in [0, n) or [lo, hi).',
    'dunesql_rand',
  ),
  macro(
    'normal_cdf',
    'normal_cdf(mean double, sd double, v double) → double',
    'The probability that a normal variable of this mean and standard deviation is at most v (computed to about 14 digits). sd must be positive.',
  ),
  macro(
    'width_bucket',
    'width_bucket(x double, bound1 double, bound2 double, n bigint) → bigint',
    'The bucket (1 to n) of x among n equal-width buckets between the bounds; 0 below the first bound, n + 1 past the second.',
  ),
  macro(
    'to_base',
    'to_base(x bigint, radix bigint) → varchar',
    'x written in base radix (2 to 36), with lower-case digits.',
  ),
  macro('bitwise_and', 'bitwise_and(x bigint, y bigint) → bigint', 'The bitwise AND of x and y.'),
  macro('bitwise_or', 'bitwise_or(x bigint, y bigint) → bigint', 'The bitwise OR of x and y.'),
  macro('bitwise_xor', 'bitwise_xor(x bigint, y bigint) → bigint', 'The bitwise XOR of x and y.'),
  macro('bitwise_not', 'bitwise_not(x bigint) → bigint', 'The bitwise NOT of x.'),
  macro(
    'bitwise_left_shift',
    'bitwise_left_shift(value bigint, shift bigint) → bigint',
    'value shifted left by shift bits, on 64 bits (bits shifted out are lost).',
  ),
  macro(
    'bitwise_right_shift',
    'bitwise_right_shift(value bigint, shift bigint) → bigint',
    'value shifted right by shift bits with zeros shifted in (a logical shift, on 64 bits).',
  ),
  macro(
    'bitwise_right_shift_arithmetic',
    'bitwise_right_shift_arithmetic(value bigint, shift bigint) → bigint',
    'value shifted right by shift bits keeping its sign.',
  ),
  macro(
    'bit_count',
    'bit_count(x bigint, bits bigint) → bigint',
    'The number of 1 bits in x written as a two’s complement number of `bits` bits (2 to 64).',
  ),
  renamed(
    'bitwise_and_agg',
    'bit_and',
    'bitwise_and_agg(x bigint) → bigint',
    'Aggregate: the bitwise AND of all non-NULL values.',
  ),
  renamed(
    'bitwise_or_agg',
    'bit_or',
    'bitwise_or_agg(x bigint) → bigint',
    'Aggregate: the bitwise OR of all non-NULL values.',
  ),
  renamed(
    'bitwise_xor_agg',
    'bit_xor',
    'bitwise_xor_agg(x bigint) → bigint',
    'Aggregate: the bitwise XOR of all non-NULL values.',
  ),
  math('abs', 'abs(x) → same type', 'The absolute value of x.'),
  math('ceil', 'ceil(x) → same type', 'x rounded up to an integer.'),
  math('ceiling', 'ceiling(x) → same type', 'x rounded up to an integer.'),
  math('floor', 'floor(x) → same type', 'x rounded down to an integer.'),
  math(
    'round',
    'round(x[, d integer]) → same type',
    'x rounded to d decimal places (default 0), halves away from zero.',
  ),
  math('sign', 'sign(x) → same type', '-1, 0 or 1 by the sign of x.'),
  // As `n % m`, with its check for zero (OPERATOR_MACROS).
  renamed(
    'mod',
    '"%"',
    'mod(n, m) → same type',
    'The remainder of n divided by m, with the sign of n. An integer or decimal m of 0 fails (Division by zero); on doubles the answer is NaN.',
  ),
  math('sqrt', 'sqrt(x double) → double', 'The square root of x.'),
  math('cbrt', 'cbrt(x double) → double', 'The cube root of x.'),
  math('exp', 'exp(x double) → double', 'e raised to the power x.'),
  math('ln', 'ln(x double) → double', 'The natural logarithm of x.'),
  math('log2', 'log2(x double) → double', 'The base-2 logarithm of x.'),
  math('log10', 'log10(x double) → double', 'The base-10 logarithm of x.'),
  math('log', 'log(b double, x double) → double', 'The base-b logarithm of x.'),
  math('power', 'power(x double, p double) → double', 'x raised to the power p.'),
  math('pow', 'pow(x double, p double) → double', 'x raised to the power p.'),
  math('pi', 'pi() → double', 'The constant π.'),
  math('degrees', 'degrees(x double) → double', 'The angle x (radians) in degrees.'),
  math('radians', 'radians(x double) → double', 'The angle x (degrees) in radians.'),
  ...['sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh'].map((f) =>
    math(f, `${f}(x double) → double`, `The ${f} of x (radians).`),
  ),
  math('atan2', 'atan2(y double, x double) → double', 'The arc tangent of y / x, in radians.'),
  unsupported(
    'inverse_normal_cdf',
    'inverse_normal_cdf(mean double, sd double, p double) → double',
    'Not supported on Strata yet: DuckDB has no inverse of the normal distribution.',
  ),
  unsupported(
    'from_base',
    'from_base(s varchar, radix bigint) → bigint',
    'Not supported on Strata: DuckDB has no parser for numbers in an arbitrary base.',
  ),
  unsupported(
    'cosine_similarity',
    'cosine_similarity(x map(varchar, double), y map(varchar, double)) → double',
    'Not supported on Strata: DuckDB has no map arithmetic.',
  ),
];
