import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrationFiles } from '../store/db.js';
import { migratePostgres } from '../store/open.js';
import { createDatabase } from '../test/postgres.js';

const MIGRATIONS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../store/migrations-pg',
);
const DIALECTS = '016-dialects.sql';
const dropped: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of dropped) await drop();
});

describe(`migration ${DIALECTS} (PostgreSQL)`, () => {
  it('reads the queries, versions and runs stored before it as DuckDB SQL', async () => {
    const db = await createDatabase(inject('postgresUrl'), 'strata_dialects');
    dropped.push(db.drop);
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    try {
      // a store made before the migration, with a query, its version and a run of it
      await pool.query(
        'CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)',
      );
      for (const file of migrationFiles(MIGRATIONS).filter((f) => f < DIALECTS)) {
        await pool.query(fs.readFileSync(path.join(MIGRATIONS, file), 'utf8'));
        await pool.query("INSERT INTO schema_migrations VALUES ($1, 'before')", [file]);
      }
      await pool.query(
        "INSERT INTO accounts (id, handle, type, created_at) VALUES (1, 'old', 'user', 't')",
      );
      await pool.query(
        "INSERT INTO queries (id, owner_id, name, query_sql, created_at, updated_at) VALUES (1, 1, 'q', 'SELECT 7 / 2', 't', 't')",
      );
      await pool.query(
        "INSERT INTO query_versions (query_id, version, name, description, query_sql, parameters, tags, is_private, is_archived, created_at) VALUES (1, 1, 'q', '', 'SELECT 7 / 2', '[]', '[]', 0, 0, 't')",
      );
      await pool.query(
        "INSERT INTO executions (id, query_id, context_id, sql, performance, state, submitted_at) VALUES ('01J0000000000000000000000A', 1, 1, 'SELECT 7 / 2', 'medium', 'QUERY_STATE_COMPLETED', 't')",
      );
      expect(await migratePostgres(pool)).toContain(DIALECTS);
      for (const table of ['queries', 'query_versions', 'executions']) {
        const { rows } = await pool.query<{ dialect: string }>(`SELECT dialect FROM ${table}`);
        expect(rows, table).toEqual([{ dialect: 'duckdb' }]);
      }
    } finally {
      await pool.end();
    }
  });
});
