import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { waitFinished } from '../test/executions-helpers.js';
import { createQuery } from '../test/matviews-helpers.js';
import { createDashboard, createVisualization } from '../test/schedules-helpers.js';

/**
 * A maximum result age on a query or a dashboard: a read answers from a result that young
 * without a run, and starts one (or says one is running) when none is. None, the default, keeps
 * the hosted service's `latest`: the latest result whatever its age.
 */

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
});
afterAll(() => t.close());

const HOUR = 3600;

const runsOf = (id: number) =>
  t.deps.store.db
    .selectFrom('executions')
    .selectAll()
    .where('query_id', '=', id)
    .orderBy('submitted_at')
    .execute();

/** Makes every result of query `id` look `seconds` old. */
async function age(id: number, seconds: number) {
  const at = new Date(Date.now() - seconds * 1000).toISOString();
  await t.deps.store.db
    .updateTable('executions')
    .set({ ended_at: at, submitted_at: at })
    .where('query_id', '=', id)
    .execute();
}

/** Runs query `id` as `key` to its end. */
async function run(key: string, id: number) {
  const r = await t.call('POST', `/api/v1/query/${id}/execute`, { key });
  expect(r.status, r.text).toBe(200);
  await waitFinished(t, key, r.json.execution_id);
}

const latest = (key: string, id: number) => t.call('GET', `/api/v1/query/${id}/results`, { key });

describe('max_result_age_seconds on a query', () => {
  it('is set, read back and cleared without a new version', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS v', { max_result_age_seconds: HOUR });
    const read = async () => (await t.call('GET', `/api/v1/query/${q}`, { key: alice.key })).json;
    expect(await read()).toMatchObject({ max_result_age_seconds: HOUR, version: 1 });
    const patch = await t.call('PATCH', `/api/v1/query/${q}`, {
      key: alice.key,
      body: { max_result_age_seconds: null },
    });
    expect(patch.status, patch.text).toBe(200);
    expect(await read()).toMatchObject({ max_result_age_seconds: null, version: 1 });
  });

  it.each([
    [-1, /at least 60/],
    [30, /at least 60/],
    [1e12, /at most 2592000/],
    [90.5, /int/i],
    ['1h', /number/i],
  ])('refuses %s, saving nothing', async (value, message) => {
    const r = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: { name: 'x', query_sql: 'SELECT 1', max_result_age_seconds: value },
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(message);
    const q = await createQuery(t, alice.key, 'SELECT 1 AS v');
    const p = await t.call('PATCH', `/api/v1/query/${q}`, {
      key: alice.key,
      body: { max_result_age_seconds: value },
    });
    expect(p.status).toBe(400);
    expect((await t.call('GET', `/api/v1/query/${q}`, { key: alice.key })).json).toMatchObject({
      max_result_age_seconds: null,
    });
  });
});

describe('GET /query/{id}/results under a maximum age', () => {
  it('with none, answers the latest result whatever its age, and runs nothing', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS v');
    await run(alice.key, q);
    await age(q, 30 * 24 * HOUR);
    const r = await latest(alice.key, q);
    expect(r.json.state).toBe('QUERY_STATE_COMPLETED');
    expect(await runsOf(q)).toHaveLength(1);
  });

  it('a young enough result is answered without a run', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS v', { max_result_age_seconds: HOUR });
    await run(alice.key, q);
    await age(q, HOUR - 60);
    expect((await latest(alice.key, q)).json.result.rows).toEqual([{ v: 1 }]);
    expect(await runsOf(q)).toHaveLength(1);
  });

  it('an older one starts a run for the reader, says it runs, and never starts two', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 2 AS v', {
      max_result_age_seconds: HOUR,
      is_private: false,
    });
    await run(alice.key, q);
    await age(q, 2 * HOUR);
    const first = await latest(bob.readKey, q);
    expect(first.status, first.text).toBe(200);
    expect(first.json.state).toMatch(/PENDING|EXECUTING|COMPLETED/);
    const started = first.json.execution_id as string;
    const runs = await runsOf(q);
    expect(runs).toHaveLength(2);
    expect(runs[1]).toMatchObject({ id: started, context_id: bob.account.id, source: 'api' });
    const again = await latest(bob.readKey, q);
    expect(again.json.execution_id).toBe(started);
    await waitFinished(t, bob.readKey, started);
    expect((await latest(bob.readKey, q)).json).toMatchObject({
      execution_id: started,
      result: { rows: [{ v: 2 }] },
    });
    expect(await runsOf(q)).toHaveLength(2);
  });

  it('allow_stale=true reads the latest whatever its age, and runs nothing', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 7 AS v', { max_result_age_seconds: 60 });
    await run(alice.key, q);
    await age(q, HOUR);
    const r = await t.call('GET', `/api/v1/query/${q}/results?allow_stale=true`, {
      key: alice.key,
    });
    expect(r.json.result.rows).toEqual([{ v: 7 }]);
    expect(await runsOf(q)).toHaveLength(1);
    const none = await createQuery(t, alice.key, 'SELECT 8 AS v', { max_result_age_seconds: 60 });
    const missing = await t.call('GET', `/api/v1/query/${none}/results?allow_stale=1`, {
      key: alice.key,
    });
    expect(missing.status).toBe(404);
    expect(await runsOf(none)).toHaveLength(0);
    const bad = await t.call('GET', `/api/v1/query/${q}/results?allow_stale=maybe`, {
      key: alice.key,
    });
    expect(bad.status).toBe(400);
  });

  it('a run that failed is the answer until it is as old as the maximum: no run per read', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 / 0 AS v', {
      max_result_age_seconds: HOUR,
    });
    const first = await latest(alice.key, q);
    await waitFinished(t, alice.key, first.json.execution_id);
    for (let i = 0; i < 3; i++) {
      const again = await latest(alice.key, q);
      expect(again.json).toMatchObject({
        execution_id: first.json.execution_id,
        state: 'QUERY_STATE_FAILED',
      });
    }
    expect(await runsOf(q)).toHaveLength(1);
    await age(q, 2 * HOUR);
    const later = await latest(alice.key, q);
    expect(later.json.execution_id).not.toBe(first.json.execution_id);
    await waitFinished(t, alice.key, later.json.execution_id);
    expect(await runsOf(q)).toHaveLength(2);
  });

  it('with no result at all, starts one instead of answering 404', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 3 AS v', { max_result_age_seconds: 60 });
    const r = await latest(alice.key, q);
    expect(r.status).toBe(200);
    await waitFinished(t, alice.key, r.json.execution_id);
    expect((await latest(alice.key, q)).json.result.rows).toEqual([{ v: 3 }]);
  });

  it('a reference reads by the referenced query maximum age', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 4 AS v', { max_result_age_seconds: HOUR });
    await run(alice.key, q);
    await age(q, 2 * HOUR);
    const r = await t.call('POST', '/api/v1/sql/execute', {
      key: alice.key,
      body: { sql: `SELECT v FROM query_${q}` },
    });
    await waitFinished(t, alice.key, r.json.execution_id);
    expect((await runsOf(q)).map((e) => e.source)).toEqual(['api', 'reference']);
  });
});

