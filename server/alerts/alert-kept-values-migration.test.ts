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
const KEPT = '015-alert-kept-values.sql';

/** A store migrated up to (not including) `KEPT`, as one made before it. */
function storeBefore(): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = OFF'); // evaluations without their alert, for the test
  db.exec('CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  for (const file of migrationFiles(MIGRATIONS).filter((f) => f < KEPT)) {
    db.exec(fs.readFileSync(path.join(MIGRATIONS, file), 'utf8'));
    db.prepare('INSERT INTO schema_migrations VALUES (?, ?)').run(file, nowIso());
  }
  return db;
}

describe(`migration ${KEPT} (SQLite)`, () => {
  it('cuts values stored whole before it and marks them; others stay as they were', () => {
    const db = storeBefore();
    const list = JSON.stringify(Array.from({ length: 1000 }, (_, i) => i));
    const values = [JSON.stringify('x'.repeat(3_000_000)), list, '"short"', '12', null];
    const add = db.prepare(
      "INSERT INTO alert_evaluations (alert_id, trigger, state, value, started_at) VALUES (1, 'manual', 'ok', ?, 't')",
    );
    for (const v of values) add.run(v);
    migrate(db);
    const rows = db
      .prepare('SELECT value, value_truncated FROM alert_evaluations ORDER BY id')
      .all() as { value: string | null; value_truncated: number }[];
    expect(
      rows.map((r) => [r.value === null ? null : JSON.parse(r.value), r.value_truncated]),
    ).toEqual([
      [`"${'x'.repeat(999)}…`, 1],
      [`${list.slice(0, 1000)}…`, 1],
      ['short', 0],
      [12, 0],
      [null, 0],
    ]);
  });
});
