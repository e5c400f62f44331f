import { sql } from 'kysely';
import type { Store } from '../store/store.js';

/** Where a context's stored bytes are (README "Storage"). */
export type StorageUse = {
  /** Parquet snapshots of its uploaded tables and materialized views. */
  tables: number;
  /** Every kept version of its saved queries (SQL, name, description, parameters, tags). */
  queryVersions: number;
  /** Result files of its executions that have not expired. */
  results: number;
};

/** Saved versions kept per query; older ones are pruned when a new one is saved. */
export const QUERY_VERSIONS_KEPT = 100;

/**
 * The stored size of one query version (its text columns in bytes), as counted in
 * StorageUse.queryVersions...
 * dialect: SQLite's length(CAST(x AS BLOB)) counts UTF-8 bytes; PostgreSQL needs octet_length(x).
 */
const VERSION_BYTES = sql<number>`length(CAST(v.query_sql AS BLOB)) + length(CAST(v.name AS BLOB))
  + length(CAST(v.description AS BLOB)) + length(CAST(v.parameters AS BLOB)) + length(CAST(v.tags AS BLOB))`;

/** ...and the same size of a version about to be stored. */
export function versionBytes(v: {
  query_sql: string;
  name: string;
  description: string;
  parameters: unknown[];
  tags: string[];
}): number {
  return [v.query_sql, v.name, v.description, JSON.stringify(v.parameters), JSON.stringify(v.tags)]
    .map((s) => Buffer.byteLength(s))
    .reduce((a, b) => a + b, 0);
}

/** The bytes a context stores now, by kind. */
export async function storageOf(store: Store, contextId: number): Promise<StorageUse> {
  const db = store.db;
  const tables = await db
    .selectFrom('lake_tables')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), sql.lit(0)).as('n'))
    .where('owner_id', '=', contextId)
    .executeTakeFirstOrThrow();
  const queryVersions = await db
    .selectFrom('query_versions as v')
    .innerJoin('queries as q', 'q.id', 'v.query_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(VERSION_BYTES), sql.lit(0)).as('n'))
    .where('q.owner_id', '=', contextId)
    .executeTakeFirstOrThrow();
  const results = await db
    .selectFrom('executions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('result_bytes'), sql.lit(0)).as('n'))
    .where('context_id', '=', contextId)
    .where('result_file', 'is not', null)
    .executeTakeFirstOrThrow();
  return {
    tables: Number(tables.n),
    queryVersions: Number(queryVersions.n),
    results: Number(results.n),
  };
}

/** What PLAN_STORAGE_BYTES bounds: tables and saved query versions (results have their own). */
export const planStorage = (u: StorageUse) => u.tables + u.queryVersions;

/** The bytes of a context that count against its storage plan (planStorage of storageOf). */
export async function planStorageOf(store: Store, contextId: number): Promise<number> {
  return planStorage(await storageOf(store, contextId));
}
