/**
 * For the tests of the DuneSQL function library (dunesql-functions*.test.ts): a DuckDB instance
 * set up as a DuneSQL sandbox is (UTC, Trino's integer division, the macros), DuneSQL text run
 * on it through the rewrite, and its answers as plain values.
 */
import {
  DuckDBBlobValue,
  DuckDBInstance,
  DuckDBListValue,
  DuckDBMapValue,
  type DuckDBConnection,
  type DuckDBValue,
} from '@duckdb/node-api';
import { afterAll, beforeAll } from 'vitest';
import { DUNESQL_MACROS } from '../../shared/sql/dunesql/functions.js';
import { rewriteDuneSql } from '../../shared/sql/dunesql/rewrite.js';
import { dialectDefinitions, parserSettings } from './dialects.js';
import { UTC_TIME_ZONE } from './duck.js';

export type DuneSandbox = { conn: DuckDBConnection; close: () => void };

/**
 * A fresh in-memory instance set up as a DuneSQL sandbox is (dialects.ts: UTC, Trino's integer
 * division, the macros attached from the library).
 */
export async function duneSandbox(): Promise<DuneSandbox> {
  const options = { autoinstall_known_extensions: 'false', autoload_known_extensions: 'false' };
  const instance = await DuckDBInstance.create(':memory:', options);
  const conn = await instance.connect();
  await conn.run(UTC_TIME_ZONE);
  // Parser settings run on their own: DuckDB parses a whole text before running it.
  for (const setting of parserSettings('dunesql')) await conn.run(setting);
  await conn.run((await dialectDefinitions('dunesql')).join(';\n'));
  return { conn, close: () => (conn.closeSync(), instance.closeSync()) };
}

/**
 * How long creating every macro takes in a fresh in-memory instance, as one text (ms): what
 * the library (made once per thread) spares each sandbox.
 */
export async function macroSetupMs(): Promise<number> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    for (const setting of parserSettings('dunesql')) await conn.run(setting);
    const started = performance.now();
    await conn.run(DUNESQL_MACROS.join(';\n'));
    return performance.now() - started;
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/** DuneSQL as the sandbox runs it: through the rewrite, which renames calls by the catalog. */
const toDuck = (sql: string) => rewriteDuneSql(sql).sql;

/**
 * A DuckDB value as a test compares it: varbinary as `0x…`, big integers as text, a map as an
 * object of its keys as text (Trino's maps have no order).
 */
function plain(v: DuckDBValue): unknown {
  if (v === null || typeof v !== 'object') return typeof v === 'bigint' ? String(v) : v;
  if (v instanceof DuckDBBlobValue) return `0x${Buffer.from(v.bytes).toString('hex')}`;
  if (v instanceof DuckDBListValue) return v.items.map(plain);
  if (v instanceof DuckDBMapValue)
    return Object.fromEntries(v.entries.map((e) => [String(plain(e.key)), plain(e.value)]));
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

/**
 * For a test file: a DuneSQL sandbox made before its tests and closed after them, and readers of
 * DuneSQL on it (first row, one value, the error message or null).
 */
export function duneTestSandbox() {
  let box: DuneSandbox | undefined;
  beforeAll(async () => {
    box = await duneSandbox();
  });
  afterAll(() => box?.close());
  const on = (): DuneSandbox => {
    if (!box) throw new Error('the DuneSQL sandbox is made in beforeAll');
    return box;
  };
  return {
    row: (sql: string) => duneRow(on(), sql),
    value: (sql: string) => duneValue(on(), sql),
    error: (sql: string) => duneError(on(), sql),
  };
}
