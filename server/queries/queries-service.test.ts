import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../auth/caller.js';
import { AppError } from '../errors.js';
import { STATUS_OF } from '../http/error-status.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import type { QueriesService } from './queries-service.js';

let t: TestServer;
let queries: QueriesService;
let alice: number;
let bob: number;

beforeAll(async () => {
  t = await createTestServer();
  queries = t.deps.queries;
  alice = (await t.createUser('alice')).account.id;
  bob = (await t.createUser('bob')).account.id;
});
afterAll(() => t.close());

const as = (contextId: number, userId: number | null = contextId): Caller => ({
  contextId,
  userId,
  apiKeyId: null,
});

async function versionCount(id: number): Promise<number> {
  const row = await t.deps.store.db
    .selectFrom('query_versions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('query_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function statusOf(p: Promise<unknown>): Promise<number | undefined> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return STATUS_OF[e.kind];
    throw e;
  }
  return undefined;
}

describe('QueriesService', () => {
  it('stores version 1 with the author at create, and the full row on every change', async () => {
    const q = await queries.create(as(alice), { name: 'a', query_sql: 'SELECT {{n}}' });
    expect(q).toMatchObject({ owner_handle: 'alice', created_by: alice, version: 1 });
    expect(q.parameters).toEqual([{ key: 'n', type: 'text', value: '' }]);
    const next = await queries.update(q.id, as(alice, null), { is_private: true });
    expect(next.version).toBe(2);
    expect(await queries.get(q.id)).toEqual(next);
    const versions = await queries.versions(q.id, alice);
    expect(versions.map((v) => [v.version, v.author_id, v.is_private])).toEqual([
      [2, null, true],
      [1, alice, false],
    ]);
    expect((await queries.read(q.id, alice, { contributors: true })).contributors).toEqual([
      { handle: 'alice', contribution_count: 1 },
    ]);
    expect((await queries.read(q.id, alice)).contributors).toBeUndefined();
    expect((await queries.version(q.id, 1, alice)).author).toBe('alice');
    expect(await statusOf(queries.version(q.id, 3, alice))).toBe(404);
    // A private query's versions are not found for another context.
    expect(await statusOf(queries.versions(q.id, bob))).toBe(404);
    expect(await statusOf(queries.version(q.id, 1, bob))).toBe(404);
  });

  it('changes nothing when a change is rejected', async () => {
    const q = await queries.create(as(alice), { name: 'b', query_sql: 'SELECT 1' });
    expect(await statusOf(queries.update(q.id, as(alice), {}))).toBe(400);
    expect(
      await statusOf(
        queries.update(q.id, as(alice), {
          name: 'renamed',
          parameters: [{ key: 'x', type: 'enum' }],
        }),
      ),
    ).toBe(400);
    expect(
      await statusOf(queries.update(q.id, as(alice), { name: 'old' }, { expectedVersion: 7 })),
    ).toBe(409);
    expect(await statusOf(queries.update(q.id, as(bob), { name: 'theirs' }))).toBe(403);
    expect(await queries.get(q.id)).toMatchObject({ name: 'b', version: 1 });
    expect(await versionCount(q.id)).toBe(1);
    const saved = await queries.update(q.id, as(alice), { name: 'b2' }, { expectedVersion: 1 });
    expect(saved.version).toBe(2);
  });

  it('lets an archived query change only its archive state and privacy', async () => {
    const q = await queries.create(as(alice), { name: 'arch', query_sql: 'SELECT 1' });
    const archived = await queries.update(q.id, as(alice), { is_archived: true });
    expect(archived).toMatchObject({ is_archived: true, version: 2 });
    expect(await statusOf(queries.update(q.id, as(alice), { name: 'no' }))).toBe(403);
    // Archiving it again is a no-op; a change of privacy is a new version.
    expect((await queries.update(q.id, as(alice), { is_archived: true })).version).toBe(2);
    expect(await queries.update(q.id, as(alice), { is_private: true })).toMatchObject({
      is_private: true,
      is_archived: true,
      version: 3,
    });
    expect(
      await queries.update(q.id, as(alice), { is_archived: false, name: 'back' }),
    ).toMatchObject({ name: 'back', is_archived: false, version: 4 });
    expect(await versionCount(q.id)).toBe(4);
  });

  it('saves with the adopted run in one transaction, or not at all', async () => {
    const run = await t.deps.executions.executeSql(as(alice), 'api', {
      sql: 'SELECT 1',
      values: {},
    });
    await t.deps.executions.settled(run.id);
    const q = await queries.create(
      as(alice),
      { name: 'c', query_sql: 'SELECT 1' },
      { executionId: run.id },
    );
    expect((await t.deps.executions.get(run.id))?.query_id).toBe(q.id);
    expect(
      await statusOf(
        queries.create(
          as(alice),
          { name: 'never', query_sql: 'SELECT 2' },
          { executionId: 'unknown' },
        ),
      ),
    ).toBe(400);
    expect((await queries.list(alice, { limit: 100, offset: 0, q: 'never' })).total).toBe(0);
    expect(
      await statusOf(queries.update(q.id, as(alice), { name: 'c2' }, { executionId: 'unknown' })),
    ).toBe(400);
    expect(await queries.get(q.id)).toMatchObject({ name: 'c', version: 1 });
    expect(await versionCount(q.id)).toBe(1);
  });

  it('lets anyone read public queries, and only the owner private or temporary ones', async () => {
    const pub = await queries.create(as(alice), { name: 'p', query_sql: 'SELECT 1' });
    const priv = await queries.create(as(alice), {
      name: 'x',
      query_sql: 'SELECT 1',
      is_private: true,
    });
    const temp = await queries.create(as(alice), {
      name: 't',
      query_sql: 'SELECT 1',
      is_temp: true,
    });
    expect((await queries.readable(pub.id, null)).id).toBe(pub.id);
    expect((await queries.readable(pub.id, bob)).id).toBe(pub.id);
    for (const id of [priv.id, temp.id, 424242]) {
      expect(await statusOf(queries.readable(id, null))).toBe(404);
      expect(await statusOf(queries.readable(id, bob))).toBe(404);
    }
    expect((await queries.readable(priv.id, alice)).id).toBe(priv.id);
    expect((await queries.readable(temp.id, alice)).is_temp).toBe(true);
    expect(await statusOf(queries.writable(pub.id, bob))).toBe(403);
    expect(await statusOf(queries.writable(priv.id, bob))).toBe(404);
    expect((await queries.writable(pub.id, alice)).id).toBe(pub.id);
  });

  it('lists by text (taken literally) and by tags, case-insensitively; public scope', async () => {
    const carol = (await t.createUser('carol')).account.id;
    const mk = (name: string, tags: string[] = [], description = '', is_private = false) =>
      queries.create(as(carol), { name, query_sql: 'SELECT 1', tags, description, is_private });
    const a = await mk('Revenue 100%', ['Finance', 'finance ', 'daily']);
    const b = await mk('revenue_by_day', ['finance']);
    const c = await mk('Other', [], 'about REVENUE', true);
    await queries.create(as(carol), {
      name: 'revenue draft',
      query_sql: 'SELECT 1',
      is_temp: true,
    });
    expect(a.tags).toEqual(['Finance', 'daily']);
    const ids = async (opts: { q?: string; tags?: string[]; scope?: 'public' }) =>
      (await queries.list(carol, { limit: 100, offset: 0, ...opts })).queries.map((q) => q.id);
    expect(await ids({ q: ' revenue ' })).toEqual([c.id, b.id, a.id]);
    expect(await ids({ q: '100%' })).toEqual([a.id]);
    expect(await ids({ q: '%' })).toEqual([a.id]);
    expect(await ids({ q: 'e_b' })).toEqual([b.id]);
    expect(await ids({ tags: ['FINANCE'] })).toEqual([b.id, a.id]);
    expect(await ids({ tags: ['finance', 'Daily'] })).toEqual([a.id]);
    const publicIds = await ids({ scope: 'public', q: 'revenue' });
    expect(publicIds).toEqual([b.id, a.id]);
    expect(await queries.countOwned(carol)).toBe(4);
  });

  it('runnable: the query for its owner (its drafts too) and public ones, else a typed refusal', async () => {
    const pub = await queries.create(as(alice), { name: 'pub', query_sql: 'SELECT 1' });
    const priv = await queries.create(as(alice), {
      name: 'priv',
      query_sql: 'SELECT 1',
      is_private: true,
    });
    const draft = await queries.create(as(alice), {
      name: 'draft',
      query_sql: 'SELECT 1',
      is_temp: true,
    });
    const refusal = async (id: number, contextId: number) =>
      (await queries.runnable(id, contextId)).refusal;
    expect((await queries.runnable(pub.id, bob)).query).toEqual(pub);
    expect(await refusal(priv.id, alice)).toBeNull();
    expect(await refusal(draft.id, alice)).toBeNull();
    expect(await refusal(priv.id, bob)).toBe('not_found');
    expect(await refusal(draft.id, bob)).toBe('not_found');
    expect(await refusal(999_999, alice)).toBe('not_found');
    await queries.update(pub.id, as(alice), { is_archived: true });
    expect(await queries.runnable(pub.id, alice)).toEqual({ query: null, refusal: 'archived' });
    expect(await refusal(pub.id, bob)).toBe('archived');
  });
});
