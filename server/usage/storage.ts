import { sql } from 'kysely';
import type { Dialect, Store } from '../store/store.js';

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
 * dialect: SQLite's length(CAST(x AS BLOB)) counts UTF-8 bytes; PostgreSQL's is octet_length(x).
 */
function versionBytesSql(dialect: Dialect) {
  const bytes = (column: string) =>
    dialect === 'postgres'
      ? sql`octet_length(${sql.ref(`v.${column}`)})`
      : sql`length(CAST(${sql.ref(`v.${column}`)} AS BLOB))`;
  return sql<number>`(${sql.join(
    ['query_sql', 'name', 'description', 'parameters', 'tags'].map(bytes),
    sql` + `,
  )})`;
}

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

/** Bytes of the context's lake tables (uploads and materialized views). */
async function tableBytes(store: Store, contextId: number): Promise<number> {
  const row = await store.db
    .selectFrom('lake_tables')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), sql.lit(0)).as('n'))
    .where('owner_id', '=', contextId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Bytes of every kept version of the context's queries. */
async function queryVersionBytes(store: Store, contextId: number): Promise<number> {
  const row = await store.db
    .selectFrom('query_versions as v')
    .innerJoin('queries as q', 'q.id', 'v.query_id')
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<number>(versionBytesSql(store.dialect)), sql.lit(0)).as('n'),
    )
    .where('q.owner_id', '=', contextId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The bytes a context stores now, by kind. */
export async function storageOf(store: Store, contextId: number): Promise<StorageUse> {
  const results = await store.db
    .selectFrom('executions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('result_bytes'), sql.lit(0)).as('n'))
    .where('context_id', '=', contextId)
    .where('result_file', 'is not', null)
    .executeTakeFirstOrThrow();
  return {
    tables: await tableBytes(store, contextId),
    queryVersions: await queryVersionBytes(store, contextId),
    results: Number(results.n),
  };
}

/** What PLAN_STORAGE_BYTES bounds: tables and saved query versions (results have their own). */
export const planStorage = (u: StorageUse) => u.tables + u.queryVersions;

/**
 * The bytes of a context that count against its storage plan (planStorage of storageOf, without
 * summing its results: every query save and table write asks this).
 */
export async function planStorageOf(store: Store, contextId: number): Promise<number> {
  return (await tableBytes(store, contextId)) + (await queryVersionBytes(store, contextId));
}
