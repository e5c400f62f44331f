import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../store/db.js';
import { sqliteStore } from '../store/store.js';
import { LakeRepo } from './lake-repo.js';
import { RetiredSnapshots } from './retired-snapshots.js';

let dir: string;
let db: Db;
let lake: string;
let repo: LakeRepo;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-retired-'));
  db = openDb(dir);
  lake = path.join(dir, 'lake');
  repo = new LakeRepo(sqliteStore(db));
  db.prepare(
    `INSERT INTO accounts (id, handle, type, created_at) VALUES (1, 'a', 'user', '2024-01-01')`,
  ).run();
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const snapshot = (rel: string) => {
  fs.mkdirSync(path.join(lake, rel), { recursive: true });
  return rel;
};
const execution = (state: string, startedAt: string) =>
  db
    .prepare(
      `INSERT INTO executions (id, context_id, sql, performance, state, submitted_at, started_at)
       VALUES (?, 1, 'select 1', 'medium', ?, ?, ?)`,
    )
    .run(`e${Math.random()}`, state, startedAt, startedAt);

describe('retired snapshots', () => {
  it('are deleted at once when nothing runs', async () => {
    const r = new RetiredSnapshots(repo, lake);
    await r.retire(snapshot('dune/a/t/s1'));
    expect(fs.existsSync(path.join(lake, 'dune/a/t/s1'))).toBe(false);
    expect(r.pending()).toEqual([]);
  });

  it('wait for executions that started before, not after', async () => {
    const r = new RetiredSnapshots(repo, lake, 60_000);
    execution('QUERY_STATE_EXECUTING', '2000-01-01T00:00:00.000Z');
    await r.retire(snapshot('dune/a/t/s1'));
    expect(fs.existsSync(path.join(lake, 'dune/a/t/s1'))).toBe(true);
    db.prepare(`UPDATE executions SET state = 'QUERY_STATE_COMPLETED'`).run();
    execution('QUERY_STATE_EXECUTING', '2999-01-01T00:00:00.000Z');
    await r.sweep();
    expect(fs.existsSync(path.join(lake, 'dune/a/t/s1'))).toBe(false);
    r.close();
  });

  it('sweeps folders no table points to at start-up, leaving other kinds alone', async () => {
    const insert = db.prepare(
      `INSERT INTO lake_tables (catalog, schema_name, table_name, owner_id, kind, dataset_type, snapshot, created_at, updated_at)
       VALUES ('dune', 'a', ?, 1, ?, 'x', ?, '', '')`,
    );
    insert.run('t', 'upload', snapshot('dune/a/t/live'));
    snapshot('dune/a/t/old');
    snapshot('dune/a/gone/old');
    insert.run('result_v', 'matview', snapshot('dune/a/result_v/live'));
    snapshot('dune/a/result_v/other');
    await new RetiredSnapshots(repo, lake).sweepOrphans('dune', 'upload');
    const left = (rel: string) => fs.existsSync(path.join(lake, rel));
    expect([left('dune/a/t/live'), left('dune/a/t/old'), left('dune/a/gone')]).toEqual([
      true,
      false,
      false,
    ]);
    expect([left('dune/a/result_v/live'), left('dune/a/result_v/other')]).toEqual([true, true]);
    // The views' own sweep: their orphans go, the uploads' live folder stays.
    snapshot('dune/a/t/old2');
    snapshot('dune/a/result_w/crashed');
    await new RetiredSnapshots(repo, lake).sweepOrphans('dune', 'matview');
    expect([
      left('dune/a/result_v/live'),
      left('dune/a/result_v/other'),
      left('dune/a/result_w'),
      left('dune/a/t/live'),
      left('dune/a/t/old2'),
    ]).toEqual([true, false, false, true, true]);
  });

  it('without a kind, sweeps every table of the catalog', async () => {
    db.prepare(
      `INSERT INTO lake_tables (catalog, schema_name, table_name, owner_id, kind, dataset_type, snapshot, created_at, updated_at)
       VALUES ('dune', 'a', 'result_v', 1, 'matview', 'x', ?, '', '')`,
    ).run(snapshot('dune/a/result_v/live'));
    snapshot('dune/a/result_v/other');
    await new RetiredSnapshots(repo, lake).sweepOrphans('dune');
    expect(fs.existsSync(path.join(lake, 'dune/a/result_v/live'))).toBe(true);
    expect(fs.existsSync(path.join(lake, 'dune/a/result_v/other'))).toBe(false);
  });
});
