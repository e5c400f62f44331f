import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { DuckDBConnection } from '@duckdb/node-api';
import { cleanColumnNames, uploadNameProblem } from '../../contract/rules/names.js';
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
import { PARQUET_WRITE } from '../lake/parquet-write.js';

/**
 * A column as a file (or the table) has it; `as`: the table's column it is read as, when the
 * table names it otherwise (`City Name` read as city_name: fitColumns, readerSql).
 */
export type FileColumn = { name: string; type: string; as?: string };

/** The name a file's column has in the table (and in every SQL over its reader). */
export const tableName = (c: FileColumn): string => c.as ?? c.name;

/**
 * DuckDB's reader of one file; with `hive`, `key=value/` folders of its path are columns. JSON
 * (`ndjson`) is read as an array of objects or as one object per line, whichever the file is
 * (jsonLayout); each value must be an object, so a file never becomes one row holding a list.
 * With `view`, the file's `columns` (as fitColumns matched them) are read under the table's
 * names (a column with `as` is renamed), and `names` (table names) of a CSV or JSON file are
 * read as text (VARCHAR, the characters as written) instead of DuckDB's guess (JSON needs all
 * of the file's columns described).
 */
export function readerSql(
  format: DatasetFormat,
  file: string,
  hive: boolean,
  view?: { columns: FileColumn[]; names: string[]; keys: string[] },
): string {
  const reader = fileReaderSql(format, file, hive, view);
  const renamed = (view?.columns ?? []).filter((c) => c.as !== undefined);
  if (renamed.length === 0) return reader;
  const renames = renamed.map((c) => `${quoteIdent(c.name)} AS ${quoteIdent(c.as!)}`);
  return `(SELECT * RENAME (${renames.join(', ')}) FROM ${reader})`;
}

/** DuckDB's reader of one file under the file's own column names (readerSql). */
function fileReaderSql(
  format: DatasetFormat,
  file: string,
  hive: boolean,
  view?: { columns: FileColumn[]; names: string[]; keys: string[] },
): string {
  let opts = `hive_partitioning = ${hive}`;
  const f = quoteLiteral(file);
  if (format === 'parquet') return `read_parquet(${f}, ${opts})`;
  const asText = new Set(view?.names.map((n) => n.toLowerCase()));
  const own = (view?.columns ?? []).filter(
    (c) => !view!.keys.some((k) => k.toLowerCase() === c.name.toLowerCase()),
  );
  const typeOf = (c: FileColumn) => (asText.has(tableName(c).toLowerCase()) ? 'VARCHAR' : c.type);
  const struct = (cs: FileColumn[]) =>
    `{${cs.map((c) => `${quoteLiteral(c.name)}: ${quoteLiteral(typeOf(c))}`).join(', ')}}`;
  if (format === 'csv') {
    const typed = own.filter((c) => asText.has(tableName(c).toLowerCase()));
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
 * The columns an import gives a table from its first file's: a name that is not a valid column
 * name is cleaned as the CSV upload cleans headers (cleanColumnNames: `City Name` → city_name,
 * `Cost Total $` → cost_total, `7days` → _7days, a repeat gets `_2`) and set as `as`; a valid
 * name keeps its spelling (`blockNumber`), and so do partition keys (folder names).
 */
export function importColumns(got: FileColumn[], keys: string[]): FileColumn[] {
  const cleaned = cleanColumnNames(got.map((c) => c.name));
  return got.map((c, i) => {
    const name = cleaned[i]!;
    const key = keys.some((k) => k.toLowerCase() === c.name.toLowerCase());
    return key || name === c.name.toLowerCase() ? c : { ...c, as: name };
  });
}

/**
 * A file's columns matched to the table's (`as` set where the table names one otherwise), or
 * `invalid` naming the file and the column when they do not fit. A file's column is the
 * table's column of its name as written (case-insensitively, as in SQL) or of the name an
 * import would give it (importColumns), so the same spreadsheet export appends to the table
 * it made, and so do files of a table imported before names were cleaned (whose columns kept
 * `City Name`): a name that is not valid is looked up as written first (only such a table
 * has it), a valid one as cleaned first (`a_b` after `a b` is a_b_2). With `asWritten` (a
 * linked table), names must match as written. Parquet must have the table's types (any type
 * for a column of wide integers, whose values are checked); CSV and NDJSON types are guessed
 * per file, so their values are converted to the table's type when copied.
 */
export function fitColumns(
  file: string,
  format: DatasetFormat,
  table: TableColumn[],
  got: FileColumn[],
  asWritten = false,
): FileColumn[] {
  const byName = new Map(table.map((c) => [c.name.toLowerCase(), c]));
  const imported = importColumns(got, []);
  const matched = got.map((g, i) => {
    const written = g.name.toLowerCase();
    const cleaned = tableName(imported[i]!).toLowerCase();
    const valid = uploadNameProblem(written) === null;
    const tries = asWritten ? [written] : valid ? [cleaned, written] : [written, cleaned];
    return tries.map((n) => byName.get(n)).find((c) => c !== undefined);
  });
  for (const c of table) {
    const at = matched.indexOf(c);
    if (at < 0) throw invalid(`${file} has no column "${c.name}", which the table has`);
    const g = got[at]!;
    const stored = storageType(c.type);
    if (format === 'parquet' && stored === c.type && g.type !== c.type)
      throw invalid(`${file}: the column "${g.name}" is ${g.type}, the table's is ${c.type}`);
    const again = matched.indexOf(c, at + 1);
    if (again >= 0)
      throw invalid(
        `${file}: the columns "${g.name}" and "${got[again]!.name}" are both the table's "${c.name}"`,
      );
  }
  const extra = got.find((_, i) => matched[i] === undefined);
  if (extra) throw invalid(`${file}: the column "${extra.name}" is not in the table`);
  return got.map((g, i) => {
    const name = matched[i]!.name;
    return name.toLowerCase() === g.name.toLowerCase() ? g : { ...g, as: name };
  });
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
 * Copies one file's rows into a snapshot folder as Parquet, columns in the table's order,
 * names and types (`got`: the file's columns as fitColumns matched them): as `<name>.parquet`,
 * or, with partition `keys`, into `key=value/` folders under it (files named
 * `<name>-<n>.parquet`). DuckDB streams the file, so memory stays bounded.
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
  const byName = new Map(opts.got.map((c) => [tableName(c).toLowerCase(), c]));
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
      ? `${quoteLiteral(opts.dir)} (${PARQUET_WRITE}, COMPRESSION zstd, PARTITION_BY (${opts.keys
          .map(quoteIdent)
          .join(', ')}), FILENAME_PATTERN ${quoteLiteral(`${opts.name}-{i}`)}, OVERWRITE_OR_IGNORE)`
      : `${quoteLiteral(path.join(opts.dir, `${opts.name}.parquet`))} (${PARQUET_WRITE}, COMPRESSION zstd)`;
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
