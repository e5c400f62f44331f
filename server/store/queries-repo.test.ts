import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../auth/accounts.js';
import { AppError } from '../errors.js';
import { type Db, openDb } from './db.js';
import { Queries } from './queries-repo.js';
import { STATUS_OF } from '../http/error-status.js';
import { sqliteStore } from './store.js';

let dir: string;
let db: Db;
let queries: Queries;
let alice: number;
let bob: number;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-queries-'));
  db = openDb(dir);
  const accounts = new Accounts(sqliteStore(db));
  alice = (await accounts.createUser('alice', null)).id;
  bob = (await accounts.createUser('bob', null)).id;
  queries = new Queries(db, { storageBytes: 1024 ** 3 });
});
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const versionCount = (id: number) =>
  db.prepare('SELECT count(*) FROM query_versions WHERE query_id = ?').pluck().get(id);

function statusOf(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return STATUS_OF[e.kind];
    throw e;
  }
  return undefined;
}

describe('Queries', () => {
  it('stores version 1 with the author at create, and the full row on every change', () => {
    const q = queries.create(alice, alice, { name: 'a', query_sql: 'SELECT {{n}}' });
    expect(q).toMatchObject({ owner_handle: 'alice', created_by: alice, version: 1 });
    expect(q.parameters).toEqual([{ key: 'n', type: 'text', value: '' }]);
    const next = queries.update(q.id, alice, null, { is_private: true });
    expect(next.version).toBe(2);
    expect(queries.get(q.id)).toEqual(next);
    const versions = queries.versions(q.id);
    expect(versions.map((v) => [v.version, v.author_id, v.is_private])).toEqual([
      [2, null, true],
      [1, alice, false],
    ]);
  });

  it('changes nothing when a change is rejected', () => {
    const q = queries.create(alice, alice, { name: 'b', query_sql: 'SELECT 1' });
    expect(statusOf(() => queries.update(q.id, alice, alice, {}))).toBe(400);
    expect(
      statusOf(() =>
        queries.update(q.id, alice, alice, {
          name: 'renamed',
          parameters: [{ key: 'x', type: 'enum' }],
        }),
      ),
    ).toBe(400);
    expect(queries.get(q.id)).toMatchObject({ name: 'b', version: 1 });
    expect(versionCount(q.id)).toBe(1);
  });

  it('lets anyone read public queries, and only the owner private or temporary ones', () => {
    const pub = queries.create(alice, alice, { name: 'p', query_sql: 'SELECT 1' });
    const priv = queries.create(alice, alice, {
      name: 'x',
      query_sql: 'SELECT 1',
      is_private: true,
    });
    const temp = queries.create(alice, alice, { name: 't', query_sql: 'SELECT 1', is_temp: true });
    expect(queries.readable(pub.id, null).id).toBe(pub.id);
    expect(queries.readable(pub.id, bob).id).toBe(pub.id);
    for (const id of [priv.id, temp.id, 424242]) {
      expect(statusOf(() => queries.readable(id, null))).toBe(404);
      expect(statusOf(() => queries.readable(id, bob))).toBe(404);
    }
    expect(queries.readable(priv.id, alice).id).toBe(priv.id);
    expect(queries.readable(temp.id, alice).is_temp).toBe(true);
    expect(statusOf(() => queries.writable(pub.id, bob))).toBe(403);
    expect(statusOf(() => queries.writable(priv.id, bob))).toBe(404);
    expect(queries.writable(pub.id, alice).id).toBe(pub.id);
  });
});
