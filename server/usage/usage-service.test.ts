import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../auth/caller.js';
import { nowIso } from '../store/db.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { versionBytes } from './storage.js';
import { MAX_PERIODS } from './usage-service.js';

let t: TestServer;
let alice: Caller;
let bob: Caller;

beforeAll(async () => {
  t = await createTestServer({
    plan: { creditsIncluded: 2500, creditsLimit: 5000, storageBytes: 1_000_000 },
    resultStorageBytes: 4000,
  });
  const caller = (id: number): Caller => ({ contextId: id, userId: id, apiKeyId: null });
  alice = caller((await t.createUser('alice')).account.id);
  bob = caller((await t.createUser('bob')).account.id);
});
afterAll(() => t.close());

/** A finished execution of `contextId` submitted at `at`, costing `credits`. */
async function execution(
  contextId: number,
  at: string,
  credits: number,
  result?: { bytes: number },
) {
  await t.deps.store.db
    .insertInto('executions')
    .values({
      id: ulid(),
      context_id: contextId,
      user_id: contextId,
      api_key_id: null,
      query_version: null,
      sql: 'SELECT 1',
      performance: 'medium',
      state: 'QUERY_STATE_COMPLETED',
      submitted_at: at,
      started_at: at,
      ended_at: at,
      cancelled_at: null,
      expires_at: null,
      error: null,
      column_names: null,
      column_types: null,
      row_count: null,
      result_bytes: result?.bytes ?? null,
      result_file: result ? 'result.parquet' : null,
      execution_time_ms: null,
      pending_time_ms: null,
      cost_credits: credits,
    })
    .execute();
}

describe('UsageService', () => {
  it('counts credits per billing period, storage by kind and private objects', async () => {
    await execution(alice.contextId, '2025-12-31T23:59:59.999Z', 100);
    await execution(alice.contextId, '2026-01-01T00:00:00.000Z', 1.2344);
    await execution(alice.contextId, '2026-01-31T12:00:00.000Z', 1, { bytes: 300 });
    await execution(alice.contextId, '2026-03-31T23:59:59.999Z', 0.5);
    await execution(bob.contextId, '2026-02-10T00:00:00.000Z', 7);

    const secret = await t.deps.queries.create(alice, {
      name: 'secret',
      query_sql: 'SELECT 1',
      is_private: true,
    });
    const open = await t.deps.queries.create(alice, { name: 'open', query_sql: 'SELECT 2' });
    const draft = await t.deps.queries.create(alice, {
      name: 'draft',
      query_sql: 'SELECT 3',
      is_private: true,
      is_temp: true,
    });
    const archived = await t.deps.queries.create(alice, {
      name: 'old',
      query_sql: 'SELECT 4',
      is_private: true,
    });
    const archivedNow = await t.deps.queries.update(archived.id, alice, { is_archived: true });
    await t.deps.queries.create(bob, { name: 'b', query_sql: 'SELECT 5', is_private: true });

    const now = nowIso();
    for (const [slug, is_private] of [
      ['d1', 1],
      ['d2', 0],
    ] as const)
      await t.deps.store.db
        .insertInto('dashboards')
        .values({
          owner_id: alice.contextId,
          name: slug,
          slug,
          is_private,
          created_at: now,
          updated_at: now,
        })
        .execute();
    await t.deps.store.db
      .insertInto('lake_tables')
      .values({
        catalog: 'dune',
        schema_name: 'alice',
        table_name: 't',
        owner_id: alice.contextId,
        size_bytes: 100,
        kind: 'upload',
        dataset_type: 'uploaded_table',
        created_at: now,
        updated_at: now,
      })
      .execute();

    const u = await t.deps.usage.of(
      alice.contextId,
      new Date('2026-01-15T00:00:00Z'),
      new Date('2026-03-02T00:00:00Z'),
    );
    expect(
      u.periods.map((p) => [p.start.toISOString(), p.end.toISOString(), p.creditsUsed]),
    ).toEqual([
      ['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', 2.234],
      ['2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z', 0],
      ['2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z', 0.5],
    ]);
    expect(u.periods.every((p) => p.creditsIncluded === 2500)).toBe(true);
    const versions = [secret, open, draft, archived, archivedNow]
      .map(versionBytes)
      .reduce((a, b) => a + b, 0);
    expect(u.storage).toEqual({ tables: 100, queryVersions: versions, results: 300 });
    expect(u).toMatchObject({
      planBytesUsed: 100 + versions,
      planBytesAllowed: 1_000_000,
      resultBytesAllowed: 4000,
      // Neither the temporary nor the archived one counts.
      privateQueries: 1,
      privateDashboards: 1,
    });
  });

  it('covers the current billing period when no dates are given', async () => {
    const u = await t.deps.usage.of(bob.contextId);
    expect(u.periods).toHaveLength(1);
    expect(u.periods[0]!.start.getTime()).toBeLessThanOrEqual(Date.now());
    expect(u.periods[0]!.end.getTime()).toBeGreaterThan(Date.now());
    expect(u).toMatchObject({ privateQueries: 1, privateDashboards: 0 });
  });

  it('refuses an end before the start, and more than MAX_PERIODS periods', async () => {
    await expect(
      t.deps.usage.of(alice.contextId, new Date('2026-02-01'), new Date('2026-01-01')),
    ).rejects.toMatchObject({ kind: 'invalid', message: 'end_date is before start_date' });
    const last = new Date(Date.UTC(2000, MAX_PERIODS - 1, 1));
    expect(
      (await t.deps.usage.of(alice.contextId, new Date('2000-01-01'), last)).periods,
    ).toHaveLength(MAX_PERIODS);
    await expect(
      t.deps.usage.of(
        alice.contextId,
        new Date('2000-01-01'),
        new Date(Date.UTC(2000, MAX_PERIODS, 1)),
      ),
    ).rejects.toMatchObject({ kind: 'invalid' });
  });
});
