/**
 * npm run bench (results for data tools): a 1,000,000-row result read by a client in its own
 * process (bench/results-download-client.ts, bench/clients/read-pages.mjs), against bare DuckDB
 * in the client's process producing the same rows in the same form. Median of RUNS each.
 *   1. Parquet: GET /results/parquet saved to a file, against DuckDB's COPY of the same rows to a
 *      Parquet file: the whole result (the stored file, sent as it is), and reshaped by
 *      `columns` and `sort_by` (written by DuckDB for the download). Goal: ≥ 1.0× bare.
 *   2. Arrow: GET /results/arrow saved to a file, against the same rows written as an Arrow IPC
 *      stream from bare DuckDB's vectors. Goal: ≥ 1.0× bare.
 *   3. JSON: every page of the result through next_uri (fetch + JSON.parse), against bare DuckDB
 *      turning the same rows into the same JSON text and parsing it (as bench/serving.ts part 1).
 *      Goal: ≥ 0.95× bare.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { firstColumn, quoteLiteral } from '../server/engine/duck.js';
import { jsonRowSql } from '../server/engine/results.js';
import { benchWithEvents } from './events-table.js';

const RESULT_ROWS = 1_000_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const READ_PAGES = path.join(import.meta.dirname, 'clients', 'read-pages.mjs');
const DOWNLOAD = path.join(import.meta.dirname, 'results-download-client.ts');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** Runs a client script in a process of its own; resolves with the JSON of its last line. */
function client<T>(script: string, args: string[]): Promise<T> {
  const node = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...node, script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) =>
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop()!) as T)
        : reject(new Error(`${path.basename(script)} exited with ${code}`)),
    ),
  );
}

benchWithEvents(RESULT_ROWS, async ({ t, server, user, execute }) => {
  const id = await execute('SELECT id, k, v, who, ts FROM bench.events ORDER BY id');
  const file = path.join(t.dir, 'results', `${id}.parquet`);
  const out = fs.mkdtempSync(path.join(t.dir, 'downloads-'));
  const base = `${server.url}/api/v1/execution/${id}/results`;

  /** Rows and a checksum of a Parquet file, to check both sides wrote the same rows. */
  const parquetSum = (f: string) =>
    t.deps.duck.withConnection(async (conn) =>
      (
        await firstColumn(
          conn,
          `SELECT count(*) || ':' || bit_xor(hash(r)) FROM read_parquet(${quoteLiteral(f)}) AS r`,
        )
      ).join(),
    );
  const arrowRows = (f: string) => tableFromIPC(fs.readFileSync(f)).numRows;

  /** API and bare medians of one form; checks the last files of both hold the same rows. */
  const compare = async (
    format: 'parquet' | 'arrow',
    query: string,
    select: string,
  ): Promise<{ api: number; bare: number; bytes: number; firstByte: number }> => {
    const api: number[] = [];
    const firstBytes: number[] = [];
    const bare: number[] = [];
    const apiFile = path.join(out, `api.${format}`);
    const bareFile = path.join(out, `bare.${format}`);
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const a = await client<{ ms: number; bytes: number; firstByte: number }>(DOWNLOAD, [
        'api',
        `${base}/${format}${query}`,
        user.key,
        apiFile,
      ]);
      api.push(a.ms);
      firstBytes.push(a.firstByte);
      bytes = a.bytes;
      bare.push((await client<{ ms: number }>(DOWNLOAD, [format, file, select, bareFile])).ms);
    }
    const same =
      format === 'parquet'
        ? (await parquetSum(apiFile)) === (await parquetSum(bareFile))
        : arrowRows(apiFile) === RESULT_ROWS && arrowRows(bareFile) === RESULT_ROWS;
    if (!same) throw new Error(`the API and bare DuckDB wrote different ${format} rows`);
    return { api: median(api), bare: median(bare), bytes, firstByte: median(firstBytes) };
  };

  const line = (
    label: string,
    r: { api: number; bare: number; bytes: number; firstByte?: number },
    goal: number,
  ) => {
    const ratio = r.bare / r.api;
    console.log(
      `   ${label.padEnd(40)} API ${r.api.toFixed(0).padStart(5)} ms, bare DuckDB ${r.bare.toFixed(0).padStart(5)} ms${r.bytes ? ` (${(r.bytes / 1e6).toFixed(1)} MB)` : ''}: ${ratio.toFixed(2)}x (goal ≥ ${goal.toFixed(2)} ${met(ratio >= goal)})`,
    );
    if (r.firstByte !== undefined)
      console.log(
        `      the answer's first byte after ${r.firstByte.toFixed(0)} ms (the server's file is written by then), the rest in ${(r.api - r.firstByte).toFixed(0)} ms`,
      );
  };

  console.log(
    `\n1. A ${RESULT_ROWS.toLocaleString()}-row result saved to a file, client in its own process, median of ${RUNS}:`,
  );
  const whole = 'SELECT * FROM r';
  const shaped = 'SELECT id, who, ts FROM r ORDER BY ts DESC';
  const shapedQuery = `?columns=id,who,ts&sort_by=${encodeURIComponent('ts desc')}`;
  line('Parquet, whole result (stored file):', await compare('parquet', '', whole), 1);
  line('Parquet, columns + sort_by (written):', await compare('parquet', shapedQuery, shaped), 1);
  line('Arrow IPC stream, whole result:', await compare('arrow', '', whole), 1);
  line('Arrow IPC stream, columns + sort_by:', await compare('arrow', shapedQuery, shaped), 1);

  // The JSON page walk: the server's own row expression on both sides (bench/serving.ts).
  const record = (await t.deps.executions.get(id))!;
  const rowSql = jsonRowSql(
    (record.column_names ?? []).map((name, i) => ({ name, type: record.column_types![i]! })),
  );
  console.log(`\n2. Every JSON page of the result through next_uri, median of ${RUNS}:`);
  for (const limit of [32_000, 100_000]) {
    const api: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const url = `${base}?limit=${limit}&ignore_max_datapoints_per_request=true`;
      api.push((await client<{ ms: number }>(READ_PAGES, ['api', url, user.key])).ms);
      bare.push(
        (
          await client<{ ms: number }>(READ_PAGES, [
            'bare',
            file,
            String(limit),
            String(RESULT_ROWS),
            rowSql,
          ])
        ).ms,
      );
    }
    line(
      `pages of ${limit.toLocaleString()} rows:`,
      { api: median(api), bare: median(bare), bytes: 0 },
      0.95,
    );
  }
  fs.rmSync(out, { recursive: true, force: true });
});
