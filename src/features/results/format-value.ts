/**
 * How a result value is shown, copied and aligned, by its column's wire type (`column_types`:
 * the service's names such as `bigint`, `double`, `decimal(38,0)`, `varchar`, `timestamp(3)`,
 * `array(bigint)`, `row(a bigint, b varchar)`, `map(varchar, bigint)`, `json`, `varbinary`).
 *
 * Values arrive as the service's JSON, read by `parseJsonExact`: numbers as JSON numbers, except
 * those a double cannot hold (bigints past 2^53, wide decimals), which stay strings of their
 * digits as 128/256-bit integers arrive; NaN/Infinity, timestamps and dates as strings, blobs as
 * "0x..." strings, lists, structs and maps as JSON arrays and objects, NULL as null.
 */

export type ColumnKind = 'number' | 'boolean' | 'temporal' | 'json' | 'binary' | 'text';

const NUMERIC =
  /^(tinyint|smallint|integer|int|bigint|hugeint|int128|uint128|int256|uint256|real|float|double|decimal|numeric)\b/;
const TEMPORAL = /^(date|time|timestamp|interval)\b/;
const NESTED = /^(array|row|map|json|list|struct)\b/;

/** The display family of a wire type. */
export function columnKind(type: string): ColumnKind {
  const t = type.trim().toLowerCase();
  if (NUMERIC.test(t)) return 'number';
  if (t === 'boolean') return 'boolean';
  if (TEMPORAL.test(t)) return 'temporal';
  if (NESTED.test(t)) return 'json';
  if (t === 'varbinary' || t === 'blob') return 'binary';
  return 'text';
}

const INTEGER =
  /^(tinyint|smallint|integer|int|bigint|hugeint|int128|uint128|int256|uint256|ubigint|uinteger|usmallint|utinyint)\b/;
const DECIMAL = /^(?:decimal|numeric)\s*\(\s*\d+\s*(?:,\s*(\d+)\s*)?\)/;

/** Digits after the point a numeric wire type keeps: 0 for integers, the scale of a decimal, null for floats. */
export function numericScale(type: string): number | null {
  const t = type.trim().toLowerCase();
  if (INTEGER.test(t)) return 0;
  const d = DECIMAL.exec(t);
  if (d) return Number(d[1] ?? 0);
  return null;
}

const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const SCIENTIFIC = new Intl.NumberFormat('en-US', {
  notation: 'scientific',
  maximumFractionDigits: 3,
});
const fractions = new Map<string, Intl.NumberFormat>();
function fractionFormat(min: number, max: number): Intl.NumberFormat {
  const key = `${min}:${max}`;
  let f = fractions.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
    });
    fractions.set(key, f);
  }
  return f;
}
const SIGNIFICANT = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });

/** Digits as the service or the page parser keeps them when a double cannot: `-123.45`. */
const DECIMAL_TEXT = /^-?\d+(?:\.\d+)?$/;

/**
 * A number as the grid shows it: thousands separators, integers exact whatever their width,
 * fractions rounded by magnitude (2 decimals from 1,000, 4 from 1, 4 significant digits below 1,
 * scientific notation past 10^15 or below 10^-6); a decimal keeps its scale's zeros up to 4
 * (`12.50`). A value that arrives as its digits (128/256-bit integers, and bigints past 2^53 and
 * wide decimals, which the page parser keeps as text) is formatted from those digits, never from
 * a double, and never in scientific notation: its digits are exact, not noise. Text that is not a
 * number (`NaN`, `Infinity`) is shown as it is. The raw value stays what a copy gives.
 */
export function formatNumberText(value: unknown, type: string): string {
  const scale = numericScale(type);
  const digits = typeof value === 'string' && DECIMAL_TEXT.test(value.trim()) ? value.trim() : null;
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (digits === null && (!Number.isFinite(n) || (typeof value === 'string' && !value.trim())))
    return stringify(value);
  // Intl formats a BigInt, or a decimal's string of digits, exactly (rounding it as a decimal).
  const x =
    digits === null
      ? n
      : digits.includes('.')
        ? (digits as Intl.StringNumericLiteral)
        : BigInt(digits);
  if (scale === 0) return GROUPED.format(x);
  const abs = Math.abs(n);
  if (digits === null && abs !== 0 && (abs >= 1e15 || abs < 1e-6)) return SCIENTIFIC.format(n);
  const keep = scale !== null && scale <= 4 ? scale : 0;
  if (abs >= 1000) return fractionFormat(Math.min(keep, 2), 2).format(x);
  if (abs >= 1 || abs === 0) return fractionFormat(keep, 4).format(x);
  return keep > 0 ? fractionFormat(keep, Math.max(keep, 4)).format(x) : SIGNIFICANT.format(x);
}

