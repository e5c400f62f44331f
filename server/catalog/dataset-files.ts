import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { DuckDBConnection } from '@duckdb/node-api';
import { AppError, invalid } from '../errors.js';
import { quoteIdent, quoteLiteral } from '../engine/duck.js';
import type { ColumnType } from '../uploads/column-types.js';
import { EXPECTED, fromText } from '../uploads/ingest-sql.js';
import {
  GuessRefused,
  integerTextSql,
  storageType,
  vocabularyOf,
  type TableColumn,
} from './dataset-columns.js';
import type { DatasetFormat } from './dataset-sources.js';

/** A column as a file (or the table) has it. */
export type FileColumn = { name: string; type: string };

/**
 * DuckDB's reader of one file; with `hive`, `key=value/` folders of its path are columns. JSON
 * (`ndjson`) is read as an array of objects or as one object per line, whichever the file is
 * (jsonLayout); each value must be an object, so a file never becomes one row holding a list.
 * `text` names columns of a CSV or JSON file to read as text (VARCHAR, the characters as
 * written) instead of DuckDB's guess; `columns` are the file's as described (JSON needs all).
 */
export function readerSql(
  format: DatasetFormat,
  file: string,
  hive: boolean,
  text?: { columns: FileColumn[]; names: string[]; keys: string[] },
): string {
  let opts = `hive_partitioning = ${hive}`;
  const f = quoteLiteral(file);
  if (format === 'parquet') return `read_parquet(${f}, ${opts})`;
  const asText = new Set(text?.names.map((n) => n.toLowerCase()));
  const own = (text?.columns ?? []).filter(
    (c) => !text!.keys.some((k) => k.toLowerCase() === c.name.toLowerCase()),
  );
  const typeOf = (c: FileColumn) => (asText.has(c.name.toLowerCase()) ? 'VARCHAR' : c.type);
  const struct = (cs: FileColumn[]) =>
    `{${cs.map((c) => `${quoteLiteral(c.name)}: ${quoteLiteral(typeOf(c))}`).join(', ')}}`;
  if (format === 'csv') {
    const typed = own.filter((c) => asText.has(c.name.toLowerCase()));
    if (typed.length > 0) opts += `, types = ${struct(typed)}`;
    return `read_csv(${f}, ${opts})`;
  }
  if (asText.size > 0) opts += `, columns = ${struct(own)}`;
  return `read_json(${f}, format = '${jsonLayout(file)}', records = 'true', ${opts})`;
}

/** What a JSON source should look like, for its errors. */
const JSON_SHAPES = 'a JSON array of objects ([{...}, {...}]) or one object per line (NDJSON)';

/**
 * How a JSON file holds its rows, by its first character that is not blank: `[` an array,
 * `{` one object per line; a file that starts otherwise (a string, a number) is refused. A
 * zstd-compressed file (which Node cannot open here) is left to DuckDB's detection.
 */
export function jsonLayout(file: string): 'array' | 'newline_delimited' | 'auto' {
  const first = firstCharacter(file);
  if (first === '[') return 'array';
  if (first === '{' || first === '') return 'newline_delimited';
  if (first === undefined) return 'auto';
  throw invalid(`${file} is not ${JSON_SHAPES}: its top level starts with "${first}"`);
}

/**
 * The first character of a file (gzip-compressed when its name says so) that is not blank or a
 * byte order mark: '' when there is none in its first 64 KiB, undefined when it cannot be read
 * here (zstd).
 */
