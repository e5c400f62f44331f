import type { DuckDBConnection } from '@duckdb/node-api';
import { ulid } from 'ulid';
import { quoteIdent, quoteLiteral } from '../engine/duck.js';
import { AppError, invalid } from '../errors.js';
import { cleanColumnNames } from '../../contract/rules/names.js';
import { STORAGE_TYPE, type UploadColumn } from './column-types.js';
import { csvHeader } from './csv-header.js';
import { EXPECTED, INVALID_MARKER, csvReadType, fromText, needsConversion } from './ingest-sql.js';
import { PARQUET_WRITE } from '../lake/parquet-write.js';

/**
 * Reads an uploaded file with DuckDB (on the trusted side) into one Parquet file of the table's
 * declared columns, all or nothing: the first row that does not fit fails the whole file with a
 * 400 naming its line (1-based; in CSV the header is line 1) and column. Lines are exact for
 * what DuckDB's CSV reader rejects itself (malformed rows, numbers, booleans, dates); for values
 * converted after reading (integers, timestamps, varbinary, uint256, int256) the line is counted
 * from the record number, so it is exact unless an earlier quoted value spans several lines.
 */

/** How uploads read CSV: comma, double quotes, a header line (names are given, not sniffed). */
export const CSV_DIALECT = `delim=',', quote='"', escape='"', header=true, auto_detect=false`;

/** A row that does not fit: 400 with its line (of the file read) and column. */
export class IngestError extends AppError {
  constructor(
    readonly line: number,
    readonly column: string | null,
    readonly reason: string,
  ) {
    super('invalid', `line ${line}${column ? `, column "${column}"` : ''}: ${reason}`);
  }
}

export const fail = (line: number, column: string | null, reason: string) =>
  new IngestError(line, column, reason);

export const shown = (v: string) => (v.length > 80 ? `"${v.slice(0, 80)}…"` : `"${v}"`);

/**
 * Matches a header to the declared columns. A field names its column as POST /uploads/csv would
 * name it (cleanColumnNames: a valid name in any case is itself, "City Name" is city_name), so
 * a file loads into the table its upload made. Unknown, repeated, or a missing required column
 * → 400.
 */
function matchHeader(header: string[], columns: UploadColumn[]): UploadColumn[] {
  const byName = new Map(columns.map((c) => [c.name, c]));
  const cleaned = cleanColumnNames(header);
  const seen = new Set<string>();
  const ordered = header.map((field, i) => {
    const col = byName.get(cleaned[i]!) ?? byName.get(field.toLowerCase());
    if (!col)
      throw fail(1, field, `not a column of the table (${columns.map((c) => c.name).join(', ')})`);
    if (seen.has(col.name)) throw fail(1, col.name, 'named twice in the header');
    seen.add(col.name);
    return col;
  });
  for (const c of columns)
    if (!c.nullable && !seen.has(c.name))
      throw fail(1, c.name, 'missing from the header, and the column is not nullable');
  return ordered;
}

type RejectRow = {
  line: string;
  column_name: string | null;
  error_type: string;
  error_message: string;
};

/** A reader's rejected row as a 400 (`columns`: those of the file, in its order). */
function rejectError(r: RejectRow, columns: UploadColumn[]) {
  const line = Number(r.line);
  const col = columns.find((c) => c.name === r.column_name);
  if (r.error_type === 'CAST' && col) {
    const value = /Could not convert string "(.*)" to/s.exec(r.error_message)?.[1];
    const reason =
      value === undefined || value === ''
        ? `a value is required (the column is ${col.type}, not nullable)`
        : `${shown(value)} is not ${EXPECTED[col.type]}`;
    return fail(line, col.name, reason);
  }
  if (r.error_type === 'MISSING COLUMNS' || r.error_type === 'TOO MANY COLUMNS') {
    const found = /Found: (\d+)/.exec(r.error_message)?.[1];
    return fail(
      line,
      r.error_type === 'MISSING COLUMNS' ? r.column_name : null,
      `expected ${columns.length} fields${found ? `, found ${found}` : ''}`,
    );
  }
  return fail(
    line,
    r.column_name,
    r.error_message.replace(/^Error when converting column "[^"]*"\. /, ''),
  );
}

export async function rows<T>(conn: DuckDBConnection, sql: string): Promise<T[]> {
  return (await conn.runAndReadAll(sql)).getRowObjectsJson() as T[];
}

/**
 * Writes the rows of a CSV file (header names the columns, in any order; missing nullable
 * columns are NULL) to `out` as Parquet with the declared columns, in their order.
 * Returns the number of rows.
 */
