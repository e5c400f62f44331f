import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { DuckDBConnection } from '@duckdb/node-api';
import { AppError, invalid } from '../errors.js';
import { quoteIdent, quoteLiteral } from '../engine/duck.js';
import type { DatasetFormat } from './dataset-sources.js';

/** A column as a file (or the table) has it. */
export type FileColumn = { name: string; type: string };

/**
 * DuckDB's reader of one file; with `hive`, `key=value/` folders of its path are columns. JSON
 * (`ndjson`) is read as an array of objects or as one object per line, whichever the file is
 * (jsonLayout); each value must be an object, so a file never becomes one row holding a list.
 */
export function readerSql(format: DatasetFormat, file: string, hive: boolean): string {
  const opts = `hive_partitioning = ${hive}`;
  const f = quoteLiteral(file);
  if (format === 'parquet') return `read_parquet(${f}, ${opts})`;
  if (format === 'csv') return `read_csv(${f}, ${opts})`;
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
 * match case-insensitively (as in SQL). Parquet must have the table's types; CSV and NDJSON
 * types are guessed per file, so their values are cast to the table's type when copied.
 */
export function fitProblem(
  file: string,
  format: DatasetFormat,
  table: FileColumn[],
  got: FileColumn[],
): string | null {
  const byName = new Map(got.map((c) => [c.name.toLowerCase(), c]));
  for (const c of table) {
    const g = byName.get(c.name.toLowerCase());
    if (!g) return `${file} has no column "${c.name}", which the table has`;
    if (format === 'parquet' && g.type !== c.type)
      return `${file}: the column "${c.name}" is ${g.type}, the table's is ${c.type}`;
  }
  const known = new Set(table.map((c) => c.name.toLowerCase()));
  const extra = got.find((c) => !known.has(c.name.toLowerCase()));
  if (extra) return `${file}: the column "${extra.name}" is not in the table`;
  return null;
}

/**
 * Copies one file's rows into a snapshot folder as Parquet, columns in the table's order and
 * types: as `<name>.parquet`, or, with partition `keys`, into `key=value/` folders under it
 * (files named `<name>-<n>.parquet`). DuckDB streams the file, so memory stays bounded.
 * Returns the number of rows.
 */
export async function copyFile(
  conn: DuckDBConnection,
  opts: {
    format: DatasetFormat;
    file: string;
    columns: FileColumn[];
    got: FileColumn[];
    keys: string[];
    dir: string;
    name: string;
  },
): Promise<number> {
  const types = new Map(opts.got.map((c) => [c.name.toLowerCase(), c.type]));
  const select = opts.columns
    .map((c) =>
      types.get(c.name.toLowerCase()) === c.type
        ? quoteIdent(c.name)
        : `CAST(${quoteIdent(c.name)} AS ${c.type}) AS ${quoteIdent(c.name)}`,
    )
    .join(', ');
  const from = readerSql(opts.format, opts.file, opts.keys.length > 0);
  const target =
    opts.keys.length > 0
      ? `${quoteLiteral(opts.dir)} (FORMAT parquet, COMPRESSION zstd, PARTITION_BY (${opts.keys
          .map(quoteIdent)
          .join(', ')}), FILENAME_PATTERN ${quoteLiteral(`${opts.name}-{i}`)}, OVERWRITE_OR_IGNORE)`
      : `${quoteLiteral(path.join(opts.dir, `${opts.name}.parquet`))} (FORMAT parquet, COMPRESSION zstd)`;
  try {
    const r = await conn.runAndReadAll(`COPY (SELECT ${select} FROM ${from}) TO ${target}`);
    return Number(r.getRowObjectsJson()[0]?.Count ?? 0);
  } catch (err) {
    throw invalid(`${opts.file} could not be copied: ${firstLine(err)}`);
  }
}

const firstLine = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
