import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';

/** What an operator does beside the running e2e server: its admin CLI, and the files it imports. */

const run = promisify(execFile);
const PORT = Number(process.env.E2E_PORT ?? 8181);
/** The running e2e server's DATA_DIR (playwright.config.ts). */
const DATA_DIR = PORT === 8181 ? '.tmp/e2e-data' : `.tmp/e2e-data-${PORT}`;

/** The admin CLI over the running server's data folder (safe while it runs); its output. */
export async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'server/cli/admin.ts', ...args],
    { env: { ...process.env, DATA_DIR }, timeout: 120_000 },
  );
  return stdout;
}

/**
 * A hive-partitioned Parquet folder outside DATA_DIR, as an operator's exports would be: one
 * `block_date=<day>/part-0.parquet` per day, its rows `select(i)` for the i-th day. Returns the
 * folder (the caller removes it).
 */
export async function partitionedSource(
  prefix: string,
  days: readonly string[],
  select: (i: number) => string,
): Promise<string> {
  const source = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const duck = await DuckDBInstance.create(':memory:');
  const conn = await duck.connect();
  try {
    for (const [i, day] of days.entries()) {
      const dir = path.join(source, `block_date=${day}`);
      fs.mkdirSync(dir, { recursive: true });
      await conn.run(
        `COPY (${select(i)}) TO '${path.join(dir, 'part-0.parquet')}' (FORMAT parquet)`,
      );
    }
  } finally {
    conn.closeSync();
    duck.closeSync();
  }
  return source;
}
