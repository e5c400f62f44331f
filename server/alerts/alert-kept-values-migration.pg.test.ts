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
const KEPT = '015-alert-kept-values.sql';
const dropped: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of dropped) await drop();
});

describe(`migration ${KEPT} (PostgreSQL)`, () => {
  it('cuts values stored whole before it and marks them; others stay as they were', async () => {
    const db = await createDatabase(inject('postgresUrl'), 'strata_kept_values');
    dropped.push(db.drop);
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    try {
      // a store made before the migration (evaluations without their alert, for the test)
      await pool.query(
        'CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)',
      );
      for (const file of migrationFiles(MIGRATIONS).filter((f) => f < KEPT)) {
        await pool.query(fs.readFileSync(path.join(MIGRATIONS, file), 'utf8'));
        await pool.query("INSERT INTO schema_migrations VALUES ($1, 'before')", [file]);
      }
      const list = JSON.stringify(Array.from({ length: 1000 }, (_, i) => i));
      const values = [JSON.stringify('x'.repeat(3_000_000)), list, '"short"', '12', null];
      await pool.query(
        'ALTER TABLE alert_evaluations DROP CONSTRAINT alert_evaluations_alert_id_fkey',
      );
      for (const v of values)
        await pool.query(
          "INSERT INTO alert_evaluations (alert_id, trigger, state, value, started_at) VALUES (1, 'manual', 'ok', $1, 't')",
          [v],
        );
      expect(await migratePostgres(pool)).toContain(KEPT);
      const { rows } = await pool.query<{ value: string | null; value_truncated: number }>(
        'SELECT value, value_truncated FROM alert_evaluations ORDER BY id',
      );
      expect(
        rows.map((r) => [r.value === null ? null : JSON.parse(r.value), r.value_truncated]),
      ).toEqual([
        [`"${'x'.repeat(999)}…`, 1],
        [`${list.slice(0, 1000)}…`, 1],
        ['short', 0],
        [12, 0],
        [null, 0],
      ]);
    } finally {
      await pool.end();
    }
  });
});
