import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { FAMILIES, SCHEMA, createTable, csvRows, insertCsv } from '../test/uploads-helpers.js';

const STORAGE = 6000;
let t: TestServer;
let alice: TestUser;
beforeAll(async () => {
  t = await createTestServer({
    maxUploadBytes: 50_000,
    plan: { creditsIncluded: 2500, creditsLimit: 10_000, storageBytes: STORAGE },
  });
  alice = await t.createUser('alice');
});
afterAll(() => t.close());

describe.each(FAMILIES)('limits ($name paths)', (f) => {
  it('answers 413 for a CSV upload over MAX_UPLOAD_BYTES', async () => {
    const r = await t.call('POST', f.csv, {
      key: alice.key,
      body: { table_name: 'big', data: csvRows(2000) },
    });
    expect(r.status).toBe(413);
    expect(await t.deps.lake.get('dune', 'alice', 'dataset_big')).toBeUndefined();
  });
});

describe('the storage quota of the plan', () => {
  it('refuses with 402 an insert that would exceed it, writing nothing', async () => {
    await createTable(t, alice.key, 'alice', 'quota');
    expect((await insertCsv(t, alice.key, 'alice', 'quota', csvRows(10))).status).toBe(200);
    const before = (await t.deps.lake.get('dune', 'alice', 'quota'))!;
    const r = await insertCsv(t, alice.key, 'alice', 'quota', csvRows(400, 100));
    expect(r.status).toBe(402);
    expect(r.json.error).toMatch(/exceed the storage allowed by the plan/);
    const after = (await t.deps.lake.get('dune', 'alice', 'quota'))!;
    expect([after.snapshot, after.row_count]).toEqual([before.snapshot, before.row_count]);
    const usage = await t.call('GET', '/api/v1/usage', { key: alice.key });
    expect(usage.json).toMatchObject({ bytes_used: before.size_bytes, bytes_allowed: STORAGE });
  });

  it('refuses with 402 a CSV upload that would exceed it', async () => {
    const r = await t.call('POST', FAMILIES[0]!.csv, {
      key: alice.key,
      body: { table_name: 'too_much', data: csvRows(400) },
    });
    expect(r.status).toBe(402);
    expect(await t.deps.lake.get('dune', 'alice', 'dataset_too_much')).toBeUndefined();
  });

  it('refuses every create and insert once the quota is used up; deleting frees it', async () => {
    for (let i = 0; (await t.deps.uploads.storageUsed(alice.account.id)) < STORAGE && i < 50; i++) {
      const r = await t.call('POST', FAMILIES[0]!.create, {
        key: alice.key,
        body: { namespace: 'alice', table_name: `fill_${i}`, schema: SCHEMA },
      });
      if (r.status === 402) break;
      expect(r.status).toBe(200);
    }
    const r = await t.call('POST', FAMILIES[1]!.create, {
      key: alice.key,
      body: { namespace: 'alice', table_name: 'one_more', schema: SCHEMA },
    });
    expect(r.status).toBe(402);
    expect((await insertCsv(t, alice.key, 'alice', 'quota', csvRows(1))).status).toBe(402);
    for (const table of (await t.deps.uploads.list(alice.account, 100, 0)).tables) {
      const name = table.full_name.split('.')[2]!;
      if (name.startsWith('fill_'))
        expect(
          (await t.call('DELETE', FAMILIES[0]!.remove('alice', name), { key: alice.key })).status,
        ).toBe(200);
    }
    expect((await insertCsv(t, alice.key, 'alice', 'quota', csvRows(1, 5000))).status).toBe(200);
  });
});