/** `0x` and at least 8 hex digits: a hash or an address. */
const HEX = /^0x[0-9a-f]{8,}$/i;

/** Longest text a cell renders; the title tooltip and copies keep the full value. */
export const MAX_CELL_CHARS = 1_000;

export type FormattedValue = {
  /** What the cell shows (`NULL` for null; '' for an empty string). */
  text: string;
  /** `null` and `empty` are distinct from every type's own kind. */
  kind: ColumnKind | 'null' | 'empty';
  align: 'left' | 'right';
};

function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The text a cell shows for `value` in a column of wire type `type`. */
export function formatValue(value: unknown, type: string): FormattedValue {
  const kind = columnKind(type);
  const align = kind === 'number' ? 'right' : 'left';
  if (value === null || value === undefined) return { text: 'NULL', kind: 'null', align };
  if (value === '') return { text: '', kind: 'empty', align };
  // A JSON column's string value is a JSON string: show its quotes, as for nested values.
  const text =
    kind === 'json' || (typeof value === 'object' && value !== null)
      ? JSON.stringify(value)
      : kind === 'number'
        ? formatNumberText(value, type)
        : stringify(value);
  return {
    text: text.length > MAX_CELL_CHARS ? `${text.slice(0, MAX_CELL_CHARS)}…` : text,
    // Hashes and addresses held as text read like blobs (monospaced, every digit as wide).
    kind: kind === 'text' && HEX.test(text) ? 'binary' : kind,
    align,
  };
}

/** The text a copy of one value gives: the full value, '' for NULL (as in the CSV export). */
export function copyText(value: unknown, type: string): string {
  if (value === null || value === undefined) return '';
  return columnKind(type) === 'json' || typeof value === 'object'
    ? JSON.stringify(value)
    : stringify(value);
}

export type CellDetailModel = {
  /** The whole value: JSON indented, text and numbers as the service sent them. */
  text: string;
  /** What a copy gives (the raw value; '' for NULL). */
  copy: string;
  /** A number's text in the grid, when it differs from the raw value. */
  formatted: string | null;
  isNull: boolean;
  /** Its size in words, e.g. `27 characters`. */
  length: string;
};

/** What the cell detail panel shows for `value` in a column of wire type `type`. */
export function cellDetail(value: unknown, type: string): CellDetailModel {
  if (value === null || value === undefined)
    return { text: 'NULL', copy: '', formatted: null, isNull: true, length: 'NULL' };
  const kind = columnKind(type);
  const nested = kind === 'json' || typeof value === 'object';
  const copy = copyText(value, type);
  const text = nested ? JSON.stringify(value, null, 2) : copy;
  const shown = kind === 'number' ? formatNumberText(value, type) : null;
  const chars = [...copy].length;
  return {
    text: value === '' ? '(empty string)' : text,
    copy,
    formatted: shown !== null && shown !== copy ? shown : null,
    isNull: false,
    length: `${chars.toLocaleString('en-US')} character${chars === 1 ? '' : 's'}`,
  };
}

/**
 * One TSV field, quoted as spreadsheets read pasted text: when it holds a tab or line break, or
 * starts with a quote (a quote inside a field is otherwise taken literally).
 */
export function tsvField(text: string): string {
  return /[\t\n\r]/.test(text) || text.startsWith('"') ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A row as one TSV line over `columns` (NULL → empty field). */
export function rowToTsv(
  row: Record<string, unknown>,
  columns: readonly { name: string; type: string }[],
): string {
  return columns.map((c) => tsvField(copyText(row[c.name], c.type))).join('\t');
}

const BASE_WIDTH: Record<ColumnKind, number> = {
  number: 120,
  boolean: 90,
  temporal: 200,
  json: 240,
  binary: 200,
  text: 200,
};

/** A starting width for a column, from its name, type and kind (between 80 and 360 px). */
export function estimateColumnWidth(name: string, type: string): number {
  const label = Math.max(name.length * 8, Math.min(type.length, 24) * 7) + 40;
  return Math.max(80, Math.min(360, Math.max(label, BASE_WIDTH[columnKind(type)])));
}
