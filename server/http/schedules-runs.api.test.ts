import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefreshScheduler, type ScheduleTickOutcome } from '../schedules/scheduler.js';
import { SchedulesService } from '../schedules/schedules-service.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { SLOW_SQL, waitFinished } from '../test/executions-helpers.js';
import { createQuery } from '../test/matviews-helpers.js';
import { QS, addSchedule, createParamQuery } from '../test/schedules-helpers.js';

let t: TestServer;
let alice: TestUser;
let scheduler: RefreshScheduler;
beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  scheduler = new RefreshScheduler(t.deps.schedules);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const at = (iso: string, plusMs = 0) => new Date(Date.parse(iso) + plusMs);
const read = async (q: number, sid: number) =>
  (await t.call('GET', `${QS(q)}/${sid}`, { key: alice.key })).json;
/** What a tick did for one schedule (other tests' schedules may be due too). */
const of = (o: ScheduleTickOutcome, sid: number) => ({
  started: o.started.filter((s) => s.scheduleId === sid).flatMap((s) => s.executionIds),
  skipped: o.skipped.includes(sid),
  failed: o.failed.filter((f) => f.scheduleId === sid).map((f) => f.error),
});
const settle = async (o: ScheduleTickOutcome) => {
  for (const s of o.started) for (const id of s.executionIds) await t.deps.executions.settled(id);
};