function firstCharacter(file: string): string | undefined {
  if (/\.zst$/i.test(file)) return undefined;
  const fd = fs.openSync(file, 'r');
  let head: Buffer;
  try {
    const buf = Buffer.alloc(64 * 1024);
    head = buf.subarray(0, fs.readSync(fd, buf, 0, buf.length, 0));
  } finally {
    fs.closeSync(fd);
  }
  // a part of a gzip stream inflates as far as it goes
  if (/\.gz$/i.test(file))
    head = zlib.gunzipSync(head, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return /[^\s\uFEFF]/.exec(head.toString('utf8'))?.[0] ?? '';
}

/** The columns of one file as `format`; an `invalid` error naming the file when it is not one. */
export async function describeFile(
  conn: DuckDBConnection,
  format: DatasetFormat,
  file: string,
  hive: boolean,
): Promise<FileColumn[]> {
  try {
    const r = await conn.runAndReadAll(`DESCRIBE SELECT * FROM ${readerSql(format, file, hive)}`);
    return r
      .getRowObjectsJson()
      .map((row) => ({ name: String(row.column_name), type: String(row.column_type) }));
  } catch (err) {
    if (format === 'ndjson') throw jsonProblem(file, err);
    throw invalid(`${file} is not a readable ${format} file: ${firstLine(err)}`);
  }
}

/** Why DuckDB could not read a JSON file, in the terms of what the import reads. */
function jsonProblem(file: string, err: unknown) {
  if (err instanceof AppError) return err;
  const message = firstLine(err);
  if (/expected records/.test(message))
    return invalid(`${file} is not ${JSON_SHAPES}: it holds values that are not objects, or none`);
  const at = /at byte \d+ in line (\d+): ([^.]*)/.exec(message);
  if (at)
    return invalid(
      `${file} is not ${JSON_SHAPES}: line ${at[1]}: ${at[2]} (with one object per line, each object must be whole on its line)`,
    );
  return invalid(`${file} is not ${JSON_SHAPES}: ${message}`);
}

/**
 * Why a file's columns do not fit the table's, naming the file and the column, or null. Names
 * match case-insensitively (as in SQL). Parquet must have the table's types (any type for a
 * column of wide integers, whose values are checked); CSV and NDJSON types are guessed per
 * file, so their values are converted to the table's type when copied.
 */
export function fitProblem(
  file: string,
  format: DatasetFormat,
  table: TableColumn[],
  got: FileColumn[],
): string | null {
  const byName = new Map(got.map((c) => [c.name.toLowerCase(), c]));
  for (const c of table) {
    const g = byName.get(c.name.toLowerCase());
    if (!g) return `${file} has no column "${c.name}", which the table has`;
    const stored = storageType(c.type);
    if (format === 'parquet' && stored === c.type && g.type !== c.type)
      return `${file}: the column "${c.name}" is ${g.type}, the table's is ${c.type}`;
  }
  const known = new Set(table.map((c) => c.name.toLowerCase()));
  const extra = got.find((c) => !known.has(c.name.toLowerCase()));
  if (extra) return `${file}: the column "${extra.name}" is not in the table`;
  return null;
}

/** Raised inside a COPY by a value its column's conversion refuses; then the row is looked up. */
const INVALID_MARKER = 'strata-dataset-invalid-value';
/** Raised inside a COPY by a value that is not what an import guessed (GuessRefused). */
const GUESS_MARKER = 'strata-dataset-guess-refused';

/** How one table column's value is made from a file's column, and what it is read as. */
type ColumnRead = { select: string; text: boolean; convert?: ColumnType };

/**
 * A table column's value from a file's: as read when the types agree; else, from CSV and JSON,
 * read as text and converted (`fromText`, which refuses what does not fit, or a cast); from
 * Parquet, cast (wide integers: through their text, checked).
 */
function columnRead(
  c: TableColumn,
  got: FileColumn | undefined,
  format: DatasetFormat,
  key: boolean,
): ColumnRead {
  const ref = quoteIdent(c.name);
  const stored = storageType(c.type);
  const same = got?.type === stored;
  const as = (expr: string) => `${expr} AS ${ref}`;
  if (c.guessed && !key) {
    // an import's guess: BIGINT if the text is an integer as written that fits
    const int = `CASE WHEN ${integerTextSql(ref)} THEN TRY_CAST(trim(${ref}) AS BIGINT) END`;
    const marker = `error(${quoteLiteral(GUESS_MARKER)})`;
    return {
      select: as(`CASE WHEN ${ref} IS NULL THEN NULL ELSE coalesce(${int}, ${marker}) END`),
      text: true,
    };
  }
  // partition columns come from the path; Parquet's types are exact (wide integers aside)
  const exact = format === 'parquet' && (!c.convert || (same && stored === c.type));
  if (key || exact || (same && !c.convert))
    return { select: same ? ref : as(`CAST(${ref} AS ${stored})`), text: false };
  const convert = c.convert ?? vocabularyOf(stored);
  const text = format === 'parquet' ? `CAST(${ref} AS VARCHAR)` : ref;
  const read = format !== 'parquet';
  if (!convert) return { select: as(`CAST(${text} AS ${stored})`), text: read };
  const marker = `error(${quoteLiteral(INVALID_MARKER)})`;
  const value = `CASE WHEN ${ref} IS NULL THEN NULL ELSE coalesce(${fromText(convert, text)}, ${marker}) END`;
  return { select: as(value), text: read, convert };
}

/**
 * Copies one file's rows into a snapshot folder as Parquet, columns in the table's order and
 * types: as `<name>.parquet`, or, with partition `keys`, into `key=value/` folders under it
 * (files named `<name>-<n>.parquet`). DuckDB streams the file, so memory stays bounded.
 * A value its column's conversion refuses fails the copy naming the file, the row (counted from
 * 1, without a CSV's header), the column and the value; a value an import's guess does not fit
 * throws GuessRefused. Returns the number of rows.
 */
export async function copyFile(
  conn: DuckDBConnection,
  opts: {
    format: DatasetFormat;
    file: string;
    columns: TableColumn[];
    got: FileColumn[];
    keys: string[];
    dir: string;
    name: string;
  },
): Promise<number> {
  const byName = new Map(opts.got.map((c) => [c.name.toLowerCase(), c]));
  const isKey = (name: string) => opts.keys.some((k) => k.toLowerCase() === name.toLowerCase());
  const reads = opts.columns.map((c) =>
    columnRead(c, byName.get(c.name.toLowerCase()), opts.format, isKey(c.name)),
  );
  const from = readerSql(opts.format, opts.file, opts.keys.length > 0, {
    columns: opts.got,
    names: opts.columns.filter((_, i) => reads[i]!.text).map((c) => c.name),
    keys: opts.keys,
  });
  const target =
    opts.keys.length > 0
      ? `${quoteLiteral(opts.dir)} (FORMAT parquet, COMPRESSION zstd, PARTITION_BY (${opts.keys
          .map(quoteIdent)
          .join(', ')}), FILENAME_PATTERN ${quoteLiteral(`${opts.name}-{i}`)}, OVERWRITE_OR_IGNORE)`
      : `${quoteLiteral(path.join(opts.dir, `${opts.name}.parquet`))} (FORMAT parquet, COMPRESSION zstd)`;
  const select = reads.map((r) => r.select).join(', ');
  try {
    const r = await conn.runAndReadAll(`COPY (SELECT ${select} FROM ${from}) TO ${target}`);
    return Number(r.getRowObjectsJson()[0]?.Count ?? 0);
  } catch (err) {
    if (err instanceof Error && err.message.includes(GUESS_MARKER)) throw new GuessRefused();
    if (err instanceof Error && err.message.includes(INVALID_MARKER))
      throw await refusedValue(conn, opts.file, from, opts.format, opts.columns, reads);
    throw invalid(`${opts.file} could not be copied: ${firstLine(err)}`);
  }
}

/** The first value a conversion refused, read again: `invalid` naming its row and column. */
async function refusedValue(
  conn: DuckDBConnection,
  file: string,
  from: string,
  format: DatasetFormat,
  columns: TableColumn[],
  reads: ColumnRead[],
) {
  const checked = columns.flatMap((c, i) => {
    const convert = reads[i]!.convert;
    if (!convert) return [];
    const ref = quoteIdent(c.name);
    const text = format === 'parquet' ? `CAST(${ref} AS VARCHAR)` : ref;
    return [
      { c, convert, text, bad: `(${ref} IS NOT NULL AND (${fromText(convert, text)}) IS NULL)` },
    ];
  });
  const r = await conn.runAndReadAll(
    `SELECT r, bad_column, bad_value FROM (
       SELECT row_number() OVER () AS r,
         CASE ${checked.map((x) => `WHEN ${x.bad} THEN ${quoteLiteral(x.c.name)}`).join(' ')} END AS bad_column,
         CASE ${checked.map((x) => `WHEN ${x.bad} THEN ${x.text}`).join(' ')} END AS bad_value
       FROM ${from}) WHERE bad_column IS NOT NULL ORDER BY r LIMIT 1`,
  );
  const row = r.getRowObjectsJson()[0];
  if (!row) return invalid(`${file}: a value does not fit its column`);
  const x = checked.find((y) => y.c.name === row.bad_column)!;
  const value = String(row.bad_value);
  const shown = value.length > 80 ? `"${value.slice(0, 80)}…"` : `"${value}"`;
  return invalid(
    `${file}: row ${String(row.r)}, column "${x.c.name}": ${shown} is not ${EXPECTED[x.convert]} (the column is ${x.c.type})`,
  );
}

const firstLine = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
