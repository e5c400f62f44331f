import { quoteLiteral } from '../engine/duck.js';
import { FACTS, VALUE_PATTERNS, type ValueFacts } from '../../contract/rules/column-inference.js';
import {
  INT256_MAX,
  INT256_MIN_ABS,
  STORAGE_TYPE,
  UINT256_MAX,
  type ColumnType,
  type UploadColumn,
} from './column-types.js';

/**
 * SQL expressions that turn text read from an upload into a column's stored value. Every one
 * yields NULL for text that does not fit its type, so "present but NULL after conversion" is
 * how a bad value is found; DuckDB evaluates them, no value is ever parsed in JS.
 */

const INT_TEXT = quoteLiteral('\\s*[+-]?[0-9]+\\s*');
const UINT_TEXT = quoteLiteral('\\s*\\+?[0-9]+\\s*');
const HEX = quoteLiteral('0[xX]([0-9a-fA-F]{2})*');
const BASE64 = quoteLiteral('([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?');

/** Decimal digits of an integer text without sign and leading zeros ('0' for zero). */
const digitsOf = (s: string) => `coalesce(nullif(ltrim(ltrim(trim(${s}), '+-'), '0'), ''), '0')`;

/** `digits` (canonical, unsigned) is at most `max` (canonical): by length, then as text. */
const atMost = (digits: string, max: string) =>
  `(length(${digits}) < ${max.length} OR (length(${digits}) = ${max.length} AND ${digits} <= ${quoteLiteral(max)}))`;

/**
 * The stored value of text `s` for a column of `type`, or NULL when the text does not fit.
 * Integers must be written as integers ("2.5" is not a bigint, though DuckDB would round it);
 * timestamps are ISO 8601, an offset converts to UTC, none means UTC.
 */
export function fromText(type: ColumnType, s: string): string {
  switch (type) {
    case 'varchar':
      return s;
    case 'bigint':
    case 'integer':
      return `CASE WHEN regexp_full_match(${s}, ${INT_TEXT}) THEN TRY_CAST(trim(${s}) AS ${STORAGE_TYPE[type]}) END`;
    case 'double':
    case 'boolean':
    case 'date':
      return `TRY_CAST(${s} AS ${STORAGE_TYPE[type]})`;
    case 'timestamp':
      // The TIMESTAMP cast ignores an offset ("Z" is harmless), so text with one after the date
      // goes through TIMESTAMPTZ (UTC session); the rest takes the cheaper plain cast.
      return `CASE WHEN contains(substr(${s}, 11), '+') OR contains(substr(${s}, 11), '-')
        THEN CAST(TRY_CAST(${s} AS TIMESTAMPTZ) AS TIMESTAMP) ELSE TRY_CAST(${s} AS TIMESTAMP) END`;
    case 'varbinary':
      return `CASE WHEN regexp_full_match(${s}, ${HEX}) THEN unhex(substr(${s}, 3))
        WHEN regexp_full_match(${s}, ${BASE64}) THEN from_base64(${s}) END`;
    case 'uint256': {
      const d = digitsOf(s);
      return `CASE WHEN regexp_full_match(${s}, ${UINT_TEXT}) AND ${atMost(d, UINT256_MAX)} THEN ${d} END`;
    }
    case 'int256': {
      const d = digitsOf(s);
      const negative = `starts_with(trim(${s}), '-')`;
      return `CASE WHEN NOT regexp_full_match(${s}, ${INT_TEXT}) THEN NULL
        WHEN ${negative} AND ${d} <> '0' THEN CASE WHEN ${atMost(d, INT256_MIN_ABS)} THEN '-' || ${d} END
        WHEN ${atMost(d, INT256_MAX)} THEN ${d} END`;
    }
  }
}

/**
 * The facts of text `s` (contract/rules/column-inference.ts) as SQL booleans, for inferring a
 * column's type over a whole file. Each is the value's shape AND the conversion its type's
 * insert applies (`fromText`), so a proposed type is one every value loads as.
 */
