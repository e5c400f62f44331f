/**
 * npm run bench: measures the service against bare DuckDB on the same data, in one run.
 *   1. execute-to-first-page: POST /sql/execute → status (long poll) → GET first page, against the same
 *      query run on a warm bare DuckDB connection with the first page read into JS.
 *   2. paging: rows per second reading a 1M-row result through /results (fetch + JSON.parse),
 *      against bare DuckDB reading the same rows into JS objects.
 * Prints medians and ratios. Goals: ratio ≤ 1.10 for queries of 100 ms or more; ≥ 500k rows/s.
 */
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { quoteLiteral } from '../server/engine/duck.js';
import { createTestServer } from '../server/test/harness.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 5_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PAGE = 1000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  const t = await createTestServer({ maxConcurrentExecutions: 4 });
  const server = await t.listen();
  const user = t.createUser('bench');
  try {
    console.log(`Preparing ${ROWS.toLocaleString()} rows of Parquet...`);
    const table = await t.deps.lake.publish(
      { schema: 'bench', table: 'events', ownerId: null, kind: 'demo', datasetType: 'dune_table' },
      (dir) =>
        t.deps.duck.withConnection((conn) =>
          conn
            .run(
              `COPY (SELECT range AS id, hash(range) % 100000 AS k, (hash(range, 'v') % 1000000) / 100.0 AS v,
                 'user_' || (hash(range, 'u') % 50000) AS who, TIMESTAMP '2026-01-01' + to_seconds(range) AS ts
               FROM range(${ROWS})) TO ${quoteLiteral(path.join(dir, 'data.parquet'))} (FORMAT parquet)`,
            )
            .then(() => undefined),
        ),
    );
    const glob = path.join(t.deps.lake.snapshotDir(table.snapshot!), '*.parquet');

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

    console.log('\n2. Paging through a 1,000,000-row result:');
    const big = await viaApi(
      'SELECT id, k, v, who, ts FROM bench.events ORDER BY id LIMIT 1000000',
      1,
    );
    for (const limit of [32_000, 100_000]) {
      const start = performance.now();
      let url: string | undefined =
        `${server.url}/api/v1/execution/${big.id}/results?limit=${limit}&ignore_max_datapoints_per_request=true`;
      let rows = 0;
      while (url) {
        const page = JSON.parse(await (await fetch(url, { headers })).text()) as {
          result: { rows: unknown[] };
          next_uri?: string;
        };
        rows += page.result.rows.length;
        url = page.next_uri;
      }
      const secs = (performance.now() - start) / 1000;
      console.log(
        `   API, pages of ${limit.toLocaleString().padStart(7)}: ${rows.toLocaleString()} rows in ${secs.toFixed(2)} s = ${Math.round(rows / secs).toLocaleString()} rows/s${rows / secs >= 500_000 ? '  (goal ≥ 500k met)' : '  (goal ≥ 500k NOT met)'}`,
      );
    }
    const start = performance.now();
    const all = await conn.runAndReadAll(
      'SELECT id, k, v, who, ts FROM bench.events ORDER BY id LIMIT 1000000',
    );
    const n = all.getRowObjectsJson().length;
    const secs = (performance.now() - start) / 1000;
    console.log(
      `   bare DuckDB into JS objects: ${n.toLocaleString()} rows in ${secs.toFixed(2)} s = ${Math.round(n / secs).toLocaleString()} rows/s (baseline)`,
    );
    conn.closeSync();
    bare.closeSync();
  } finally {
    await server.close();
    await t.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
