import fs from 'node:fs';
import path from 'node:path';
import { DuckDBConnection, DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';

/** Quotes an identifier for DuckDB SQL. */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** Quotes a string literal for DuckDB SQL. */
export const quoteLiteral = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * The first column of every row `sql` answers (with `values` bound to its parameters), read from
 * its materialized result in one round trip to DuckDB's threads: `runAndReadAll` makes one more
 * per chunk and one for the end, each a hop to the thread pool and back (~0.4 ms for a small
 * answer). For answers that fit in memory: statements' counts, a page's JSON texts.
 */
export async function firstColumn(
  conn: DuckDBConnection,
  sql: string,
  values?: DuckDBValue[],
): Promise<DuckDBValue[]> {
  const result = await conn.run(sql, values);
  const out: DuckDBValue[] = [];
  for (let i = 0; i < result.chunkCount; i++) out.push(...result.getChunk(i).getColumnValues(0));
  return out;
}

/**
 * Every DuckDB instance computes with time zones in UTC, as DuneSQL does: ICU (built in) would
 * take the machine's zone, so date_trunc, hour() and casts between TIMESTAMPTZ and TIMESTAMP
 * would follow wherever the server runs. The zone is ICU's setting, not one an instance is
 * created with; GLOBAL sets it for every connection of the instance.
 */
export const UTC_TIME_ZONE = "SET GLOBAL TimeZone = 'UTC'";

/**
 * The trusted DuckDB instance: writes lake snapshots and reads result pages. User SQL never
 * runs here (it runs in a sandbox, see sandbox.ts). A small pool of connections lets reads
 * run in parallel.
 */
export class TrustedDuck {
  private idle: DuckDBConnection[] = [];
  private waiters: ((c: DuckDBConnection) => void)[] = [];
  private open = 0;

  private constructor(
    readonly instance: DuckDBInstance,
    private readonly maxConnections: number,
  ) {}

  static async create(
    options: {
      threads?: number;
      memoryLimit?: string;
      tempDir?: string;
      maxConnections?: number;
    } = {},
  ) {
    const config: Record<string, string> = {
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    };
    if (options.threads) config.threads = String(options.threads);
    if (options.memoryLimit) config.memory_limit = options.memoryLimit;
    if (options.tempDir) config.temp_directory = options.tempDir;
    const instance = await DuckDBInstance.create(':memory:', config);
    const conn = await instance.connect();
    try {
      await conn.run(UTC_TIME_ZONE);
    } finally {
      conn.closeSync();
    }
    return new TrustedDuck(instance, options.maxConnections ?? 4);
  }

  /**
   * The trusted instance of a DATA_DIR, as the server and the admin CLI use it: 2 threads, 4 GB,
   * spilling to the process's scratch folder (TMP_DIR; DATA_DIR/tmp unless set), so imports
   * larger than memory stay within it.
   */
  static forDataDir(dataDir: string, scratchDir = path.join(dataDir, 'tmp')) {
    const tempDir = scratchDir;
    fs.mkdirSync(tempDir, { recursive: true });
    return TrustedDuck.create({ threads: 2, memoryLimit: '4GB', tempDir });
  }

  async withConnection<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    const conn = await this.acquire();
    try {
      return await fn(conn);
    } finally {
      this.release(conn);
    }
  }

  private async acquire(): Promise<DuckDBConnection> {
    const conn = this.idle.pop();
    if (conn) return conn;
    if (this.open < this.maxConnections) {
      this.open++;
      return this.instance.connect();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private release(conn: DuckDBConnection) {
    const waiter = this.waiters.shift();
    if (waiter) waiter(conn);
    else this.idle.push(conn);
  }

  close() {
    for (const c of this.idle) c.closeSync();
    this.idle = [];
    this.instance.closeSync();
  }
}