describe('the refresh scheduler', () => {
  it('fires a due slot once, with the values and tier, as the owner; the run is the latest result for those values', async () => {
    const q = await createParamQuery(t, alice.key);
    const s = await addSchedule(t, alice.key, QS(q), {
      cron_expression: '0 * * * *',
      parameters: { n: 5 },
      performance: 'large',
    });
    const slot = s.next_run_at as string;
    expect(of(await scheduler.tick(at(slot, -1000)), s.schedule_id).started).toEqual([]);
    const fired = await scheduler.tick(at(slot));
    const [id] = of(fired, s.schedule_id).started;
    expect(id).toMatch(/^[0-9A-Z]{26}$/);
    await settle(fired);
    const e = (await t.deps.executions.get(id!))!;
    expect(e).toMatchObject({
      state: 'QUERY_STATE_COMPLETED',
      source: 'schedule',
      performance: 'large',
      context_id: alice.account.id,
      user_id: null,
      query_id: q,
      parameters: { n: '5', chain: 'ethereum' },
    });
    expect(e.cost_credits).toBeGreaterThan(0);
    expect(await read(q, s.schedule_id)).toMatchObject({
      last_run_at: slot,
      last_execution_id: id,
      last_execution_ids: [id],
      last_state: 'ok',
      last_error: null,
      next_run_at: at(slot, HOUR).toISOString(),
    });
    // the latest result for these values is the scheduled run, by any spelling of them
    for (const url of [
      `/api/v1/query/${q}/results?params.n=5`,
      `/api/v1/query/${q}/results?params.n=5&params.chain=ethereum`,
      `/api/v1/query/${q}/results`,
    ]) {
      const r = await t.call('GET', url, { key: alice.key });
      expect(r.json.execution_id, url).toBe(id);
      expect(r.json.result.rows).toEqual([{ v: 50, chain: 'ethereum' }]);
    }
    // the same slot never fires again, nor does a tick before the next one
    expect(of(await scheduler.tick(at(slot)), s.schedule_id).started).toEqual([]);
    expect(of(await scheduler.tick(at(slot, HOUR - 1)), s.schedule_id).started).toEqual([]);
    const next = await scheduler.tick(at(slot, HOUR));
    expect(of(next, s.schedule_id).started).toHaveLength(1);
    await settle(next);
  });

  it('catches up missed slots with one run', async () => {
    const q = await createParamQuery(t, alice.key);
    const s = await addSchedule(t, alice.key, QS(q), { cron_expression: '15 * * * *' });
    const late = at(s.next_run_at, 5 * HOUR + 60_000);
    const fired = await scheduler.tick(late);
    expect(of(fired, s.schedule_id).started).toHaveLength(1);
    await settle(fired);
    expect(of(await scheduler.tick(late), s.schedule_id).started).toEqual([]);
    expect((await read(q, s.schedule_id)).next_run_at).toBe(
      at(s.next_run_at, 6 * HOUR).toISOString(),
    );
  });

  it('two schedulers on one store ticking the same slot start it once', async () => {
    const q = await createParamQuery(t, alice.key);
    const s = await addSchedule(t, alice.key, QS(q), { cron_expression: '0 3 * * *' });
    const other = new RefreshScheduler(new SchedulesService(t.deps));
    const outs = await Promise.all([
      scheduler.tick(at(s.next_run_at)),
      other.tick(at(s.next_run_at)),
    ]);
    expect(outs.flatMap((o) => of(o, s.schedule_id).started)).toHaveLength(1);
    for (const o of outs) await settle(o);
  });

  it('an archived query: the slot is consumed, nothing runs, and the failure is recorded', async () => {
    const q = await createParamQuery(t, alice.key);
    const s = await addSchedule(t, alice.key, QS(q), { cron_expression: '0 0 * * *' });
    await t.call('POST', `/api/v1/query/${q}/archive`, { key: alice.key });
    const fired = await scheduler.tick(at(s.next_run_at));
    expect(of(fired, s.schedule_id)).toEqual({
      started: [],
      skipped: false,
      // refused as any run of it is refused (queries/runnable.ts)
      failed: [
        `Query ${q} could not run: Not allowed to execute query. Query is archived, unsaved or not enough permissions`,
      ],
    });
    expect(await read(q, s.schedule_id)).toMatchObject({
      last_run_at: s.next_run_at,
      last_execution_id: null,
      last_state: 'failed',
      last_error: expect.stringMatching(/archived/),
      next_run_at: at(s.next_run_at, 24 * HOUR).toISOString(),
    });
    // unarchived, the next slot runs and the failure is gone
    await t.call('POST', `/api/v1/query/${q}/unarchive`, { key: alice.key });
    const again = await scheduler.tick(at(s.next_run_at, 24 * HOUR));
    await settle(again);
    expect(await read(q, s.schedule_id)).toMatchObject({ last_state: 'ok', last_error: null });
  });

  it('values the query no longer takes, and a run that fails, are recorded failures', async () => {
    const q = await createParamQuery(t, alice.key);
    const s = await addSchedule(t, alice.key, QS(q), {
      cron_expression: '0 1 * * *',
      parameters: { chain: 'base' },
    });
    // the query drops its `chain` parameter
    const patch = await t.call('PATCH', `/api/v1/query/${q}`, {
      key: alice.key,
      body: {
        query_sql: 'SELECT {{n}} AS v',
        parameters: [{ key: 'n', type: 'number', value: '1' }],
      },
    });
    expect(patch.status, patch.text).toBe(200);
    await scheduler.tick(at(s.next_run_at));
    expect(await read(q, s.schedule_id)).toMatchObject({
      last_state: 'failed',
      last_error: `Query ${q} could not run: unknown parameters (chain)`,
    });
    const boom = await createQuery(t, alice.key, "SELECT error('boom') AS x");
    const b = await addSchedule(t, alice.key, QS(boom), { cron_expression: '0 2 * * *' });
    await settle(await scheduler.tick(at(b.next_run_at)));
    const shown = await read(boom, b.schedule_id);
    expect(shown).toMatchObject({ last_state: 'failed', last_execution_id: expect.any(String) });
    expect(shown.last_error).toMatch(/^Execution \w+ of query \d+ failed: .*boom/);
  });

  it('skips a slot while the previous run still runs; run now starts it, once, and keeps the next slot', async () => {
    const q = await createQuery(t, alice.key, SLOW_SQL);
    const s = await addSchedule(t, alice.key, QS(q), { cron_expression: '0 */2 * * *' });
    const run = await t.call('POST', `${QS(q)}/${s.schedule_id}/run`, { key: alice.key });
    expect(run.status, run.text).toBe(200);
    expect(run.json).toMatchObject({ last_state: 'running', next_run_at: s.next_run_at });
    const id = run.json.last_execution_id as string;
    expect((await t.deps.executions.get(id))!.source).toBe('schedule');
    const again = await t.call('POST', `${QS(q)}/${s.schedule_id}/run`, { key: alice.key });
    expect(again.json.last_execution_id).toBe(id);
    const fired = await scheduler.tick(at(s.next_run_at));
    expect(of(fired, s.schedule_id)).toEqual({ started: [], skipped: true, failed: [] });
    expect((await read(q, s.schedule_id)).next_run_at).toBe(
      at(s.next_run_at, 2 * HOUR).toISOString(),
    );
    await t.deps.executions.cancel(id);
    await waitFinished(t, alice.key, id);
    expect(await read(q, s.schedule_id)).toMatchObject({
      last_state: 'failed',
      last_error: expect.stringMatching(/was cancelled/),
    });
  });

  it('a disabled schedule never fires', async () => {
    const q = await createParamQuery(t, alice.key);
    const s = await addSchedule(t, alice.key, QS(q), {
      cron_expression: '0 5 * * *',
      enabled: false,
    });
    expect(s.next_run_at).toBeNull();
    const due = await t.deps.schedules.repo.due(new Date(Date.now() + 400 * 24 * HOUR));
    expect(due.map((d) => d.id)).not.toContain(s.schedule_id);
  });
});

describe('over the credit limit', () => {
  it('a slot is recorded as a failure naming the limit', async () => {
    const s = await createTestServer({
      plan: { creditsIncluded: 0, creditsLimit: 0, storageBytes: 1e9 },
    });
    try {
      const u = await s.createUser('broke');
      const q = await createParamQuery(s, u.key);
      const sch = await addSchedule(s, u.key, QS(q), { cron_expression: '0 6 * * *' });
      const fired = await new RefreshScheduler(s.deps.schedules).tick(at(sch.next_run_at));
      expect(fired.failed).toEqual([
        {
          scheduleId: sch.schedule_id,
          // the answer execute gives over the limit
          error: `Query ${q} could not run: This api request would exceed your configured limits per billing cycle. Please adjust your limits in settings to continue usage.`,
        },
      ]);
      const shown = (await s.call('GET', `${QS(q)}/${sch.schedule_id}`, { key: u.key })).json;
      expect(shown).toMatchObject({ last_state: 'failed', last_execution_ids: [] });
      expect(shown.last_error).toMatch(/exceed your configured limits per billing cycle/);
    } finally {
      await s.close();
    }
  });
});