export async function csvToParquet(
  conn: DuckDBConnection,
  opts: { file: string; columns: UploadColumn[]; out: string },
): Promise<number> {
  const inFile = matchHeader(csvHeader(opts.file), opts.columns);
  const id = ulid().toLowerCase();
  const rejects = `rejects_${id}`;
  const scans = `scans_${id}`;
  const required = inFile.filter((c) => !c.nullable).map((c) => quoteLiteral(c.name));
  const read = `read_csv(${quoteLiteral(opts.file)}, ${CSV_DIALECT},
    columns = {${inFile.map((c) => `${quoteLiteral(c.name)}: ${quoteLiteral(csvReadType(c.type))}`).join(', ')}},
    ${required.length ? `force_not_null = [${required.join(', ')}],` : ''}
    store_rejects = true, rejects_table = ${quoteLiteral(rejects)}, rejects_scan = ${quoteLiteral(scans)},
    rejects_limit = 100)`;
  const present = new Set(inFile.map((c) => c.name));
  const select = opts.columns.map((c) => {
    const ref = quoteIdent(c.name);
    if (!present.has(c.name)) return `CAST(NULL AS ${STORAGE_TYPE[c.type]}) AS ${ref}`;
    if (!needsConversion(c.type)) return ref;
    const v = fromText(c.type, ref);
    return `CASE WHEN ${ref} IS NULL THEN NULL ELSE coalesce(${v}, error(${quoteLiteral(INVALID_MARKER)})) END AS ${ref}`;
  });
  await conn.run(`SET TimeZone = 'UTC'`);
  try {
    let count: number;
    try {
      const copied = await rows<{ Count: string }>(
        conn,
        `COPY (SELECT ${select.join(', ')} FROM ${read}) TO ${quoteLiteral(opts.out)} (${PARQUET_WRITE})`,
      );
      count = Number(copied[0]?.Count ?? 0);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.includes(INVALID_MARKER)) throw err;
      throw await locateInvalid(conn, read, inFile, rejects);
    }
    const [reject] = await rows<RejectRow>(
      conn,
      `SELECT line, column_name, error_type, error_message FROM ${quoteIdent(rejects)} ORDER BY line, byte_position LIMIT 1`,
    );
    if (reject) throw rejectError(reject, inFile);
    return count;
  } finally {
    await conn.run(
      `DROP TABLE IF EXISTS ${quoteIdent(rejects)}; DROP TABLE IF EXISTS ${quoteIdent(scans)}`,
    );
  }
}

/** After a conversion failed inside the COPY: the first bad record, read again, as a 400. */
async function locateInvalid(
  conn: DuckDBConnection,
  read: string,
  inFile: UploadColumn[],
  rejects: string,
) {
  await conn.run(`DROP TABLE IF EXISTS ${quoteIdent(rejects)}`);
  const converted = inFile.filter((c) => needsConversion(c.type));
  const bad = (c: UploadColumn) =>
    `(${quoteIdent(c.name)} IS NOT NULL AND (${fromText(c.type, quoteIdent(c.name))}) IS NULL)`;
  const diag = `diag_${ulid().toLowerCase()}`;
  try {
    await conn.run(
      `CREATE TEMP TABLE ${quoteIdent(diag)} AS SELECT
         CASE ${converted.map((c) => `WHEN ${bad(c)} THEN ${quoteLiteral(c.name)}`).join(' ')} END AS bad_column,
         CASE ${converted.map((c) => `WHEN ${bad(c)} THEN ${quoteIdent(c.name)}`).join(' ')} END AS bad_value
       FROM ${read}`,
    );
    const [reject] = await rows<RejectRow>(
      conn,
      `SELECT line, column_name, error_type, error_message FROM ${quoteIdent(rejects)} ORDER BY line, byte_position LIMIT 1`,
    );
    if (reject) return rejectError(reject, inFile);
    const [first] = await rows<{ r: string; bad_column: string; bad_value: string }>(
      conn,
      `SELECT rowid AS r, bad_column, bad_value FROM ${quoteIdent(diag)} WHERE bad_column IS NOT NULL ORDER BY rowid LIMIT 1`,
    );
    if (!first) return invalid('a value does not fit its column');
    const col = inFile.find((c) => c.name === first.bad_column)!;
    const reason =
      first.bad_value === '' && !col.nullable
        ? `a value is required (the column is ${col.type}, not nullable)`
        : `${shown(first.bad_value)} is not ${EXPECTED[col.type]}`;
    return fail(Number(first.r) + 2, col.name, reason);
  } finally {
    await conn.run(`DROP TABLE IF EXISTS ${quoteIdent(diag)}`);
  }
}
