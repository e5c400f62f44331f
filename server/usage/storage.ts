import type { Db } from '../store/db.js';

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

/** The stored size of one query version, as counted in StorageUse.queryVersions... */
const VERSION_BYTES_SQL = `length(CAST(v.query_sql AS BLOB)) + length(CAST(v.name AS BLOB))
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

export function storageOf(db: Db, contextId: number): StorageUse {
  const sum = (sql: string) => (db.prepare(sql).pluck().get(contextId) as number | null) ?? 0;
  return {
    tables: sum('SELECT COALESCE(SUM(size_bytes), 0) FROM lake_tables WHERE owner_id = ?'),
    queryVersions: sum(
      `SELECT COALESCE(SUM(${VERSION_BYTES_SQL}), 0) FROM query_versions v
         JOIN queries q ON q.id = v.query_id WHERE q.owner_id = ?`,
    ),
    results: sum(
      `SELECT COALESCE(SUM(result_bytes), 0) FROM executions
         WHERE context_id = ? AND result_file IS NOT NULL`,
    ),
  };
}

/** What PLAN_STORAGE_BYTES bounds: tables and saved query versions (results have their own). */
export const planStorage = (u: StorageUse) => u.tables + u.queryVersions;
