import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { redactedUrl, type Config } from '../config.js';
import { refuseSqliteOnPostgresDataDir } from '../data-dir.js';
import { migrationFiles, nowIso, openDb } from './db.js';
import { postgresPool, postgresStore, sqliteStore, type Store } from './store.js';

const PG_MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations-pg');

/**
 * The key of the advisory lock PostgreSQL migrations run under (any constant shared by every
 * node; this one is "strata" in ASCII).
 */
const MIGRATION_LOCK = 0x737472617461;

/**
 * Opens the configured metadata store and brings its schema up to date: PostgreSQL at
 * DATABASE_URL when set, else SQLite in DATA_DIR (refused on a DATA_DIR whose store is in
 * PostgreSQL: data-dir.ts). An unreachable or refused PostgreSQL fails within seconds with an
 * error naming DATABASE_URL (password hidden).
 */
export async function openStore(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<Store> {
  if (config.databaseUrl === undefined) {
    // A cluster's DATA_DIR: a SQLite store here would be one no node reads.
    refuseSqliteOnPostgresDataDir(config.dataDir);
    return sqliteStore(openDb(config.dataDir));
  }
  const url = config.databaseUrl;
  const pool = postgresPool(url);
  try {
    await migratePostgres(pool);
  } catch (err) {
    await pool.end().catch(() => {});
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`DATABASE_URL ${redactedUrl(url)}: cannot open the metadata store: ${reason}`, {
      cause: err,
    });
  }
  return postgresStore(pool, url);
}

/**
 * Applies the migrations of migrations-pg/ not applied yet, all in one transaction that holds a
 * transaction-level advisory lock: nodes starting at once wait for each other, and the second
 * finds them applied. PostgreSQL's DDL is transactional, so a failure leaves nothing half done.
 * The files carry the names of the SQLite ones (migrations/), so both histories read the same.
 */
export async function migratePostgres(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)',
      );
      const done = await client.query<{ name: string }>('SELECT name FROM schema_migrations');
      const applied = new Set(done.rows.map((r) => r.name));
      const ran: string[] = [];
      for (const file of migrationFiles(PG_MIGRATIONS_DIR)) {
        if (applied.has(file)) continue;
        await client.query(fs.readFileSync(path.join(PG_MIGRATIONS_DIR, file), 'utf8'));
        await client.query('INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2)', [
          file,
          nowIso(),
        ]);
        ran.push(file);
      }
      await client.query('COMMIT');
      return ran;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    }
  } finally {
    client.release();
  }
}
