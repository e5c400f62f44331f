import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_LIMITS, ScheduleRunsResponse } from '../../contract/schedules.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { createQuery } from '../test/matviews-helpers.js';
import {
  DS,
  QS,
  addSchedule,
  createDashboard,
  createParamQuery,
  createVisualization,
} from '../test/schedules-helpers.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
});
afterAll(() => t.close());

const runsOf = (path: string, query = '', key = alice.key) =>
  t.call('GET', `${path}/runs${query}`, { key });
/** Runs the schedule now and waits for every run it started to end. */
async function runNow(path: string) {
  const r = await t.call('POST', `${path}/run`, { key: alice.key });
  expect(r.status, r.text).toBe(200);
  for (const id of r.json.last_execution_ids as string[]) await t.deps.executions.settled(id);
  return r.json;
}

describe('a schedule’s run history', () => {
  it('lists each run newest first, with its executions, their queries and states', async () => {
    const q = await createParamQuery(t, alice.key);
    const s = await addSchedule(t, alice.key, QS(q), {
      cron_expression: '0 6 * * *',
      parameters: { n: 3 },
    });
    const path = `${QS(q)}/${s.schedule_id}`;
    const empty = await t.callOk(ScheduleRunsResponse, 'GET', `${path}/runs`, { key: alice.key });
    expect(empty.json).toEqual({ schedule_id: s.schedule_id, runs: [] });

    const first = await runNow(path);
    const second = await runNow(path);
    const r = await t.callOk(ScheduleRunsResponse, 'GET', `${path}/runs`, { key: alice.key });
    expect(r.json.runs).toEqual([
      {
        run_at: second.last_run_at,
        state: 'ok',
        error: null,
        executions: [
          {
            execution_id: second.last_execution_id,
            query_id: q,
            state: 'QUERY_STATE_COMPLETED',
          },
        ],
      },
      {
        run_at: first.last_run_at,
        state: 'ok',
        error: null,
        executions: [
          { execution_id: first.last_execution_id, query_id: q, state: 'QUERY_STATE_COMPLETED' },
        ],
      },
    ]);
    expect(first.last_execution_id).not.toBe(second.last_execution_id);
    // each run's execution opens its result, with the schedule's values
    const result = await t.call(
      'GET',
      `/api/v1/execution/${first.last_execution_id as string}/results`,
      { key: alice.key },
    );
    expect(result.json.result.rows).toEqual([{ v: 30, chain: 'ethereum' }]);
    // pages
    const page = await runsOf(path, '?limit=1');
    expect(page.json.next_offset).toBe(1);
    const older = await runsOf(path, '?limit=1&offset=1');
    expect(older.json.runs.map((x: { run_at: string }) => x.run_at)).toEqual([first.last_run_at]);
    expect(older.json).not.toHaveProperty('next_offset');
  });

  it('keeps a run that could not start, saying why, and the last runs only', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS one');
    const s = await addSchedule(t, alice.key, QS(q), { cron_expression: '0 6 * * *' });
    const path = `${QS(q)}/${s.schedule_id}`;
    await runNow(path);
    expect((await t.call('POST', `/api/v1/query/${q}/archive`, { key: alice.key })).status).toBe(
      200,
    );
    const n = SCHEDULE_LIMITS.runsKept;
    for (let i = 0; i < n; i++) await runNow(path);
    const all = await runsOf(path, `?limit=${n}`);
    expect(all.json.runs).toHaveLength(n);
    expect(all.json.runs[0]).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/archived/),
      executions: [],
    });
    // the first run (the one that completed) was the oldest: it is no longer kept
    expect(all.json.runs.every((x: { state: string }) => x.state === 'failed')).toBe(true);
    expect((await runsOf(path, `?limit=${n}&offset=${n - 1}`)).json.runs).toHaveLength(1);
  });

  it('lists one execution per query of a dashboard’s run', async () => {
    const pq = await createParamQuery(t, alice.key);
    const plain = await createQuery(t, alice.key, 'SELECT 7 AS seven');
    const d = await createDashboard(t, alice.key, [
      await createVisualization(t, alice.key, pq),
      await createVisualization(t, alice.key, plain),
    ]);
    const s = await addSchedule(t, alice.key, DS(d), { cron_expression: '0 6 * * *' });
    const path = `${DS(d)}/${s.schedule_id}`;
    const ran = await runNow(path);
    const r = await t.callOk(ScheduleRunsResponse, 'GET', `${path}/runs`, { key: alice.key });
    expect(r.json.runs).toHaveLength(1);
    expect(r.json.runs[0]!.executions).toEqual(
      (ran.last_execution_ids as string[]).map((id, i) => ({
        execution_id: id,
        query_id: [pq, plain][i],
        state: 'QUERY_STATE_COMPLETED',
      })),
    );
  });

  it('refuses a bad page (400), and another context’s or target’s schedule (404)', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 2 AS two', { is_private: false });
    const other = await createQuery(t, alice.key, 'SELECT 3 AS three');
    const s = await addSchedule(t, alice.key, QS(q), { cron_expression: '0 6 * * *' });
    const path = `${QS(q)}/${s.schedule_id}`;
    for (const query of [
      '?limit=0',
      `?limit=${SCHEDULE_LIMITS.runsKept + 1}`,
      '?limit=x',
      '?offset=-1',
    ]) {
      const r = await runsOf(path, query);
      expect(r.status, query).toBe(400);
      expect(r.json.error, query).toEqual(expect.any(String));
    }
    // bob may read alice's public query, but never its schedules or their runs
    const bobs = await runsOf(path, '', bob.key);
    expect(bobs.status).toBe(404);
    expect(bobs.json.error).toMatch(/not found/i);
    expect((await runsOf(`${QS(other)}/${s.schedule_id}`)).status).toBe(404);
    expect((await runsOf(`${QS(q)}/999999`)).status).toBe(404);
    // a deleted schedule's runs go with it
    await runNow(path);
    expect((await t.call('DELETE', path, { key: alice.key })).status).toBe(200);
    expect((await runsOf(path)).status).toBe(404);
  });
});
