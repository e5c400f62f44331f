/**
 * A client of its own process for bench/serving.ts: reads a whole result page by page and parses
 * each page as a real client does, then prints {"rows", "ms"} as one JSON line.
 *   node read-pages.mjs api <url of the first page> <api key> [at most this many rows]
 *   node read-pages.mjs bare <result.parquet> <page rows> <total rows> <row SQL>
 * With GATED=1 in its environment it starts when a line arrives on its standard input.
 * `bare` is the baseline: DuckDB in this process turns the same rows of the same Parquet file into
 * one JSON array text per page, each row by `row SQL` (the server's own expression for a row's
 * JSON text, `j`: the same text Strata serves), and the page is parsed the same way.
 */
import { DuckDBInstance } from '@duckdb/node-api';

const [mode, ...args] = process.argv.slice(2);
const quote = (s) => `'${s.replaceAll("'", "''")}'`;

async function viaApi(first, key, most = Infinity) {
  let rows = 0;
  let url = first;
  const start = performance.now();
  while (url && rows < most) {
    const res = await fetch(url, { headers: { 'x-service-api-key': key } });
    if (res.status !== 200) throw new Error(`page answered ${res.status}: ${await res.text()}`);
    const page = JSON.parse(await res.text());
    rows += page.result.rows.length;
    url = page.next_uri;
  }
  return { rows, ms: performance.now() - start };
}

async function viaBare(file, pageRows, total, rowSql) {
  const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
  const conn = await instance.connect();
  let rows = 0;
  const start = performance.now();
  for (let offset = 0; offset < total; offset += pageRows) {
    const reader = await conn.runAndReadAll(
      `SELECT '[' || string_agg(j, ',' ORDER BY n) || ']' AS j
       FROM (SELECT ${rowSql}, file_row_number AS n
             FROM read_parquet(${quote(file)}, file_row_number = true)
             WHERE file_row_number >= ${offset} AND file_row_number < ${offset + pageRows})`,
    );
    rows += JSON.parse(String(reader.getRowObjectsJson()[0].j)).length;
  }
  const ms = performance.now() - start;
  conn.closeSync();
  instance.closeSync();
  return { rows, ms };
}

if (process.env.GATED) {
  await new Promise((resolve) => process.stdin.once('data', resolve));
  process.stdin.destroy(); // or the open pipe keeps this process alive
}
const out =
  mode === 'api'
    ? await viaApi(args[0], args[1], args[2] ? Number(args[2]) : undefined)
    : await viaBare(args[0], Number(args[1]), Number(args[2]), args[3]);
console.log(JSON.stringify(out));
