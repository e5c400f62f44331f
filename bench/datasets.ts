/**
 * npm run bench (part 6, before memory.ts): imported datasets (docs/datasets.md), on generated
 * transactions (block_time, block_number, tx_hash, from, to, value, gas_used, success).
 *   1. import throughput: `import-dataset` (the admin CLI's code, runAdmin, a fresh DATA_DIR
 *      each run) of a 30-day hive-partitioned Parquet folder (BENCH_DATASET_ROWS rows,
 *      block_date=YYYY-MM-DD/part-0.parquet) and of a folder of CSV files, against bare DuckDB
 *      doing the same work in the same run: one COPY of the same files to zstd Parquet (by
 *      block_date for the Parquet source) with the trusted DuckDB's threads and memory limit.
 *      Median of BENCH_DATASET_RUNS; MiB/s (of the source files) and rows/s; goal ≥ 0.7 of bare.
 *   2. partition pruning: the imported 30-day table queried through POST /sql/execute (the
 *      sandbox) with a filter on one day and without: the bytes this process read meanwhile
 *      (/proc/self/io rchar; the sandbox is a thread of it) and, from DuckDB's profile of the same
 *      query over the same view (snapshot-read.ts), the files read. Goal: one day reads at most
 *      1.5/30 of the bytes all 30 days read.
 *   3. bigger than memory: a CSV BENCH_DATASET_BIG_ROWS rows large, several times the trusted
 *      DuckDB's memory limit lowered to BENCH_DATASET_MEMORY (256MB), imported in a process of
 *      its own (bench/dataset-import-memory.ts); its peak RSS against the file's size. Goal: it
 *      succeeds and the peak RSS grows by at most the memory limit + 256 MiB.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { runAdmin } from '../server/cli/admin.js';
import { quoteLiteral } from '../server/engine/duck.js';
import { snapshotRead } from '../server/engine/snapshot-read.js';
import { layoutOf } from '../server/lake/lake-table.js';
import { openStore } from '../server/store/open.js';
import { scanProfile } from '../server/test/datasets-helpers.js';
import { runSql } from '../server/test/executions-helpers.js';
import { createTestServer } from '../server/test/harness.js';
import { bytesUnder } from './disk-usage.js';

const ROWS = Number(process.env.BENCH_DATASET_ROWS ?? 1_200_000);
const CSV_ROWS = Math.round(ROWS / 3);
const BIG_ROWS = Number(process.env.BENCH_DATASET_BIG_ROWS ?? 4_000_000);
const MEMORY = process.env.BENCH_DATASET_MEMORY ?? '256MB';
const RUNS = Number(process.env.BENCH_DATASET_RUNS ?? 3);
const DAYS = 30;
const CSV_FILES = 4;
/** The trusted DuckDB's settings for a DATA_DIR (TrustedDuck.forDataDir), for bare DuckDB. */
const TRUSTED = { threads: '2', memory_limit: '4GB' };

const MIB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const goal = (ok: boolean, text: string) => `(goal ${text} ${ok ? 'met' : 'NOT met'})`;

/** Transactions number `from` to `to`; ROWS of them fill 30 days from 2026-11-01. */
const transactions = (from: number, to: number) => `
  SELECT TIMESTAMP '2026-11-01' + to_seconds((range * ${DAYS * 86400} // ${ROWS})::BIGINT) AS block_time,
    (20000000 + range // 150)::BIGINT AS block_number,
    '0x' || md5(range::VARCHAR) || md5((range + 1)::VARCHAR) AS tx_hash,
    '0x' || md5((hash(range) % 50000)::VARCHAR)[1:40] AS "from",
    '0x' || md5((hash(range, 'to') % 8000)::VARCHAR)[1:40] AS "to",
    (hash(range, 'v') % 1000000000000) / 1e6 AS value,
    (21000 + hash(range, 'g') % 200000)::BIGINT AS gas_used,
    hash(range, 's') % 20 <> 0 AS success
  FROM range(${from}, ${to})`;

