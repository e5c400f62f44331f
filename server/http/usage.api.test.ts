import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSql } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';

let t: TestServer;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestServer({
    plan: { creditsIncluded: 100, creditsLimit: 1000, storageBytes: 5000 },
  });
  alice = await t.createUser('alice');
});
afterAll(() => t.close());

describe('usage', () => {
  it('reports the current billing period with credits used by executions', async () => {
    await runSql(t, alice.key, 'SELECT 1');
    await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: { name: 'p', query_sql: 'select 1', is_private: true },
    });
    const r = await t.call('POST', '/api/v1/usage', { key: alice.readKey });
    expect(r.status).toBe(200);
    expect(r.json.billing_periods).toHaveLength(1);
    const [period] = r.json.billing_periods;
    const now = new Date();
    expect(period.start_date).toBe(`${now.toISOString().slice(0, 7)}-01`);
    expect(period.credits_included).toBe(100);
    expect(period.credits_used).toBeGreaterThan(0);
    expect(r.json).toMatchObject({
      bytes_allowed: 5000,
      private_queries: 1,
      private_dashboards: 0,
    });
    // The saved query's version counts toward the plan; the result has its own allowance.
    const { storage } = r.json;
    expect(storage.tables_bytes).toBe(0);
    expect(storage.query_versions_bytes).toBe('select 1'.length + 'p'.length + '[]'.length * 2);
    expect(r.json.bytes_used).toBe(storage.query_versions_bytes);
    expect(storage.results_bytes).toBeGreaterThan(0);
    expect(storage.results_bytes_allowed).toBe(t.config.resultStorageBytes);
  });
  it('lists one period per month between the dates, by POST body or GET query', async () => {
    const body = { start_date: '2025-11-15', end_date: '2026-02-01' };
    const post = await t.call('POST', '/api/v1/usage', { key: alice.key, body });
    expect(
      post.json.billing_periods.map((p: { start_date: string; end_date: string }) => [
        p.start_date,
        p.end_date,
      ]),
    ).toEqual([
      ['2025-11-01', '2025-11-30'],
      ['2025-12-01', '2025-12-31'],
      ['2026-01-01', '2026-01-31'],
      ['2026-02-01', '2026-02-28'],
    ]);
    const get = await t.call('GET', '/api/v1/usage?start_date=2025-11-15&end_date=2026-02-01', {
      key: alice.key,
    });
    expect(get.json).toEqual(post.json);
  });
  it('answers 400 for bad dates and 401 without a key', async () => {
    for (const body of [
      { start_date: '2025-13-01' },
      { start_date: 'yesterday' },
      { start_date: '2026-02-01', end_date: '2026-01-01' },
      { start_date: '1900-01-01', end_date: '2100-01-01' },
    ]) {
      expect((await t.call('POST', '/api/v1/usage', { key: alice.key, body })).status).toBe(400);
    }
    expect((await t.call('POST', '/api/v1/usage', { key: alice.key, body: '{bad' })).status).toBe(
      400,
    );
    expect((await t.call('GET', '/api/v1/usage?start_date=x', { key: alice.key })).status).toBe(
      400,
    );
    expect((await t.call('POST', '/api/v1/usage')).status).toBe(401);
  });
});
