import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardSchedule, DashboardSchedulesResponse } from '../../contract/schedules.js';
import { RefreshScheduler, type ScheduleTickOutcome } from '../schedules/scheduler.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { createQuery } from '../test/matviews-helpers.js';
import {
  DS,
  addSchedule,
  createDashboard,
  createParamQuery,
  createVisualization,
} from '../test/schedules-helpers.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let scheduler: RefreshScheduler;
beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
  scheduler = new RefreshScheduler(t.deps.schedules);
});
afterAll(() => t.close());

const at = (iso: string) => new Date(iso);
const startedBy = (o: ScheduleTickOutcome, sid: number) =>
  o.started.filter((s) => s.scheduleId === sid).flatMap((s) => s.executionIds);
const settle = async (ids: string[]) => {
  for (const id of ids) await t.deps.executions.settled(id);
};
const widgetResult = async (d: number, v: number, query = '') =>
  (
    await t.call('GET', `/api/v1/dashboards/${d}/visualizations/${v}/results${query}`, {
      key: alice.key,
    })
  ).json;

/** A dashboard of alice's: two charts of a parameterized query (one `n` widget), one of a plain query, one of bob's public query. */
async function board() {
  const pq = await createParamQuery(t, alice.key);
  const plain = await createQuery(t, alice.key, 'SELECT 7 AS seven');
  const bobs = await createQuery(t, bob.key, 'SELECT 8 AS eight');
  const v1 = await createVisualization(t, alice.key, pq);
  const v2 = await createVisualization(t, alice.key, pq);
  const v3 = await createVisualization(t, alice.key, plain);
  const v4 = await createVisualization(t, bob.key, bobs);
  const d = await createDashboard(t, alice.key, [v1, v2, v3, v4], [{ key: 'n', query_id: pq }]);
  return { d, pq, plain, bobs, v1, v3, v4 };
}