/** A bare DuckDB with `config`, closed after `fn`. */
async function withDuck<T>(
  config: Record<string, string>,
  fn: (conn: DuckDBConnection) => Promise<T>,
) {
  const instance = await DuckDBInstance.create(':memory:', config);
  const conn = await instance.connect();
  try {
    return await fn(conn);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/** The sources: 30 days of Parquet by block_date, CSV_FILES CSV files, one big CSV. */
async function makeSources(dir: string) {
  await withDuck({ threads: '2', memory_limit: '1GB' }, async (conn) => {
    const run = (sql: string) => conn.run(sql);
    await run(
      `COPY (SELECT *, block_time::DATE AS block_date FROM (${transactions(0, ROWS)}))
       TO ${quoteLiteral(path.join(dir, 'parquet'))} (FORMAT parquet, PARTITION_BY (block_date), FILENAME_PATTERN 'part-{i}')`,
    );
    fs.mkdirSync(path.join(dir, 'csv'));
    const per = Math.ceil(CSV_ROWS / CSV_FILES);
    for (let i = 0; i < CSV_FILES; i++)
      await run(
        `COPY (${transactions(i * per, Math.min(CSV_ROWS, (i + 1) * per))}) TO ${quoteLiteral(path.join(dir, 'csv', `part-${i}.csv`))} (FORMAT csv, HEADER)`,
      );
    await run(
      `COPY (${transactions(0, BIG_ROWS)}) TO ${quoteLiteral(path.join(dir, 'big.csv'))} (FORMAT csv, HEADER)`,
    );
  });
}

type Source = {
  label: string;
  dir: string;
  args: string[];
  bareCopy: (out: string) => string;
  rows: number;
};

/** Seconds of import-dataset and of bare DuckDB for one source, each run on fresh folders. */
async function timeImport(src: Source, tmp: string) {
  const strata: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const out = fs.mkdtempSync(path.join(tmp, 'bare-'));
    fs.mkdirSync(path.join(out, 'tmp'));
    await withDuck({ ...TRUSTED, temp_directory: path.join(out, 'tmp') }, async (conn) => {
      const start = performance.now();
      await conn.run(src.bareCopy(out));
      bare.push((performance.now() - start) / 1000);
    });
    fs.rmSync(out, { recursive: true, force: true });

    const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
    const start = performance.now();
    await importDataset(dataDir, ['bench.transactions', src.dir, ...src.args]);
    strata.push((performance.now() - start) / 1000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { strata: median(strata), bare: median(bare) };
}

/** `npm run admin -- import-dataset <args>` in this process, over `dataDir`. */
async function importDataset(dataDir: string, args: string[]) {
  const err: string[] = [];
  const code = await runAdmin(
    ['import-dataset', ...args],
    { out: () => {}, err: (l) => err.push(l) },
    () => openStore({ dataDir, databaseUrl: undefined }),
    () => dataDir,
  );
  if (code !== 0) throw new Error(`import-dataset ${args.join(' ')} failed: ${err.join('\n')}`);
}

function throughput(src: Source, bytes: number, s: { strata: number; bare: number }) {
  const rate = (secs: number) =>
    `${secs.toFixed(2)} s  ${(bytes / MIB / secs).toFixed(1)} MiB/s  ${Math.round(src.rows / secs).toLocaleString()} rows/s`;
  const ratio = s.bare / s.strata;
  console.log(
    `\n${src.label}: ${mib(bytes)}, ${src.rows.toLocaleString()} rows, median of ${RUNS}:`,
  );
  console.log(`  import-dataset           ${rate(s.strata)}`);
  console.log(`  bare DuckDB COPY         ${rate(s.bare)}`);
  console.log(`  ratio ${ratio.toFixed(2)}× of bare ${goal(ratio >= 0.7, '≥ 0.70')}`);
}

/** Bytes this process has read through read calls so far (Linux), or undefined. */
function bytesReadSoFar(): number | undefined {
  try {
    return Number(/^rchar: (\d+)$/m.exec(fs.readFileSync('/proc/self/io', 'utf8'))![1]);
  } catch {
    return undefined;
  }
}

async function pruning(sources: string) {
  const t = await createTestServer();
  try {
    await importDataset(t.dir, ['bench.transactions', path.join(sources, 'parquet'), '--hive']);
    const table = (await t.deps.lake.get('', 'bench', 'transactions'))!;
    const user = await t.createUser('bench');
    const base =
      'SELECT count(*) AS n, sum(value) AS v, count(DISTINCT "from") AS senders FROM bench.transactions';
    const queries = [
      { label: `all ${DAYS} days`, sql: base },
      { label: 'one day', sql: `${base} WHERE block_date = DATE '2026-11-15'` },
    ];
    // the files each query reads, from DuckDB's profile of it over the view the sandbox makes
    const read = snapshotRead(t.deps.lake.root, table.snapshot!, layoutOf(table));
    const measured = await withDuck({ threads: '2' }, async (conn) => {
      await conn.run(
        `CREATE SCHEMA bench; CREATE VIEW bench.transactions AS SELECT * FROM ${read.from}`,
      );
      const out = [];
      for (const q of queries) {
        const profile = await scanProfile(conn, q.sql);
        const before = bytesReadSoFar();
        const run = await runSql(t, user.key, q.sql);
        const after = bytesReadSoFar();
        if (run.status.state !== 'QUERY_STATE_COMPLETED')
          throw new Error(`${q.label}: ${JSON.stringify(run.status)}`);
        out.push({ ...q, profile, bytes: before === undefined ? undefined : after! - before });
      }
      return out;
    });
    console.log(
      `\nPartition pruning: bench.transactions, ${DAYS} partitions by block_date, ${mib(table.size_bytes)}; each query through POST /sql/execute:`,
    );
    for (const m of measured)
      console.log(
        `  ${m.label.padEnd(12)} files read ${m.profile.filesRead}/${m.profile.filesMatched}  bytes read ${m.bytes === undefined ? 'n/a (no /proc/self/io)' : mib(m.bytes)}`,
      );
    const [all, day] = measured as [(typeof measured)[0], (typeof measured)[0]];
    const fraction =
      all.bytes && day.bytes !== undefined
        ? day.bytes / all.bytes
        : day.profile.filesRead / all.profile.filesRead;
    console.log(
      `  one day read ${fraction.toFixed(3)} of what all days read (1/${DAYS} = ${(1 / DAYS).toFixed(3)}) ${goal(fraction <= 1.5 / DAYS, `≤ ${(1.5 / DAYS).toFixed(3)}`)}`,
    );
  } finally {
    await t.close();
  }
}

function biggerThanMemory(csv: string, tmp: string) {
  const dataDir = fs.mkdtempSync(path.join(tmp, 'data-big-'));
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'dataset-import-memory.ts'),
      dataDir,
      csv,
      MEMORY,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
  const line = child.stdout.trim().split('\n').pop() ?? '';
  const r = JSON.parse(line || '{}') as {
    ok?: boolean;
    error?: string;
    rows: number;
    ms: number;
    rssBefore: number;
    maxRss: number;
    spilled?: number;
  };
  const size = fs.statSync(csv).size;
  const limit = parseSize(MEMORY);
  const growth = r.maxRss - r.rssBefore;
  console.log(
    `\nBigger than memory: a ${mib(size)} CSV (${BIG_ROWS.toLocaleString()} rows) imported with the trusted DuckDB's memory_limit at ${MEMORY} (BENCH_DATASET_MEMORY), the file ${(size / limit).toFixed(1)}× that, in a process of its own:`,
  );
  console.log(
    `  ${r.ok ? `imported ${r.rows.toLocaleString()} rows in ${(r.ms / 1000).toFixed(1)} s` : `FAILED: ${r.error ?? `exit ${child.status}`}`}; peak RSS ${mib(r.maxRss)} (${mib(r.rssBefore)} before the import, so +${mib(growth)}); spilled to DATA_DIR/tmp at most ${mib(r.spilled ?? 0)}`,
  );
  const ok = r.ok === true && growth <= limit + 256 * MIB;
  console.log(
    `  peak RSS grew by ${(growth / size).toFixed(2)} of the file's size ${goal(ok, `succeeds, RSS grows ≤ ${MEMORY} + 256 MiB`)}`,
  );
}

/** Bytes of a DuckDB memory size like `256MB` or `2GB` (DuckDB's units: MB = 1000², MiB = 1024²). */
function parseSize(text: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(KB|MB|GB|KiB|MiB|GiB)$/i.exec(text.trim());
  if (!m) throw new Error(`BENCH_DATASET_MEMORY: not a size: ${text}`);
  const unit = m[2]!.toLowerCase();
  const base = unit.endsWith('ib') ? 1024 : 1000;
  return Number(m[1]) * base ** { k: 1, m: 2, g: 3 }[unit[0] as 'k' | 'm' | 'g'];
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-bench-datasets-'));
try {
  console.log(
    `Writing the sources (${ROWS.toLocaleString()} + ${CSV_ROWS.toLocaleString()} + ${BIG_ROWS.toLocaleString()} rows)...`,
  );
  await makeSources(tmp);
  const parquet = path.join(tmp, 'parquet');
  const csv = path.join(tmp, 'csv');
  const sources: Source[] = [
    {
      label: `Import of ${DAYS} days of Parquet, --hive`,
      dir: parquet,
      args: ['--hive'],
      rows: ROWS,
      bareCopy: (out) =>
        `COPY (SELECT * FROM read_parquet(${quoteLiteral(path.join(parquet, '**', '*.parquet'))}, hive_partitioning = true))
         TO ${quoteLiteral(path.join(out, 'lake'))} (FORMAT parquet, COMPRESSION zstd, PARTITION_BY (block_date))`,
    },
    {
      label: `Import of ${CSV_FILES} CSV files`,
      dir: csv,
      args: [],
      rows: CSV_ROWS,
      bareCopy: (out) =>
        `COPY (SELECT * FROM read_csv(${quoteLiteral(path.join(csv, '*.csv'))})) TO ${quoteLiteral(path.join(out, 'lake.parquet'))} (FORMAT parquet, COMPRESSION zstd)`,
    },
  ];
  for (const src of sources) throughput(src, bytesUnder(src.dir), await timeImport(src, tmp));
  await pruning(tmp);
  biggerThanMemory(path.join(tmp, 'big.csv'), tmp);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
