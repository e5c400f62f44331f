/**
 * For the tests of the DuneSQL function library (dunesql-functions*.test.ts): a DuckDB instance
 * set up as a DuneSQL sandbox is (UTC, Trino's integer division, the macros), DuneSQL text run
 * on it through the rewrite, and its answers as plain values.
 */
import {
  DuckDBBlobValue,
  DuckDBInstance,
  DuckDBListValue,
  type DuckDBConnection,
  type DuckDBValue,
} from '@duckdb/node-api';
import { DUNESQL_MACROS } from '../../shared/sql/dunesql/functions.js';
import { rewriteDuneSql } from '../../shared/sql/dunesql/rewrite.js';
import { UTC_TIME_ZONE } from './duck.js';

export type DuneSandbox = { conn: DuckDBConnection; close: () => void };

/** A fresh in-memory instance set up for DuneSQL, and how long the set-up took (ms). */
export async function duneSandbox(): Promise<DuneSandbox & { setupMs: number }> {
  const instance = await DuckDBInstance.create(':memory:', {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  });
  const conn = await instance.connect();
  const started = performance.now();
  // integer_division is read by the parser: it is set in a statement of its own.
  await conn.run(UTC_TIME_ZONE);
  await conn.run('SET integer_division = true');
  await conn.run(DUNESQL_MACROS.join(';\n'));
  const setupMs = performance.now() - started;
  return {
    conn,
    setupMs,
    close: () => {
      conn.closeSync();
      instance.closeSync();
    },
  };
}

/** DuneSQL as the sandbox runs it: through the rewrite, which renames calls by the catalog. */
const toDuck = (sql: string) => rewriteDuneSql(sql).sql;

/** A DuckDB value as a test compares it: varbinary as `0x…`, big integers as text. */
function plain(v: DuckDBValue): unknown {
  if (v === null || typeof v !== 'object') return typeof v === 'bigint' ? String(v) : v;
  if (v instanceof DuckDBBlobValue) return `0x${Buffer.from(v.bytes).toString('hex')}`;
  if (v instanceof DuckDBListValue) return v.items.map(plain);
  return String(v);
}

/** The first row `sql` (DuneSQL) gives, as plain values. */
export async function duneRow(box: DuneSandbox, sql: string): Promise<unknown[]> {
  const reader = await box.conn.runAndReadAll(toDuck(sql));
  return (reader.getRows()[0] ?? []).map(plain);
}

/** The one value `sql` (DuneSQL) gives. */
export async function duneValue(box: DuneSandbox, sql: string): Promise<unknown> {
  return (await duneRow(box, sql))[0];
}

/** The message of the error `sql` (DuneSQL) fails with, or null when it runs. */
export async function duneError(box: DuneSandbox, sql: string): Promise<string | null> {
  try {
    await box.conn.runAndReadAll(toDuck(sql));
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}
