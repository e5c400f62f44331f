/**
 * A client of its own process for bench/serving.ts: runs `sql` `warmup` times, then `runs` times
 * counted, from execute to its first page (POST /sql/execute, a long-polled status, GET the
 * results) and prints the counted times in milliseconds as one JSON array; `bare` times the same
 * SQL on a DuckDB of this process instead.
 *   node first-page.mjs api <warmup> <runs> <base url> <api key> <sql>
 *   node first-page.mjs bare <warmup> <runs> <sql>
 * The runs not counted come first: a server serves a statement many times, and the first runs of
 * a process pay for compiling its code path (the same for the bare DuckDB).
 */
import { DuckDBInstance } from '@duckdb/node-api';

const [mode, warmup, runs, ...args] = process.argv.slice(2);
const WARMUP = Number(warmup);

async function viaApi(base, key, runs, sql) {
  const headers = { 'x-service-api-key': key, 'content-type': 'application/json' };
  const call = async (url, init) => {
    const res = await fetch(`${base}/api/v1${url}`, { headers, ...init });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const times = [];
  for (let i = 0; i < runs + WARMUP; i++) {
    const start = performance.now();
    const { execution_id: id } = await call('/sql/execute', {
      method: 'POST',
      body: JSON.stringify({ sql }),
    });
    while (!(await call(`/execution/${id}/status?wait_ms=30000`)).is_execution_finished);
    const page = await call(`/execution/${id}/results?limit=1000`);
    if (page.state !== 'QUERY_STATE_COMPLETED') throw new Error(`the run ended ${page.state}`);
    if (i >= WARMUP) times.push(performance.now() - start);
  }
  return times;
}

async function viaBare(runs, sql) {
  const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
  const conn = await instance.connect();
  const times = [];
  for (let i = 0; i < runs + WARMUP; i++) {
    const start = performance.now();
    (await conn.runAndReadAll(sql)).getRowObjectsJson();
    if (i >= WARMUP) times.push(performance.now() - start);
  }
  conn.closeSync();
  instance.closeSync();
  return times;
}

const out =
  mode === 'api'
    ? await viaApi(args[0], args[1], Number(runs), args[2])
    : await viaBare(Number(runs), args[0]);
console.log(JSON.stringify(out));
