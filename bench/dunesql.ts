/**
 * npm run bench: DuneSQL against the same query hand-written in DuckDB SQL, both through the API
 * (POST /sql/execute with `dialect`, the status long-polled, the result read), on the same
 * tables in the same run (bench/dunesql-tables.ts: `dex.trades`, `ethereum.transactions`).
 *   1. Each pair of queries, run alternately (the order swapped every round), BENCH_RUNS rounds
 *      after one warm-up each: the median end-to-end time of each and the ratio DuckDB/DuneSQL.
 *      Goal: ≥ 0.95 (a DuneSQL query runs at the speed of its DuckDB equivalent). Beside the
 *      times, the CPU this process used meanwhile (the server and its sandbox thread run in it),
 *      which other work on the machine does not change as it changes the times. The two
 *      queries of a pair must give the same columns and rows (approximate aggregates within a
 *      few percent: t-digest answers vary with the order threads merge in); a pair that does
 *      not is a failed goal.
 *   2. The set-up of a fresh sandbox instance: a context's first run of a small query against
 *      its second (which reuses the instance, sandbox.ts REUSE_UNDER_MS), in each dialect. A
 *      DuneSQL instance also gets `integer_division` and DuneSQL's macros (engine/dialects.ts).
 *      Runs of a second or more never reuse an instance, so they pay this set-up every time.
 *
 * BENCH_DUNESQL_ROWS (default 2 million) sets the rows of each table, BENCH_RUNS (default 7) the
 * rounds, BENCH_DUNESQL_FRESH (default 15) the fresh contexts of part 2.
 */
import { createTestServer } from '../server/test/harness.js';
import type { Dialect } from '../contract/rules/enums.js';
import { PAIRS, SMALL, type Pair } from './dunesql-queries.js';
import { publishDuneTables } from './dunesql-tables.js';

