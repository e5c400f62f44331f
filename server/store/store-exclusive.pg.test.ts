import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { OwnerLocks } from '../lake/owner-locks.js';
import { createDatabase } from '../test/postgres.js';
import { openStore } from './open.js';
import type { Store } from './store.js';

/**
 * Store.exclusive across processes: two stores on one database (two nodes) never run work of
 * the same lock at once, and work of other keys runs side by side. OwnerLocks builds on it.
 */
const server = inject('postgresUrl');
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

async function twoNodes(): Promise<[Store, Store]> {
  const db = await createDatabase(server, 'strata_exclusive');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-exclusive-'));
  const a = await openStore({ dataDir, databaseUrl: db.url });
  const b = await openStore({ dataDir, databaseUrl: db.url });
  cleanup.push(async () => {
    await a.close();
    await b.close();
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return [a, b];
}

describe.skipIf(!server)('Store.exclusive on PostgreSQL', () => {
  it('runs one holder of a lock at a time across two stores, and other keys side by side', async () => {
    const [a, b] = await twoNodes();
    let inside = 0;
    let most = 0;
    const work = (store: Store, key: number) =>
      store.exclusive(7, key, async () => {
        inside += 1;
        most = Math.max(most, inside);
        // Other statements run while the lock is held (it has a connection of its own).
        await store.db.selectFrom('settings').selectAll().execute();
        await new Promise((r) => setImmediate(r));
        inside -= 1;
      });
    await Promise.all(Array.from({ length: 20 }, (_, i) => work(i % 2 ? a : b, 1)));
    expect(most).toBe(1);

    // Two keys: a holder of key 2 does not wait for one of key 3.
    let release!: () => void;
    const held = a.exclusive(7, 2, () => new Promise<void>((r) => (release = r)));
    await expect.poll(() => release).toBeDefined();
    await b.exclusive(7, 3, async () => {});
    release();
    await held;
  });

  it('keeps an owner’s appends from two nodes in order: each sees the last one’s write', async () => {
    const [a, b] = await twoNodes();
    const locksA = new OwnerLocks(a, 9);
    const locksB = new OwnerLocks(b, 9);
    await a.db.insertInto('settings').values({ key: 'counter', value: '0' }).execute();
    // A read-modify-write that loses updates unless the lock holds across both stores.
    const bump = (store: Store, locks: OwnerLocks) =>
      locks.run(42, async () => {
        const row = await store.db
          .selectFrom('settings')
          .select('value')
          .where('key', '=', 'counter')
          .executeTakeFirstOrThrow();
        await new Promise((r) => setImmediate(r));
        await store.db
          .updateTable('settings')
          .set({ value: String(Number(row.value) + 1) })
          .where('key', '=', 'counter')
          .execute();
      });
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? bump(a, locksA) : bump(b, locksB))),
    );
    const row = await a.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'counter')
      .executeTakeFirstOrThrow();
    expect(row.value).toBe('30');
  });
});
