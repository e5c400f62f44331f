/**
 * npm run bench (last part): data bigger than memory. `bench.events` of BENCH_BIG_ROWS rows
 * (100 million) is queried on the large tier through the API (execute → status long poll → first
 * page) with a group-by of many groups, count distinct, a join with an aggregate of itself and a
 * window, and with the same SQL on a bare DuckDB with the same memory limit, threads and spill
 * limit. Each query must finish by spilling to disk (DATA_DIR/tmp/spill) or fail with the message
 * naming the tier's memory limit, and the server must stay up. The large tier's memory is lowered
 * to BENCH_LARGE_MEMORY (2GB) so that this machine's RAM does not hold everything anyway.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { quoteLiteral } from '../server/engine/duck.js';
import { spillRoot } from '../server/engine/sandbox-instances.js';
import { TIERS } from '../server/engine/tiers.js';
import { benchWithEvents } from './events-table.js';
import { bytesUnder, spilling } from './disk-usage.js';

const ROWS = Number(process.env.BENCH_BIG_ROWS ?? 100_000_000);
const MEMORY = process.env.BENCH_LARGE_MEMORY ?? '2GB';
const large = { ...TIERS.large, memoryLimit: MEMORY };

const GIB = 1024 ** 3;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const gb = (bytes: number) => (bytes ? `${(bytes / GIB).toFixed(2)} GiB` : 'none');

type Outcome = { millis: number; error?: string };

const half = Math.max(1, Math.floor(ROWS / 2));
const quarter = Math.max(1, Math.floor(ROWS / 4));
const QUERIES: [string, string][] = [
  [
    `group-by, ${(half / 1e6).toLocaleString()}M groups`,
    `SELECT count(*) AS groups, sum(n) AS n, max(total) AS top FROM (SELECT id % ${half} AS g, count(*) AS n, sum(v) AS total FROM bench.events GROUP BY g)`,
  ],
  ['count distinct', 'SELECT count(DISTINCT id) AS ids, count(DISTINCT v) AS vs FROM bench.events'],
  [
    'join with own aggregate',
    `SELECT count(*) AS n, sum(e.v - a.mean) AS diff FROM bench.events e JOIN (SELECT id % ${quarter} AS g, avg(v) AS mean FROM bench.events GROUP BY g) a ON e.id % ${quarter} = a.g`,
  ],
  [
    'window over 50,000 users',
    'SELECT count(*) AS n, max(r) AS last, sum(d) AS d FROM (SELECT row_number() OVER w AS r, v - lag(v) OVER w AS d FROM bench.events WINDOW w AS (PARTITION BY who ORDER BY ts))',
  ],
];

const MEMORY_MESSAGE = /^the query needed more than the large tier's memory limit/;

benchWithEvents(
  ROWS,
  async ({ t, server, user, glob }) => {
    const maxSpill = t.config.maxSpillBytes;
    const parquet = bytesUnder(path.dirname(glob));
    console.log(
      `\nData bigger than memory: ${ROWS.toLocaleString()} rows (${gb(parquet)} of Parquet), large tier lowered to memory_limit ${MEMORY} (BENCH_LARGE_MEMORY; the tier's own is ${TIERS.large.memoryLimit}) so that it must spill, ${large.threads} threads, at most ${gb(maxSpill)} of spill per execution. One run each, bare DuckDB first (on a shared machine the ratios are noisy); time is execute to first page.`,
    );

    const bareTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-bench-spill-'));
    const bare = await DuckDBInstance.create(':memory:', {
      threads: String(large.threads),
      memory_limit: MEMORY,
    });
    const conn = await bare.connect();
    await conn.run(
      `SET temp_directory = ${quoteLiteral(bareTmp)}; SET max_temp_directory_size = '${maxSpill}B';
       CREATE SCHEMA bench; CREATE VIEW bench.events AS SELECT * FROM read_parquet(${quoteLiteral(glob)})`,
    );
    await conn.run('SELECT count(*), sum(v) FROM bench.events'); // both sides read a warm file

    const headers = { 'x-service-api-key': user.key, 'content-type': 'application/json' };
    const api = async (path: string, init?: RequestInit) =>
      (await fetch(`${server.url}/api/v1${path}`, { headers, ...init })).json() as Promise<
        Record<string, unknown>
      >;
    async function viaApi(sql: string): Promise<Outcome> {
      const start = performance.now();
      const body = JSON.stringify({ sql, performance: 'large' });
      const { execution_id: id } = await api('/sql/execute', { method: 'POST', body });
      for (;;) {
        const s = await api(`/execution/${String(id)}/status?wait_ms=30000`);
        if (!s.is_execution_finished) continue;
        if (s.state !== 'QUERY_STATE_COMPLETED')
          return {
            millis: performance.now() - start,
            error: (s.error as { message: string }).message,
          };
        break;
      }
      await api(`/execution/${String(id)}/results?limit=1000`);
      return { millis: performance.now() - start };
    }
    async function viaBare(sql: string): Promise<Outcome> {
      const start = performance.now();
      try {
        (await conn.runAndReadAll(sql)).getRowObjectsJson();
        return { millis: performance.now() - start };
      } catch (err) {
        return { millis: performance.now() - start, error: (err as Error).message.split('\n')[0] };
      }
    }

    const cell = (o: Outcome & { spilled: number }) =>
      `${secs(o.millis)}, ${o.error ? 'failed' : 'done'}, spilled ${gb(o.spilled)}`.padStart(30);
    console.log(
      `   ${'query'.padEnd(26)} | ${'bare DuckDB'.padStart(30)} | ${'Strata API'.padStart(30)} | ratio | outcome`,
    );
    let allMet = true;
    for (const [name, sql] of QUERIES) {
      const b = await spilling(bareTmp, () => viaBare(sql));
      // A sandbox instance's folder holds its spill folder and the result it writes.
      const a = await spilling(
        spillRoot(path.join(t.dir, 'tmp')),
        () => viaApi(sql),
        (file) => file.split(path.sep)[1] === 'spill',
      );
      const ok = !a.error || MEMORY_MESSAGE.test(a.error);
      allMet &&= ok;
      const outcome = a.error
        ? `failed${ok ? ' with the memory-limit message' : ' OTHERWISE'}: ${a.error}`
        : a.spilled
          ? 'finished by spilling'
          : 'finished in memory';
      console.log(
        `   ${name.padEnd(26)} | ${cell(b)} | ${cell(a)} | ${(a.millis / b.millis).toFixed(2)}x | ${outcome}`,
      );
      if (b.error) console.log(`     bare DuckDB failed: ${b.error}`);
    }
    const health = await fetch(`${server.url}/api/health`);
    const alive = health.status === 200;
    console.log(
      `   spill folders left: ${fs.readdirSync(spillRoot(path.join(t.dir, 'tmp'))).length}; server answering: ${alive ? 'yes' : 'NO'}`,
    );
    console.log(
      `   each query finished or failed with the memory-limit message, the process alive (goal ${allMet && alive ? 'met' : 'NOT met'})`,
    );
    conn.closeSync();
    bare.closeSync();
    fs.rmSync(bareTmp, { recursive: true, force: true });
  },
  { tiers: { ...TIERS, large } },
);
