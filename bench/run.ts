/**
 * npm run bench: measures the service against bare DuckDB on the same data, in one run.
 *   1. execute-to-first-page: POST /sql/execute → status (long poll) → GET first page, against the same
 *      query run on a warm bare DuckDB connection with the first page read into JS.
 * Prints medians and ratios. Goal: ratio ≤ 1.10 for queries of 100 ms or more. Paging, stalls and
 * the fixed cost of a run are measured with clients in their own processes (bench/serving.ts).
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { quoteLiteral } from '../server/engine/duck.js';
import { benchWithEvents } from './events-table.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 5_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PAGE = 1000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

benchWithEvents(ROWS, async ({ server, user, glob }) => {
  const bare = await DuckDBInstance.create(':memory:', { threads: '2' });
  const conn = await bare.connect();
  await conn.run(
    `CREATE SCHEMA bench; CREATE VIEW bench.events AS SELECT * FROM read_parquet(${quoteLiteral(glob)})`,
  );

  const headers = { 'x-service-api-key': user.key, 'content-type': 'application/json' };
  async function viaApi(sql: string, limit: number) {
    const start = performance.now();
    const exec = (await (
      await fetch(`${server.url}/api/v1/sql/execute`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ sql }),
      })
    ).json()) as { execution_id: string };
    // Long poll (wait_ms): the status answers as soon as the run ends, without a poll interval.
    for (;;) {
      const s = (await (
        await fetch(`${server.url}/api/v1/execution/${exec.execution_id}/status?wait_ms=30000`, {
          headers,
        })
      ).json()) as { is_execution_finished: boolean; state: string };
      if (s.is_execution_finished) {
        if (s.state !== 'QUERY_STATE_COMPLETED')
          throw new Error(
            `bench query ended ${s.state}: ${JSON.stringify((s as { error?: unknown }).error)}`,
          );
        break;
      }
    }
    const page = (await (
      await fetch(`${server.url}/api/v1/execution/${exec.execution_id}/results?limit=${limit}`, {
        headers,
      })
    ).json()) as { result: { rows: unknown[] } };
    return {
      millis: performance.now() - start,
      rows: page.result.rows.length,
      id: exec.execution_id,
    };
  }
  async function viaBare(sql: string, limit: number) {
    const start = performance.now();
    const reader = await conn.runAndReadAll(sql);
    const rows = reader.getRowObjectsJson().slice(0, limit);
    return { millis: performance.now() - start, rows: rows.length };
  }

  const queries: [string, string][] = [
    [
      'group-by over all rows',
      'SELECT k % 1000 AS bucket, count(*) AS n, sum(v) AS total, count(DISTINCT who) AS users FROM bench.events GROUP BY 1 ORDER BY 1',
    ],
    [
      'window + sort',
      'SELECT who, sum(v) AS total, rank() OVER (ORDER BY sum(v) DESC) AS r FROM bench.events GROUP BY who ORDER BY total DESC',
    ],
    ['small aggregate', 'SELECT count(*) AS n, avg(v) AS mean FROM bench.events'],
  ];
  console.log(
    `\n1. Execute to first page (${PAGE} rows), median of ${RUNS} runs each, after one warm-up:`,
  );
  console.log('   query                      | bare DuckDB | Strata API | ratio');
  for (const [name, sql] of queries) {
    await viaBare(sql, PAGE);
    await viaApi(sql, PAGE);
    const b: number[] = [];
    const a: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      b.push((await viaBare(sql, PAGE)).millis);
      a.push((await viaApi(sql, PAGE)).millis);
    }
    const ratio = median(a) / median(b);
    console.log(
      `   ${name.padEnd(26)} | ${ms(median(b)).padStart(11)} | ${ms(median(a)).padStart(10)} | ${ratio.toFixed(2)}x${median(b) >= 100 ? (ratio <= 1.1 ? '  (goal ≤ 1.10 met)' : '  (goal ≤ 1.10 NOT met)') : '  (under 100 ms: no goal)'}`,
    );
  }

  conn.closeSync();
  bare.closeSync();
});
