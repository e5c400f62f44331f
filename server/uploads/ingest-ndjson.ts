import type { DuckDBConnection } from '@duckdb/node-api';
import { ulid } from 'ulid';
import { quoteIdent, quoteLiteral } from '../engine/duck.js';
import type { UploadColumn } from './column-types.js';
import { EXPECTED, fromJson } from './ingest-sql.js';
import { fail, rows, shown } from './ingest.js';
import { PARQUET_WRITE } from '../lake/parquet-write.js';

/**
 * Writes the rows of an NDJSON file (one JSON object per line; blank lines are skipped; keys are
 * column names, exactly; a missing key or null is NULL) to `out` as Parquet. Lines are read by
 * DuckDB's CSV reader as text, then parsed and converted by its JSON functions.
 */
export async function ndjsonToParquet(
  conn: DuckDBConnection,
  opts: { file: string; columns: UploadColumn[]; out: string },
): Promise<number> {
  const id = ulid().toLowerCase();
  const [linesName, valuesName, rejectsName, scansName] = [
    'lines',
    'values',
    'rejects',
    'scans',
  ].map((p) => `${p}_${id}`) as [string, string, string, string];
  const [lines, values, rejects, scans] = [linesName, valuesName, rejectsName, scansName].map(
    quoteIdent,
  ) as [string, string, string, string];
  await conn.run(`SET TimeZone = 'UTC'`);
  try {
    // JSON text cannot hold a raw U+001F (control characters must be escaped), so no valid line
    // splits on it; a line that does is rejected as too many columns. Blank lines are NULL rows,
    // so rowid + 1 is the line number.
    await conn.run(
      `CREATE TEMP TABLE ${lines} AS SELECT j FROM read_csv(${quoteLiteral(opts.file)},
         header = false, auto_detect = false, delim = '\u001f', quote = '', escape = '',
         columns = {'j': 'VARCHAR'}, store_rejects = true, rejects_table = ${quoteLiteral(rejectsName)},
         rejects_scan = ${quoteLiteral(scansName)}, rejects_limit = 1)`,
    );
    const [reject] = await rows<{ line: string }>(
      conn,
      `SELECT line FROM ${rejects} ORDER BY line LIMIT 1`,
    );
    if (reject) throw fail(Number(reject.line), null, 'not a JSON object');
    const nonBlank = `j IS NOT NULL AND trim(j) <> ''`;
    const [notObject] = await rows<{ line: string }>(
      conn,
      `SELECT rowid + 1 AS line FROM ${lines} WHERE ${nonBlank}
         AND CASE WHEN json_valid(j) THEN json_type(j) <> 'OBJECT' ELSE true END ORDER BY line LIMIT 1`,
    );
    if (notObject) throw fail(Number(notObject.line), null, 'not a JSON object');
    const names = `[${opts.columns.map((c) => quoteLiteral(c.name)).join(', ')}]`;
    const [unknown] = await rows<{ line: string; k: string }>(
      conn,
      `SELECT rowid + 1 AS line, list_filter(json_keys(j), k -> NOT list_contains(${names}, k))[1] AS k
       FROM ${lines} WHERE ${nonBlank} AND len(list_filter(json_keys(j), k -> NOT list_contains(${names}, k))) > 0
       ORDER BY line LIMIT 1`,
    );
    if (unknown) throw fail(Number(unknown.line), unknown.k, 'not a column of the table');
    const conv = opts.columns.map((c) => ({ col: c, ...fromJson(c, 'j') }));
    await conn.run(
      `CREATE TEMP TABLE ${values} AS SELECT line,
         ${conv.map((x) => `${x.value} AS ${quoteIdent(x.col.name)}`).join(', ')},
         CASE ${conv.map((x) => `WHEN ${x.invalid} THEN ${quoteLiteral(x.col.name)}`).join(' ')} END AS bad_column,
         CASE ${conv.map((x) => `WHEN ${x.invalid} THEN coalesce(json_extract(j, ${quoteLiteral(`$."${x.col.name}"`)})::VARCHAR, 'null')`).join(' ')} END AS bad_value
       FROM (SELECT rowid + 1 AS line, j::JSON AS j FROM ${lines} WHERE ${nonBlank})`,
    );
    const [bad] = await rows<{ line: string; bad_column: string; bad_value: string }>(
      conn,
      `SELECT line, bad_column, bad_value FROM ${values} WHERE bad_column IS NOT NULL ORDER BY line LIMIT 1`,
    );
    if (bad) {
      const col = opts.columns.find((c) => c.name === bad.bad_column)!;
      const reason =
        bad.bad_value === 'null' && !col.nullable
          ? `a value is required (the column is ${col.type}, not nullable)`
          : `${shown(bad.bad_value)} is not ${EXPECTED[col.type]}`;
      throw fail(Number(bad.line), col.name, reason);
    }
    const copied = await rows<{ Count: string }>(
      conn,
      `COPY (SELECT ${opts.columns.map((c) => quoteIdent(c.name)).join(', ')} FROM ${values} ORDER BY line)
       TO ${quoteLiteral(opts.out)} (${PARQUET_WRITE})`,
    );
    return Number(copied[0]?.Count ?? 0);
  } finally {
    await conn.run(
      [lines, values, rejects, scans].map((t) => `DROP TABLE IF EXISTS ${t}`).join('; '),
    );
  }
}
