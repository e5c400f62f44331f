import type { ColumnType } from './enums';
import { HEX_BYTES } from './hex-bytes.js';

/**
 * The type proposed for a column of text values (a CSV's), defined once for the upload wizard
 * (which tests its sample in JS: `inferColumnType`) and POST /uploads/csv (which tests the
 * whole file in DuckDB: server/uploads/ingest-sql.ts `shapeFacts`, with these same patterns).
 * Both then choose with `chooseType`. A proposal is only made when the insert's own checks
 * accept every value, so what is proposed is what loads; and integers are never proposed as
 * double: past 64 bits they are uint256 or int256, kept as exact digits.
 */

/** Shapes of a whole value, as regular expressions both JS and DuckDB (RE2) read alike. */
export const VALUE_PATTERNS = {
  /**
   * No leading zero: "007" is an id or a zip code, and a number would drop its zeros. Numbers
   * may have spaces around them ("1, 2" is a common way to write a CSV); other values may not.
   */
  integer: ' *[+-]?(0|[1-9][0-9]*) *',
  /** 0x-prefixed hex of even length; base64 is accepted on insert but never proposed. */
  hex: HEX_BYTES,
  double: ' *[+-]?((0|[1-9][0-9]*)(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)? *',
  boolean: '[tT][rR][uU][eE]|[fF][aA][lL][sS][eE]',
  date: '[0-9]{4}-[0-9]{2}-[0-9]{2}',
  /** A date, or a date and time of day (seconds, fraction and offset optional, in that order). */
  timestamp:
    '[0-9]{4}-[0-9]{2}-[0-9]{2}([T ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]{1,9})?(Z|[+-][0-9]{2}(:?[0-9]{2})?)?)?)?',
} as const;

/** What a value is: one flag per shape (and, for integers, per range). */
export type ValueFacts = {
  integer: boolean;
  /** An integer within 64 bits. */
  bigint: boolean;
  /** An integer from 0 to 2^256 - 1, written without a "-". */
  uint256: boolean;
  /** An integer from -2^255 to 2^255 - 1. */
  int256: boolean;
  hex: boolean;
  double: boolean;
  boolean: boolean;
  /** A calendar date (no time of day). */
  date: boolean;
  /** A calendar date, with or without a time of day. */
  timestamp: boolean;
};

export const FACTS = [
  'integer',
  'bigint',
  'uint256',
  'int256',
  'hex',
  'double',
  'boolean',
  'date',
  'timestamp',
] as const satisfies readonly (keyof ValueFacts)[];

/**
 * The type of a column from what holds for every one of its non-empty values (`count` of them;
 * none: varchar). The first that fits: bigint, uint256, int256 for integers (past 2^256 they stay
 * varchar), varbinary, double, boolean, date, timestamp; else varchar.
 */
export function chooseType(all: ValueFacts, count: number): ColumnType {
  if (count === 0) return 'varchar';
  if (all.integer) {
    if (all.bigint) return 'bigint';
    if (all.uint256) return 'uint256';
    if (all.int256) return 'int256';
    return 'varchar';
  }
  if (all.hex) return 'varbinary';
  if (all.double) return 'double';
  if (all.boolean) return 'boolean';
  if (all.date) return 'date';
  if (all.timestamp) return 'timestamp';
  return 'varchar';
}

const whole = (pattern: string) => new RegExp(`^(${pattern})$`);
const RE = {
  integer: whole(VALUE_PATTERNS.integer),
  hex: whole(VALUE_PATTERNS.hex),
  double: whole(VALUE_PATTERNS.double),
  boolean: whole(VALUE_PATTERNS.boolean),
  date: whole(VALUE_PATTERNS.date),
  timestamp: whole(VALUE_PATTERNS.timestamp),
};

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT256_MAX = 2n ** 256n - 1n;
const INT256_MIN = -(2n ** 255n);
const INT256_MAX = 2n ** 255n - 1n;

/** Whether the text starts with a real day of the proleptic Gregorian calendar (as DuckDB's). */
function realDay(v: string): boolean {
  const [y, m, d] = [Number(v.slice(0, 4)), Number(v.slice(5, 7)), Number(v.slice(8, 10))];
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
  return days !== undefined && d >= 1 && d <= days;
}

/** The facts of one non-empty value, in JS (the wizard's side). */
export function valueFacts(v: string): ValueFacts {
  const integer = RE.integer.test(v);
  const n = integer ? BigInt(v.trim()) : 0n;
  const date = RE.date.test(v) && realDay(v);
  return {
    integer,
    bigint: integer && n >= INT64_MIN && n <= INT64_MAX,
    uint256: integer && !v.trim().startsWith('-') && n <= UINT256_MAX,
    int256: integer && n >= INT256_MIN && n <= INT256_MAX,
    hex: RE.hex.test(v),
    double: RE.double.test(v),
    boolean: RE.boolean.test(v),
    date,
    timestamp: RE.timestamp.test(v) && realDay(v),
  };
}

/**
 * The type proposed for a column from its values as text (empty values are NULL and say
 * nothing; other values are taken as written, as the service reads them).
 */
export function inferColumnType(values: readonly string[]): ColumnType {
  const all = Object.fromEntries(FACTS.map((f) => [f, true])) as ValueFacts;
  let count = 0;
  for (const v of values) {
    if (v === '') continue;
    count++;
    const facts = valueFacts(v);
    for (const f of FACTS) all[f] &&= facts[f];
  }
  return chooseType(all, count);
}