describe('max_result_age_seconds on a dashboard', () => {
  async function board(key: string, q: number, maxAge: number | null) {
    const viz = await createVisualization(t, key, q);
    const d = await createDashboard(t, key, [viz]);
    if (maxAge !== null) {
      const p = await t.call('PATCH', `/api/v1/dashboards/${d}`, {
        key,
        body: { max_result_age_seconds: maxAge, is_private: false },
      });
      expect(p.status, p.text).toBe(200);
      expect(p.json.max_result_age_seconds).toBe(maxAge);
    }
    return { d, viz };
  }

  it('refuses a bad maximum', async () => {
    for (const bad of [-5, 1e9, 'soon']) {
      const r = await t.call('POST', '/api/v1/dashboards', {
        key: alice.key,
        body: { name: 'b', max_result_age_seconds: bad },
      });
      expect(r.status).toBe(400);
    }
  });

  it('governs its widgets: a stale result is run for a signed-in viewer, shown as it is to anonymous ones', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 5 AS v', { is_private: false });
    const { d, viz } = await board(alice.key, q, HOUR);
    await run(alice.key, q);
    await age(q, 2 * HOUR);
    const path = `/api/v1/dashboards/${d}/visualizations/${viz}/results`;
    const anonymous = await t.call('GET', path);
    expect(anonymous.json.state).toBe('QUERY_STATE_COMPLETED');
    expect(await runsOf(q)).toHaveLength(1);
    const signedIn = await t.call('GET', path, { key: bob.key });
    expect(signedIn.status, signedIn.text).toBe(200);
    const runs = await runsOf(q);
    expect(runs).toHaveLength(2);
    expect(signedIn.json.execution_id).toBe(runs[1]!.id);
    await waitFinished(t, bob.key, runs[1]!.id);
  });

  it('a young enough result opens the dashboard without a run', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 6 AS v');
    const { d } = await board(alice.key, q, HOUR);
    await run(alice.key, q);
    const dash = (await t.call('GET', `/api/v1/dashboards/${d}`, { key: alice.key })).json;
    const bundle = await t.call(
      'GET',
      `/api/v1/dashboards/by-slug/${dash.owner_handle}/${dash.slug}/bundle`,
      { key: alice.key },
    );
    expect(bundle.status, bundle.text).toBe(200);
    expect(bundle.json.latest_results[0].result.result.rows).toEqual([{ v: 6 }]);
    expect(await runsOf(q)).toHaveLength(1);
    await age(q, 2 * HOUR);
    const stale = await t.call(
      'GET',
      `/api/v1/dashboards/by-slug/${dash.owner_handle}/${dash.slug}/bundle`,
      { key: alice.key },
    );
    expect(stale.json.latest_results[0].result.state).not.toBe(undefined);
    expect(await runsOf(q)).toHaveLength(2);
  });
});
