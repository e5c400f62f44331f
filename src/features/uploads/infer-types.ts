import type { ColumnType } from '../../../contract/rules/enums';

const INT = /^[+-]?[0-9]+$/;
const LEADING_ZERO = /^[+-]?0[0-9]/;
const DOUBLE = /^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/;
const BOOLEAN = /^(true|false)$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;

const INT32 = [-(2n ** 31n), 2n ** 31n - 1n] as const;
const INT64 = [-(2n ** 63n), 2n ** 63n - 1n] as const;

function validDay(m: RegExpMatchArray | null): boolean {
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * The type suggested for a column from sample values (as text; empty values are NULL and say
 * nothing): the narrowest of integer, bigint, double, boolean, date, timestamp that reads every
 * value the way the service will, else varchar. Integers with a leading zero (zip codes, ids
 * like "007") and integers past bigint stay varchar, since a number would lose their digits.
 */
export function inferType(values: readonly string[]): ColumnType {
  const sample = values.map((v) => v.trim()).filter((v) => v !== '');
  if (sample.length === 0) return 'varchar';
  const all = (test: (v: string) => boolean) => sample.every(test);
  if (all((v) => INT.test(v))) {
    if (sample.some((v) => LEADING_ZERO.test(v))) return 'varchar';
    const ints = sample.map((v) => BigInt(v));
    const within = ([lo, hi]: readonly [bigint, bigint]) => ints.every((n) => n >= lo && n <= hi);
    if (within(INT32)) return 'integer';
    if (within(INT64)) return 'bigint';
    return 'varchar';
  }
  if (all((v) => DOUBLE.test(v))) return 'double';
  if (all((v) => BOOLEAN.test(v))) return 'boolean';
  if (all((v) => validDay(v.match(DATE)))) return 'date';
  if (all((v) => validDay(v.match(DATE)) || validDay(v.match(TIMESTAMP)))) return 'timestamp';
  return 'varchar';
}

/** The suggested type of each column of the sampled rows (rows may be ragged). */
export function inferColumnTypes(columnCount: number, rows: readonly string[][]): ColumnType[] {
  return Array.from({ length: columnCount }, (_, i) => inferType(rows.map((r) => r[i] ?? '')));
}
