/**
 * A client of its own process for bench/results-download.ts: writes a result to a file, then
 * prints {"ms", "bytes"} as one JSON line (run with `node --import tsx`); `api` adds
 * "firstByte", when the answer's headers came (the server has written the file by then).
 *   results-download-client.ts api <url> <api key> <out file>: the API's download, saved as it arrives
 *   results-download-client.ts parquet <result.parquet> <select SQL> <out file>: bare DuckDB in this process
 *     writing the rows of `select SQL` (over the file, as `r`) to Parquet
 *   results-download-client.ts arrow <result.parquet> <select SQL> <out file>: the same rows as an Arrow IPC
 *     stream: DuckDB's node-api has no Arrow export, so bare DuckDB's vectors are written by the
 *     fastest writer there is for them here, the server's own (server/engine/result-arrow.ts)
 * The bare modes time the writing alone: the instance is made and warmed first.
 */
import fs from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import { quoteLiteral } from '../server/engine/duck.js';
import { writeArrowStream } from '../server/engine/result-arrow.js';

const [mode, ...args] = process.argv.slice(2);

/** GET `url` into a file with Node's own HTTP client (fetch's web streams cost ~4x curl here). */
function get(url: string, key: string, out: string, onHeaders = () => {}): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'x-service-api-key': key } }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`download answered ${res.statusCode}`));
        }
        onHeaders();
        pipeline(res, fs.createWriteStream(out, { highWaterMark: 1 << 20 })).then(resolve, reject);
      })
      .on('error', reject);
  });
}

async function viaApi(url: string, key: string, out: string) {
  // a client that has made a request before: the first one loads and compiles the HTTP client
  await get(new URL('/api/health', url).toString(), key, out);
  const start = performance.now();
  let firstByte = 0;
  await get(url, key, out, () => (firstByte = performance.now() - start));
  return { ms: performance.now() - start, firstByte, bytes: fs.statSync(out).size };
}

async function bare(format: string, file: string, select: string, out: string) {
  const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
  const conn = await instance.connect();
  try {
    const sql = select.replace('FROM r', `FROM read_parquet(${quoteLiteral(file)}) AS r`);
    await conn.run(`SELECT count(*) FROM read_parquet(${quoteLiteral(file)})`); // warm
    const start = performance.now();
    if (format === 'parquet')
      await conn.run(`COPY (${sql}) TO ${quoteLiteral(out)} (FORMAT parquet)`);
    else await writeArrowStream(conn, sql, out);
    return { ms: performance.now() - start, bytes: fs.statSync(out).size };
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

const result =
  mode === 'api'
    ? await viaApi(args[0]!, args[1]!, args[2]!)
    : await bare(mode!, args[0]!, args[1]!, args[2]!);
console.log(JSON.stringify(result));
