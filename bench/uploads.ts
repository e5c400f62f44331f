/**
 * npm run bench (part 3): uploads and catalog search.
 *   1. ingest: a ~100 MB CSV (6 columns: bigint, double, varchar, timestamp, boolean, varchar)
 *      POSTed to /uploads/{ns}/{table}/insert, streamed from the file, against bare DuckDB
 *      reading the same file (CREATE TABLE AS SELECT * FROM read_csv(...)) and writing it to
 *      Parquet, in the same run. Prints MB/s of each and their ratio (goal: ≥ 0.7). The body is
 *      sent by curl from its own process when curl is installed.
 *   2. search: POST /datasets/search over 5,000 catalog entries, median and p95 per query.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DuckDBInstance } from '@duckdb/node-api';
import { quoteLiteral } from '../server/engine/duck.js';
import { nowIso } from '../server/store/db.js';
import { checkSchema } from '../server/uploads/column-types.js';
import { csvToParquet } from '../server/uploads/ingest.js';
import { createTestServer, type TestServer } from '../server/test/harness.js';

const MB = 1024 * 1024;
const ROWS = Number(process.env.BENCH_UPLOAD_ROWS ?? 1_300_000);
const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 3);
const ENTRIES = 5000;
const SEARCHES = 40;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;

const SCHEMA = [
  { name: 'id', type: 'bigint', duck: 'BIGINT' },
  { name: 'price', type: 'double', duck: 'DOUBLE' },
  { name: 'trader', type: 'varchar', duck: 'VARCHAR' },
  { name: 'ts', type: 'timestamp', duck: 'TIMESTAMP' },
  { name: 'is_buy', type: 'boolean', duck: 'BOOLEAN' },
  { name: 'note', type: 'varchar', duck: 'VARCHAR' },
];

async function makeCsv(file: string) {
  const inst = await DuckDBInstance.create(':memory:', { threads: '2' });
  const conn = await inst.connect();
  await conn.run(
    `COPY (SELECT range AS id, (hash(range) % 10000000) / 100.0 AS price,
            'trader_' || (hash(range, 't') % 100000) AS trader,
            TIMESTAMP '2024-01-01' + to_seconds(range * 7) AS ts, hash(range, 'b') % 2 = 0 AS is_buy,
            'note ' || md5(range::VARCHAR)[1:16] AS note
          FROM range(${ROWS})) TO ${quoteLiteral(file)} (FORMAT csv, HEADER)`,
  );
  conn.closeSync();
  inst.closeSync();
}

async function bare(file: string, out: string) {
  const inst = await DuckDBInstance.create(':memory:', { threads: '2' });
  const conn = await inst.connect();
  const columns = SCHEMA.map((c) => `'${c.name}': '${c.duck}'`).join(', ');
  const start = performance.now();
  await conn.run(
    `CREATE TABLE t AS SELECT * FROM read_csv(${quoteLiteral(file)}, header = true, auto_detect = false, columns = {${columns}})`,
  );
  await conn.run(`COPY t TO ${quoteLiteral(out)} (FORMAT parquet)`);
  const ms = performance.now() - start;
  conn.closeSync();
  inst.closeSync();
  fs.rmSync(out, { force: true });
  return ms;
}

const HAS_CURL = spawnSync('curl', ['--version']).status === 0;

/**
 * The body is sent by curl in its own process when it is installed (streamed with -T), as a
 * client on another machine would; else by fetch in this process, which then shares one event
 * loop with the server and makes the API look slower than it is.
 */
