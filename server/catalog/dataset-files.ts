import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { invalid } from '../errors.js';
import { quoteIdent, quoteLiteral } from '../engine/duck.js';
import type { DatasetFormat } from './dataset-sources.js';

/** A column as a file (or the table) has it. */
export type FileColumn = { name: string; type: string };

/** DuckDB's reader of one file; with `hive`, `key=value/` folders of its path are columns. */
export function readerSql(format: DatasetFormat, file: string, hive: boolean): string {
  const opts = `hive_partitioning = ${hive}`;
  const f = quoteLiteral(file);
  if (format === 'parquet') return `read_parquet(${f}, ${opts})`;
  if (format === 'csv') return `read_csv(${f}, ${opts})`;
  return `read_json(${f}, format = 'newline_delimited', ${opts})`;
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
    throw invalid(`${file} is not a readable ${format} file: ${firstLine(err)}`);
  }
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
): Promise<void> {
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
    await conn.run(`COPY (SELECT ${select} FROM ${from}) TO ${target}`);
  } catch (err) {
    throw invalid(`${opts.file} could not be copied: ${firstLine(err)}`);
  }
}

const firstLine = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