describe('dashboard schedules', () => {
  it('runs every widget’s query once per slot with the dashboard’s values, as the owner', async () => {
    const b = await board();
    const created = await t.callOk(DashboardSchedule, 'POST', DS(b.d), {
      key: alice.key,
      body: { cron_expression: '0 6 * * *', performance: 'small' },
    });
    const s = created.json;
    expect(s).toMatchObject({
      dashboard_id: b.d,
      parameters: [],
      performance: 'small',
      enabled: true,
    });
    const list = await t.callOk(DashboardSchedulesResponse, 'GET', DS(b.d), { key: alice.readKey });
    expect(list.json.schedules).toEqual([s]);

    const ids = startedBy(await scheduler.tick(at(s.next_run_at!)), s.schedule_id);
    expect(ids).toHaveLength(3); // one run per distinct query
    await settle(ids);
    const runs = await Promise.all(ids.map(async (id) => (await t.deps.executions.get(id))!));
    expect(runs.map((e) => e.query_id).sort()).toEqual([b.pq, b.plain, b.bobs].sort());
    for (const e of runs)
      expect(e).toMatchObject({
        context_id: alice.account.id,
        source: 'schedule',
        performance: 'small',
        state: 'QUERY_STATE_COMPLETED',
      });
    // what the dashboard opens with: the parameter's default (n=1), and plain latest results
    const byQuery = new Map(runs.map((e) => [e.query_id, e.id]));
    expect((await widgetResult(b.d, b.v1, '?params.n=1')).execution_id).toBe(byQuery.get(b.pq));
    expect((await widgetResult(b.d, b.v3)).execution_id).toBe(byQuery.get(b.plain));
    expect((await widgetResult(b.d, b.v4)).execution_id).toBe(byQuery.get(b.bobs));
    const shown = (await t.call('GET', `${DS(b.d)}/${s.schedule_id}`, { key: alice.key })).json;
    expect(shown).toMatchObject({ last_state: 'ok', last_error: null, last_execution_ids: ids });
    expect(shown.last_execution_id).toBe(ids[0]);
  });

  it('a parameter widget’s value from the schedule; another context’s query made private is skipped and recorded', async () => {
    const b = await board();
    const s = await addSchedule(t, alice.key, DS(b.d), {
      cron_expression: '30 6 * * *',
      parameters: [{ query_id: b.pq, key: 'n', value: '4' }],
    });
    expect((await t.call('POST', `/api/v1/query/${b.bobs}/private`, { key: bob.key })).status).toBe(
      200,
    );
    const ids = startedBy(await scheduler.tick(at(s.next_run_at)), s.schedule_id);
    expect(ids).toHaveLength(2);
    await settle(ids);
    const r = await widgetResult(b.d, b.v1, '?params.n=4');
    expect(r.result.rows).toEqual([{ v: 40, chain: 'ethereum' }]);
    expect(ids).toContain(r.execution_id);
    const shown = (await t.call('GET', `${DS(b.d)}/${s.schedule_id}`, { key: alice.key })).json;
    expect(shown).toMatchObject({
      last_state: 'failed',
      last_error: `Query ${b.bobs} could not run: Query not found`,
      last_execution_ids: ids,
    });
  });

  it('an archived dashboard: not schedulable (403), and its slots are recorded failures', async () => {
    const b = await board();
    const s = await addSchedule(t, alice.key, DS(b.d), { cron_expression: '0 7 * * *' });
    expect(
      (await t.call('POST', `/api/v1/dashboards/${b.d}/archive`, { key: alice.key })).status,
    ).toBe(200);
    const r = await t.call('POST', DS(b.d), {
      key: alice.key,
      body: { cron_expression: '0 8 * * *' },
    });
    expect(r.status).toBe(403);
    const fired = await scheduler.tick(at(s.next_run_at));
    expect(startedBy(fired, s.schedule_id)).toEqual([]);
    expect(fired.failed).toContainEqual({
      scheduleId: s.schedule_id,
      error: expect.stringMatching(/^Dashboard \d+ is archived: the run was skipped/),
    });
  });

  it('bad input → 400; no key → 401; a read key → 403; another context’s dashboard or unknown ids → 404', async () => {
    const b = await board();
    const s = await addSchedule(t, alice.key, DS(b.d), { cron_expression: '0 9 * * *' });
    const item = `${DS(b.d)}/${s.schedule_id}`;
    for (const [body, message] of [
      [
        { cron_expression: '0 1 * * *', parameters: [{ query_id: b.plain, key: 'n', value: 1 }] },
        /parameters\[0\]: the dashboard has no parameter widget for "n" of query/,
      ],
      [
        { cron_expression: '0 1 * * *', parameters: [{ query_id: b.pq, key: 'n', value: 'x' }] },
        /parameters\[0\]: parameter "n": "x" is not a number/,
      ],
      [
        {
          cron_expression: '0 1 * * *',
          parameters: [
            { query_id: b.pq, key: 'n', value: 1 },
            { query_id: b.pq, key: 'n', value: 2 },
          ],
        },
        /parameters\[1\]: "n" of query \d+ is given twice/,
      ],
      [{ cron_expression: '0 1 * * *', parameters: { n: 1 } }, /parameters/],
      [
        { cron_expression: '0 1 * * *', parameters: [{ query_id: 'one', key: 'n', value: 1 }] },
        /query_id/,
      ],
      [{ cron_expression: '*/10 * * * *' }, /shortest interval allowed is 15 minutes/],
      [{}, /cron_expression/],
    ] as const) {
      const r = await t.call('POST', DS(b.d), { key: alice.key, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.error).toMatch(message);
    }
    expect((await t.call('PATCH', item, { key: alice.key, body: {} })).status).toBe(400);
    expect((await t.call('GET', DS(b.d))).status).toBe(401);
    for (const [method, url] of [
      ['POST', DS(b.d)],
      ['PATCH', item],
      ['DELETE', item],
      ['POST', `${item}/run`],
    ] as const) {
      const body =
        method === 'DELETE' || url.endsWith('/run') ? undefined : { cron_expression: '0 2 * * *' };
      expect(
        (await t.call(method, url, { key: alice.readKey, body })).status,
        `${method} ${url}`,
      ).toBe(403);
      expect((await t.call(method, url, { key: bob.key, body })).status, `${method} ${url}`).toBe(
        404,
      );
    }
    expect((await t.call('GET', DS(b.d), { key: bob.key })).status).toBe(404);
    expect((await t.call('GET', DS(999_999), { key: alice.key })).status).toBe(404);
    expect((await t.call('GET', `${DS(b.d)}/999999`, { key: alice.key })).status).toBe(404);
    // a dashboard schedule is not a schedule of the query, and the other way round
    expect(
      (await t.call('GET', `/api/v1/query/${b.pq}/schedules/${s.schedule_id}`, { key: alice.key }))
        .status,
    ).toBe(404);
    const del = await t.call('DELETE', item, { key: alice.key });
    expect(del.json).toEqual({ schedule_id: s.schedule_id, ok: true });
  });

  it('a context has at most 200 schedules, queries’ and dashboards’ together (409)', async () => {
    const carol = await t.createUser('carol');
    const who = { contextId: carol.account.id, userId: carol.account.id, apiKeyId: null };
    for (let i = 0; i < 10; i++) {
      const q = await createQuery(t, carol.key, `SELECT ${i} AS i`);
      for (let h = 0; h < 20; h++)
        await t.deps.schedules.create(
          who,
          { kind: 'query', id: q },
          { cron_expression: `0 ${h} * * *` },
        );
    }
    const v = await createVisualization(
      t,
      carol.key,
      await createQuery(t, carol.key, 'SELECT 1 AS x'),
    );
    const d = await createDashboard(t, carol.key, [v]);
    const r = await t.call('POST', DS(d), {
      key: carol.key,
      body: { cron_expression: '0 6 * * *' },
    });
    expect(r.status).toBe(409);
    expect(r.json.error).toMatch(/this context has 200 schedules, the most it may have/);
  });
});