async function viaHttp(url: string, key: string, file: string) {
  const headers = { 'x-service-api-key': key, 'content-type': 'application/json' };
  await fetch(`${url}/api/v1/uploads/bench/trades/clear`, { method: 'POST', headers });
  if (HAS_CURL) {
    const start = performance.now();
    const curl = spawn('curl', [
      '-s',
      '-X',
      'POST',
      '-T',
      file,
      '-H',
      `x-service-api-key: ${key}`,
      '-H',
      'content-type: text/csv',
      `${url}/api/v1/uploads/bench/trades/insert`,
    ]);
    let out = '';
    curl.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const [code] = (await once(curl, 'close')) as [number];
    const ms = performance.now() - start;
    const body = JSON.parse(out || '{}') as { rows_written?: number; error?: string };
    if (code !== 0 || body.rows_written !== ROWS)
      throw new Error(`curl insert failed (${code}): ${out}`);
    return ms;
  }
  const start = performance.now();
  const res = await fetch(`${url}/api/v1/uploads/bench/trades/insert`, {
    method: 'POST',
    headers: { 'x-service-api-key': key, 'content-type': 'text/csv' },
    body: Readable.toWeb(fs.createReadStream(file, { highWaterMark: MB })) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const body = (await res.json()) as { rows_written?: number; error?: string };
  const ms = performance.now() - start;
  if (res.status !== 200 || body.rows_written !== ROWS)
    throw new Error(`insert answered ${res.status}: ${JSON.stringify(body)}`);
  return ms;
}

const WORDS = [
  'uniswap',
  'aave',
  'curve',
  'balancer',
  'compound',
  'lido',
  'maker',
  'sushi',
  'opensea',
  'blur',
];
const CHAINS = ['ethereum', 'arbitrum', 'optimism', 'polygon', 'base'];
const EVENTS = ['Swap', 'Transfer', 'Approval', 'Mint', 'Burn', 'Deposit', 'Withdraw', 'Borrow'];

/** 5,000 catalog entries, all pointing at one tiny snapshot (search never reads the data). */
async function registerEntries(t: TestServer) {
  const tiny = await t.deps.lake.publish(
    {
      schema: 'bench_catalog',
      table: 'tiny',
      ownerId: null,
      kind: 'demo',
      datasetType: 'dune_table',
    },
    (dir) =>
      t.deps.duck.withConnection(async (conn) => {
        await conn.run(
          `COPY (SELECT 1 AS x) TO ${quoteLiteral(path.join(dir, 'x.parquet'))} (FORMAT parquet)`,
        );
      }),
  );
  const now = nowIso();
  const rows = Array.from({ length: ENTRIES }, (_, i) => {
    const project = `${WORDS[i % WORDS.length]}_v${(i % 7) + 1}`;
    const chain = CHAINS[i % CHAINS.length]!;
    const event = EVENTS[i % EVENTS.length]!;
    return {
      catalog: '',
      schema_name: `${project}_${chain}`,
      table_name: `${i % 2 ? 'evt' : 'call'}_${event}_${i}`,
      owner_id: null,
      kind: 'demo' as const,
      dataset_type: 'decoded_table',
      category: 'decoded',
      description: `${event} events of ${project} pool ${i} on ${chain}`,
      blockchains: JSON.stringify([chain]),
      columns: JSON.stringify(
        ['evt_block_time', 'evt_tx_hash', 'contract_address', 'sender', 'amount'].map((name) => ({
          name,
          type: 'varchar',
          nullable: true,
        })),
      ),
      metadata: JSON.stringify({
        project_name: project,
        contract_name: `Pool${i}`,
        page_rank_score: (i * 37) % 101,
      }),
      snapshot: tiny.snapshot,
      created_at: now,
      updated_at: now,
    };
  });
  const store = t.deps.store;
  await store.transaction(async () => {
    for (let i = 0; i < rows.length; i += 500)
      await store.db
        .insertInto('lake_tables')
        .values(rows.slice(i, i + 500))
        .execute();
  });
}

async function main() {
  const t = await createTestServer({
    maxUploadBytes: 1024 * MB,
    plan: { creditsIncluded: 2500, creditsLimit: 10_000, storageBytes: 100 * 1024 * MB },
  });
  const server = await t.listen();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-bench-uploads-'));
  try {
    const user = await t.createUser('bench');
    const file = path.join(tmp, 'trades.csv');
    console.log(`Writing ${ROWS.toLocaleString()} rows of CSV...`);
    await makeCsv(file);
    const size = fs.statSync(file).size;
    const created = await t.call('POST', '/api/v1/uploads', {
      key: user.key,
      body: {
        namespace: 'bench',
        table_name: 'trades',
        schema: SCHEMA.map(({ name, type }) => ({ name, type })),
      },
    });
    if (created.status !== 200)
      throw new Error(`create answered ${created.status}: ${created.text}`);

    const http: number[] = [];
    const direct: number[] = [];
    const convert: number[] = [];
    const columns = checkSchema(SCHEMA);
    for (let i = 0; i < RUNS; i++) {
      direct.push(await bare(file, path.join(tmp, 'bare.parquet')));
      http.push(await viaHttp(server.url, user.key, file));
      const start = performance.now();
      const out = path.join(tmp, 'convert.parquet');
      await t.deps.duck.withConnection((conn) => csvToParquet(conn, { file, columns, out }));
      convert.push(performance.now() - start);
      fs.rmSync(out);
    }
    const mbps = (ms: number) => size / MB / (ms / 1000);
    const ratio = mbps(median(http)) / mbps(median(direct));
    console.log(
      `\nIngest of a ${(size / MB).toFixed(1)} MB CSV (${ROWS.toLocaleString()} rows, 6 columns), median of ${RUNS}:`,
    );
    console.log(
      `  POST /uploads/.../insert     ${(median(http) / 1000).toFixed(2)} s  ${mbps(median(http)).toFixed(1)} MB/s`,
    );
    console.log(
      `  bare DuckDB read_csv+Parquet ${(median(direct) / 1000).toFixed(2)} s  ${mbps(median(direct)).toFixed(1)} MB/s`,
    );
    console.log(
      `  (its DuckDB conversion alone, no HTTP: ${(median(convert) / 1000).toFixed(2)} s)`,
    );
    console.log(
      `  ratio ${ratio.toFixed(2)}× of bare (goal ≥ 0.70 ${ratio >= 0.7 ? 'met' : 'NOT met'})`,
    );

    console.log(`\nRegistering ${ENTRIES.toLocaleString()} catalog entries...`);
    await registerEntries(t);
    const queries = [
      'uniswap',
      'swap ethereum',
      'transfer events',
      'pool 4242',
      'evt_tx_hash',
      'zzz nothing',
    ];
    console.log(`POST /datasets/search over ${ENTRIES + 1} entries (${SEARCHES} runs each):`);
    for (const query of queries) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < SEARCHES; i++) {
        const start = performance.now();
        const res = await fetch(`${server.url}/api/v1/datasets/search`, {
          method: 'POST',
          headers: { 'x-service-api-key': user.key, 'content-type': 'application/json' },
          body: JSON.stringify({ query, limit: 20, include_schema: true }),
        });
        total = ((await res.json()) as { total: number }).total;
        times.push(performance.now() - start);
      }
      console.log(
        `  ${JSON.stringify(query).padEnd(18)} ${String(total).padStart(5)} hits  median ${median(times).toFixed(1)} ms  p95 ${p95(times).toFixed(1)} ms`,
      );
    }
  } finally {
    await server.close();
    await t.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
