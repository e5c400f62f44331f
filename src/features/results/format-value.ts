/**
 * How a result value is shown, copied and aligned, by its column's wire type (`column_types`:
 * the service's names such as `bigint`, `double`, `decimal(38,0)`, `varchar`, `timestamp(3)`,
 * `array(bigint)`, `row(a bigint, b varchar)`, `map(varchar, bigint)`, `json`, `varbinary`).
 *
 * Values arrive as the service's JSON: numbers as JSON numbers, 128/256-bit integers and
 * NaN/Infinity as strings, timestamps and dates as strings, blobs as "0x..." strings, lists,
 * structs and maps as JSON arrays and objects, NULL as null.
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
      : stringify(value);
  return {
    text: text.length > MAX_CELL_CHARS ? `${text.slice(0, MAX_CELL_CHARS)}…` : text,
    kind,
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