export function valueFactsSql(s: string): Record<keyof ValueFacts, string> {
  const shape = (p: string) => `regexp_full_match(${s}, ${quoteLiteral(p)})`;
  const loads = (type: ColumnType) => `(${fromText(type, s)}) IS NOT NULL`;
  const integer = shape(VALUE_PATTERNS.integer);
  const facts: Record<keyof ValueFacts, string> = {
    integer,
    bigint: `${integer} AND ${loads('bigint')}`,
    uint256: `${integer} AND ${loads('uint256')}`,
    int256: `${integer} AND ${loads('int256')}`,
    hex: `${shape(VALUE_PATTERNS.hex)} AND ${loads('varbinary')}`,
    double: `${shape(VALUE_PATTERNS.double)} AND ${loads('double')}`,
    boolean: `${shape(VALUE_PATTERNS.boolean)} AND ${loads('boolean')}`,
    date: `${shape(VALUE_PATTERNS.date)} AND ${loads('date')}`,
    timestamp: `${shape(VALUE_PATTERNS.timestamp)} AND ${loads('timestamp')}`,
  };
  return Object.fromEntries(FACTS.map((f) => [f, `(${facts[f]})`])) as Record<
    keyof ValueFacts,
    string
  >;
}

/** What each type accepts, for error messages. */
export const EXPECTED: Record<ColumnType, string> = {
  varchar: 'text',
  varbinary: '0x-prefixed hex of even length, or base64',
  bigint: 'a 64-bit integer',
  integer: 'a 32-bit integer',
  double: 'a number',
  boolean: 'true or false',
  timestamp: 'an ISO 8601 timestamp',
  date: 'a date (YYYY-MM-DD)',
  uint256: 'an unsigned integer below 2^256',
  int256: 'an integer within ±2^255',
};

/** Types DuckDB's CSV reader converts (and rejects, with the exact line) by itself. */
const READER_TYPES: ReadonlySet<ColumnType> = new Set(['varchar', 'double', 'boolean', 'date']);

/** The type a CSV column is read as: its own, or VARCHAR converted by `fromText` after. */
export const csvReadType = (type: ColumnType) =>
  READER_TYPES.has(type) ? STORAGE_TYPE[type] : 'VARCHAR';

/** Whether a CSV column needs `fromText` after reading (and so may fail after the reader). */
export const needsConversion = (type: ColumnType) => !READER_TYPES.has(type);

/** The marker error() raises inside a COPY when a converted value is bad. */
export const INVALID_MARKER = 'strata-upload-invalid-value';

/**
 * JSON types an NDJSON value may have for each column type (then read as its text). A JSON
 * integer past 64 bits is typed DOUBLE, but its text keeps every digit, so uint256 and int256
 * take it: `fromText` then accepts integer digits only (never "1e30" or "2.0").
 */
const JSON_TYPES: Record<ColumnType, string[]> = {
  varchar: ['VARCHAR', 'BIGINT', 'UBIGINT', 'DOUBLE', 'BOOLEAN'],
  varbinary: ['VARCHAR'],
  bigint: ['VARCHAR', 'BIGINT', 'UBIGINT'],
  integer: ['VARCHAR', 'BIGINT', 'UBIGINT'],
  double: ['VARCHAR', 'BIGINT', 'UBIGINT', 'DOUBLE'],
  boolean: ['VARCHAR', 'BOOLEAN'],
  timestamp: ['VARCHAR'],
  date: ['VARCHAR'],
  uint256: ['VARCHAR', 'BIGINT', 'UBIGINT', 'DOUBLE'],
  int256: ['VARCHAR', 'BIGINT', 'UBIGINT', 'DOUBLE'],
};

/**
 * For a JSON object `j` (type JSON): the column's stored value, and whether the key holds a
 * value that does not fit (or, for a non-nullable column, none).
 */
export function fromJson(col: UploadColumn, j: string): { value: string; invalid: string } {
  const path = quoteLiteral(`$."${col.name}"`);
  const jt = `json_type(${j}, ${path})`;
  const text = `json_extract_string(${j}, ${path})`;
  const allowed = JSON_TYPES[col.type].map(quoteLiteral).join(', ');
  const value = `CASE WHEN ${jt} IN (${allowed}) THEN ${fromText(col.type, text)} END`;
  const present = `coalesce(${jt}, 'NULL') <> 'NULL'`;
  const invalid = col.nullable
    ? `(${present} AND (${value}) IS NULL)`
    : `(NOT ${present} OR (${value}) IS NULL)`;
  return { value, invalid };
}