const ROWS = Number(process.env.BENCH_DUNESQL_ROWS ?? 2_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const FRESH = Number(process.env.BENCH_DUNESQL_FRESH ?? 15);
const GOAL_RATIO = 0.95;
/** Relative difference allowed between two values of an exact column (DOUBLE sums). */
const EXACT = 1e-9;
/** ...and of an approximate aggregate's column. */
const APPROX = 0.05;

/** One run: its end-to-end time, this process's CPU time meanwhile, and its result. */
type Result = { millis: number; cpu: number; columns: string[]; rows: Record<string, unknown>[] };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const goal = (ok: boolean, text: string) => `(goal ${text} ${ok ? 'met' : 'NOT met'})`;
const DECIMAL = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/** Whether two result values are the same, numbers within `tolerance` (relative). */
function sameValue(a: unknown, b: unknown, tolerance: number): boolean {
  if (a === b) return true;
  const numeric = (v: unknown) =>
    typeof v === 'number' || (typeof v === 'string' && DECIMAL.test(v));
  if (!numeric(a) || !numeric(b)) return false;
  const [x, y] = [Number(a), Number(b)];
  return Math.abs(x - y) <= tolerance * Math.max(Math.abs(x), Math.abs(y));
}

/** Where the two results differ first, or undefined when they give the same columns and rows. */
function difference(pair: Pair, dune: Result, duck: Result): string | undefined {
  if (dune.columns.join() !== duck.columns.join())
    return `columns ${dune.columns.join(', ')} vs ${duck.columns.join(', ')}`;
  if (dune.rows.length !== duck.rows.length)
    return `${dune.rows.length} rows vs ${duck.rows.length}`;
  for (const [i, row] of dune.rows.entries())
    for (const c of dune.columns) {
      const tolerance = pair.approx?.includes(c) ? APPROX : EXACT;
      if (!sameValue(row[c], duck.rows[i]![c], tolerance))
        return `row ${i + 1}, ${c}: ${JSON.stringify(row[c])} vs ${JSON.stringify(duck.rows[i]![c])}`;
    }
  return undefined;
}

async function main() {
  const t = await createTestServer({ maxConcurrentExecutions: 4 });
  const server = await t.listen();
  try {
    const user = await t.createUser('bench');
    console.log(
      `Preparing dex.trades and ethereum.transactions, ${ROWS.toLocaleString()} rows each...`,
    );
    await publishDuneTables(t, ROWS);

    async function api(key: string, url: string, init: RequestInit = {}) {
      const res = await fetch(`${server.url}/api/v1${url}`, {
        ...init,
        headers: { 'x-service-api-key': key, 'content-type': 'application/json' },
      });
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as Record<string, unknown>;
    }
    /** One run end to end: submitted, long-polled to its end, its rows read. */
    async function run(key: string, sql: string, dialect: Dialect): Promise<Result> {
      const start = performance.now();
      const cpu = process.cpuUsage();
      const body = JSON.stringify({ sql, dialect });
      const { execution_id: id } = await api(key, '/sql/execute', { method: 'POST', body });
      for (;;) {
        const s = await api(key, `/execution/${String(id)}/status?wait_ms=30000`);
        if (!s.is_execution_finished) continue;
        if (s.state !== 'QUERY_STATE_COMPLETED')
          throw new Error(`${dialect} query ended ${String(s.state)}: ${JSON.stringify(s.error)}`);
        break;
      }
      const page = (await api(key, `/execution/${String(id)}/results?limit=10000`)) as {
        result: { rows: Record<string, unknown>[]; metadata: { column_names: string[] } };
      };
      const used = process.cpuUsage(cpu);
      return {
        millis: performance.now() - start,
        cpu: (used.user + used.system) / 1000,
        columns: page.result.metadata.column_names,
        rows: page.result.rows,
      };
    }

    console.log(
      `\n1. DuneSQL against hand-written DuckDB SQL, end to end through the API, median of ${RUNS} alternating runs each`,
    );
    console.log(
      "   (CPU: this process's, which runs the server and its sandbox, so other load on the machine does not count)",
    );
    console.log(
      `   ${'query'.padEnd(29)} |   DuneSQL |    DuckDB | ratio DuckDB/DuneSQL | CPU DuneSQL | CPU DuckDB | CPU ratio | same rows`,
    );
    const failures: string[] = [];
    const totals = { dunesql: 0, duckdb: 0, cpuDunesql: 0, cpuDuckdb: 0 };
    for (const pair of PAIRS) {
      const dune = await run(user.key, pair.dunesql, 'dunesql');
      const duck = await run(user.key, pair.duckdb, 'duckdb');
      const differs = difference(pair, dune, duck);
      if (differs) failures.push(`${pair.name}: ${differs}`);
      const runs: Record<Dialect, Result[]> = { dunesql: [], duckdb: [] };
      for (let round = 0; round < RUNS; round++) {
        const order: Dialect[] = round % 2 ? ['duckdb', 'dunesql'] : ['dunesql', 'duckdb'];
        for (const dialect of order)
          runs[dialect].push(await run(user.key, pair[dialect], dialect));
      }
      const [a, b] = [
        median(runs.dunesql.map((r) => r.millis)),
        median(runs.duckdb.map((r) => r.millis)),
      ];
      const [ca, cb] = [
        median(runs.dunesql.map((r) => r.cpu)),
        median(runs.duckdb.map((r) => r.cpu)),
      ];
      totals.dunesql += a;
      totals.duckdb += b;
      totals.cpuDunesql += ca;
      totals.cpuDuckdb += cb;
      console.log(
        `   ${pair.name.padEnd(29)} | ${ms(a).padStart(9)} | ${ms(b).padStart(9)} | ${(b / a).toFixed(3).padStart(20)} | ${ms(ca).padStart(11)} | ${ms(cb).padStart(10)} | ${(cb / ca).toFixed(3).padStart(9)} | ${differs ? 'NO' : 'yes'} ${goal(b / a >= GOAL_RATIO, `≥ ${GOAL_RATIO}`)}`,
      );
    }
    const overall = totals.duckdb / totals.dunesql;
    console.log(
      `   ${`all ${PAIRS.length} (sum of medians)`.padEnd(29)} | ${ms(totals.dunesql).padStart(9)} | ${ms(totals.duckdb).padStart(9)} | ${overall.toFixed(3).padStart(20)} | ${ms(totals.cpuDunesql).padStart(11)} | ${ms(totals.cpuDuckdb).padStart(10)} | ${(totals.cpuDuckdb / totals.cpuDunesql).toFixed(3).padStart(9)} | ${goal(overall >= GOAL_RATIO, `DuneSQL-vs-DuckDB ratio ≥ ${GOAL_RATIO}`)}`,
    );
    for (const f of failures) console.log(`   MISMATCH ${f}`);
    console.log(
      `   the two queries of each pair give the same columns and rows ${goal(failures.length === 0, 'same rows')}`,
    );

    // Part 2: a new context has no instance to reuse; its second run of the same SQL does.
    console.log(
      `\n2. A fresh sandbox instance's set-up: a new context's first run against its second, median of ${FRESH} contexts:`,
    );
    const firsts: Record<Dialect, Result[]> = { dunesql: [], duckdb: [] };
    const seconds: Record<Dialect, Result[]> = { dunesql: [], duckdb: [] };
    for (let i = 0; i < FRESH; i++) {
      const fresh = await t.createUser(`fresh${i}`);
      const order: Dialect[] = i % 2 ? ['duckdb', 'dunesql'] : ['dunesql', 'duckdb'];
      for (const dialect of order) {
        firsts[dialect].push(await run(fresh.key, SMALL[dialect], dialect));
        seconds[dialect].push(await run(fresh.key, SMALL[dialect], dialect));
      }
    }
    // Each context's own first-minus-second, so a slow moment of the machine stays in one pair.
    const setUp = (d: Dialect, of: 'millis' | 'cpu') =>
      median(firsts[d].map((r, i) => r[of] - seconds[d][i]![of]));
    for (const d of ['dunesql', 'duckdb'] as const)
      console.log(
        `   ${d.padEnd(8)} first run ${ms(median(firsts[d].map((r) => r.millis))).padStart(9)}, reused ${ms(median(seconds[d].map((r) => r.millis))).padStart(8)}: set-up ${ms(setUp(d, 'millis'))} (CPU ${ms(setUp(d, 'cpu'))})`,
      );
    console.log(
      `   DuneSQL's set-up less DuckDB's: ${ms(setUp('dunesql', 'millis') - setUp('duckdb', 'millis'))} (CPU ${ms(setUp('dunesql', 'cpu') - setUp('duckdb', 'cpu'))}), paid by a context's first run and by every run of a second or more`,
    );
  } finally {
    await server.close();
    await t.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
