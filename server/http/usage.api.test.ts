import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSql } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { RefreshScheduler } from '../schedules/scheduler.js';
import { QS, addSchedule, createParamQuery } from '../test/schedules-helpers.js';

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
  it('counts scheduled runs apart from the others, in the owner context', async () => {
    const dora = await t.createUser('dora');
    await runSql(t, dora.key, 'SELECT 1');
    await runSql(t, dora.key, 'SELECT 2');
    const q = await createParamQuery(t, dora.key);
    const s = await addSchedule(t, dora.key, QS(q), { cron_expression: '0 * * * *' });
    // one slot by the scheduler, one by "run now"
    const fired = await new RefreshScheduler(t.deps.schedules).tick(new Date(s.next_run_at));
    const ids = fired.started.flatMap((f) => f.executionIds);
    for (const id of ids) await t.deps.executions.settled(id); // else run now finds it running
    const run = await t.call('POST', `${QS(q)}/${s.schedule_id}/run`, { key: dora.key });
    ids.push(run.json.last_execution_id);
    for (const id of ids) await t.deps.executions.settled(id);
    const [period] = (await t.call('GET', '/api/v1/usage', { key: dora.readKey })).json
      .billing_periods;
    const { scheduled, interactive } = period.runs;
    expect(scheduled.executions).toBe(2);
    expect(interactive.executions).toBe(2);
    expect(scheduled.credits_used).toBeGreaterThan(0);
    expect(interactive.credits_used).toBeGreaterThan(0);
    expect(scheduled.credits_used + interactive.credits_used).toBeCloseTo(period.credits_used, 2);
    // another context's usage shows none of them
    const other = (await t.call('GET', '/api/v1/usage', { key: alice.key })).json;
    expect(other.billing_periods.at(-1).runs.scheduled.executions).toBe(0);
  });
});
