/**
 * A client of its own process for bench/serving.ts: reads a whole result page by page and parses
 * each page as a real client does, then prints {"rows", "ms"} as one JSON line.
 *   node read-pages.mjs api <url of the first page> <api key> [at most this many rows]
 *   node read-pages.mjs bare <result.parquet> <page rows> <total rows> <row SQL>
 *   node read-pages.mjs first <result.parquet> <page rows> <row SQL>: the baseline's first page
 *     (its rows as one JSON line), to check that it is the API's
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

/** One page's rows of `file` as one JSON array text, each row by `rowSql` (the baseline's work). */
async function barePage(conn, file, rowSql, offset, pageRows) {
  const reader = await conn.runAndReadAll(
    `SELECT '[' || string_agg(j, ',' ORDER BY n) || ']' AS j
     FROM (SELECT ${rowSql}, file_row_number AS n
           FROM read_parquet(${quote(file)}, file_row_number = true)
           WHERE file_row_number >= ${offset} AND file_row_number < ${offset + pageRows})`,
  );
  return String(reader.getRowObjectsJson()[0].j);
}

/** Runs `fn` with a connection to a DuckDB of this process, as the baseline has it. */
async function withBareDuck(fn) {
  const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
  const conn = await instance.connect();
  try {
    return await fn(conn);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

const viaBare = (file, pageRows, total, rowSql) =>
  withBareDuck(async (conn) => {
    let rows = 0;
    const start = performance.now();
    for (let offset = 0; offset < total; offset += pageRows)
      rows += JSON.parse(await barePage(conn, file, rowSql, offset, pageRows)).length;
    return { rows, ms: performance.now() - start };
  });

if (process.env.GATED) {
  await new Promise((resolve) => process.stdin.once('data', resolve));
  process.stdin.destroy(); // or the open pipe keeps this process alive
}
const out =
  mode === 'api'
    ? await viaApi(args[0], args[1], args[2] ? Number(args[2]) : undefined)
    : mode === 'first'
      ? await withBareDuck(async (conn) =>
          JSON.parse(await barePage(conn, args[0], args[2], 0, Number(args[1]))),
        )
      : await viaBare(args[0], Number(args[1]), Number(args[2]), args[3]);
console.log(JSON.stringify(out));
