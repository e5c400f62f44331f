import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, migrationFiles, nowIso } from '../store/db.js';

const MIGRATIONS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../store/migrations',
);
const DIALECTS = '016-dialects.sql';

/** A store migrated up to (not including) `DIALECTS`, as one made before it. */
function storeBefore(): Database.Database {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  for (const file of migrationFiles(MIGRATIONS).filter((f) => f < DIALECTS)) {
    db.exec(fs.readFileSync(path.join(MIGRATIONS, file), 'utf8'));
    db.prepare('INSERT INTO schema_migrations VALUES (?, ?)').run(file, nowIso());
  }
  return db;
}

describe(`migration ${DIALECTS} (SQLite)`, () => {
  it('reads the queries, versions and runs stored before it as DuckDB SQL', () => {
    const db = storeBefore();
    const at = nowIso();
    db.prepare(
      "INSERT INTO accounts (id, handle, type, created_at) VALUES (1, 'old', 'user', ?)",
    ).run(at);
    db.prepare(
      "INSERT INTO queries (id, owner_id, name, query_sql, created_at, updated_at) VALUES (1, 1, 'q', 'SELECT 7 / 2', ?, ?)",
    ).run(at, at);
    db.prepare(
      "INSERT INTO query_versions (query_id, version, name, description, query_sql, parameters, tags, is_private, is_archived, created_at) VALUES (1, 1, 'q', '', 'SELECT 7 / 2', '[]', '[]', 0, 0, ?)",
    ).run(at);
    db.prepare(
      "INSERT INTO executions (id, query_id, context_id, sql, performance, state, submitted_at) VALUES ('01J0000000000000000000000A', 1, 1, 'SELECT 7 / 2', 'medium', 'QUERY_STATE_COMPLETED', ?)",
    ).run(at);
    migrate(db);
    const dialect = (table: string) =>
      db.prepare(`SELECT dialect FROM ${table}`).pluck().all() as string[];
    expect(dialect('queries')).toEqual(['duckdb']);
    expect(dialect('query_versions')).toEqual(['duckdb']);
    expect(dialect('executions')).toEqual(['duckdb']);
  });
});
