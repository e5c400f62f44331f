import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from './db.js';
import { sqliteStore, type Store } from './store.js';

let dir: string;
let store: Store;

afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function open() {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-store-'));
  store = sqliteStore(openDb(dir));
  return store;
}

describe('the SQLite store keeps statements prepared', () => {
  it('answers a statement prepared before the schema changed with the new schema', async () => {
    const s = open();
    await sql`CREATE TABLE t (a INTEGER)`.execute(s.db);
    await sql`INSERT INTO t (a) VALUES (1)`.execute(s.db);
    const all = () =>
      s.db
        .selectFrom('t' as never)
        .selectAll()
        .execute();
    expect(await all()).toEqual([{ a: 1 }]);
    await sql`ALTER TABLE t ADD COLUMN b TEXT DEFAULT 'x'`.execute(s.db);
    expect(await all()).toEqual([{ a: 1, b: 'x' }]);
  });

  it('still runs every statement after more distinct ones than it keeps', async () => {
    const s = open();
    const pick = (n: number) => sql<{ n: number }>`SELECT ${sql.raw(String(n))} AS n`.execute(s.db);
    for (let n = 0; n < 1200; n++) expect((await pick(n)).rows).toEqual([{ n }]);
    expect((await pick(0)).rows).toEqual([{ n: 0 }]);
  });

  it('runs the same statement with other parameters, inside and outside a transaction', async () => {
    const s = open();
    await sql`CREATE TABLE t (a INTEGER)`.execute(s.db);
    const insert = (a: number) => sql`INSERT INTO t (a) VALUES (${a})`.execute(s.db);
    await insert(1);
    await s.transaction(async () => {
      await insert(2);
      await insert(3);
    });
    await expect(
      s.transaction(async () => {
        await insert(4);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const rows = await sql<{ a: number }>`SELECT a FROM t ORDER BY a`.execute(s.db);
    expect(rows.rows.map((r) => r.a)).toEqual([1, 2, 3]);
  });
});
