import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { MatviewScheduler } from '../matviews/scheduler.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { SLOW_SQL, waitFinished } from '../test/executions-helpers.js';
import { MV, createQuery, upsertView } from '../test/matviews-helpers.js';
import { buildDeps } from '../wire.js';

let t: TestServer;
let alice: TestUser;
let scheduler: MatviewScheduler;
beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  scheduler = new MatviewScheduler(t.deps.matviews);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const at = (iso: string, plusMs = 0) => new Date(Date.parse(iso) + plusMs);
const view = async (name: string) =>
  (await t.call('GET', `${MV}/${name}`, { key: alice.key })).json;
const scheduled = async (name: string) =>
  (await t.call('GET', `${MV}/${name}/refreshes`, { key: alice.key })).json.refreshes.filter(
    (r: { trigger: string }) => r.trigger === 'schedule',
  );
/** The refreshes a tick started for one view (other tests' views may be due too). */
const startedFor = (o: { started: { view: string }[] }, name: string) =>
  o.started.filter((s) => s.view === name);
const settle = async (o: { started: { executionId: string }[] }) => {
  for (const s of o.started) await t.deps.executions.settled(s.executionId);
};

describe('the scheduler', () => {
  it('fires a due slot once, as the owner in the view tier, then moves to the next slot', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS x');
    const { name } = await upsertView(t, alice.key, {
      name: 'result_hourly',
      query_id: q,
      cron_expression: '0 * * * *',
      performance: 'large',
    });
    const slot = (await view(name)).schedule.next_execution_time as string;
    expect(Date.parse(slot)).toBeGreaterThan(Date.now());
    expect(slot).toMatch(/:00:00\.000Z$/);
    expect((await scheduler.tick(at(slot, -1000))).started).toEqual([]);
    const fired = await scheduler.tick(at(slot));
    expect(fired.started).toEqual([{ view: name, executionId: expect.any(String) }]);
    await settle(fired);
    const e = (await t.deps.executions.get(fired.started[0]!.executionId))!;
    expect(e).toMatchObject({
      state: 'QUERY_STATE_COMPLETED',
      source: 'schedule',
      performance: 'large',
      context_id: alice.account.id,
    });
    expect((await view(name)).schedule.next_execution_time).toBe(at(slot, HOUR).toISOString());
    // the same slot never fires again, nor does a tick before the next slot
    expect((await scheduler.tick(at(slot))).started).toEqual([]);
    expect((await scheduler.tick(at(slot, 30 * 60_000))).started).toEqual([]);
    const next = await scheduler.tick(at(slot, HOUR));
    expect(next.started).toHaveLength(1);
    await settle(next);
    expect(await scheduled(name)).toHaveLength(2);
  });

  it('catches up missed slots with one run', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS x');
    const { name } = await upsertView(t, alice.key, {
      name: 'result_catchup',
      query_id: q,
      cron_expression: '15 * * * *',
    });
    const slot = (await view(name)).schedule.next_execution_time as string;
    const late = at(slot, 5 * HOUR + 60_000);
    const fired = await scheduler.tick(late);
    expect(startedFor(fired, name)).toHaveLength(1);
    await settle(fired);
    expect(startedFor(await scheduler.tick(late), name)).toEqual([]);
    expect((await view(name)).schedule.next_execution_time).toBe(at(slot, 6 * HOUR).toISOString());
    expect(await scheduled(name)).toHaveLength(1);
  });

  it('stops after expires_at', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS x');
    const probe = await upsertView(t, alice.key, {
      name: 'result_expiring',
      query_id: q,
      cron_expression: '0 * * * *',
    });
    const slot = (await view(probe.name)).schedule.next_execution_time as string;
    const expires = at(slot, 90 * 60_000).toISOString();
    await upsertView(t, alice.key, { name: 'result_expiring', query_id: q, expires_at: expires });
    expect((await view(probe.name)).schedule).toMatchObject({
      next_execution_time: slot,
      expires_at: expires,
    });
    await settle(await scheduler.tick(at(slot)));
    await settle(await scheduler.tick(at(slot, HOUR)));
    expect((await view(probe.name)).schedule.next_execution_time).toBeNull();
    expect(startedFor(await scheduler.tick(at(slot, 3 * HOUR)), probe.name)).toEqual([]);
    expect(await scheduled(probe.name)).toHaveLength(2); // at the slot and an hour later
    // a schedule whose expiry is before its first slot never fires: it expires just before the
    // next top of the hour (within two seconds of one, the test first lets that hour begin)
    const nextHour = () => Math.floor(Date.now() / HOUR) * HOUR + HOUR;
    while (nextHour() - Date.now() < 2000) await new Promise((r) => setTimeout(r, 50));
    const soon = new Date(nextHour() - 1).toISOString();
    await upsertView(t, alice.key, { name: 'result_expiring', query_id: q, expires_at: soon });
    expect((await view(probe.name)).schedule.next_execution_time).toBeNull();
    // removing the schedule
    await upsertView(t, alice.key, { name: 'result_expiring', query_id: q, cron_expression: null });
    expect(await view(probe.name)).not.toHaveProperty('schedule');
  });

  it('skips a slot while the view still refreshes, and consumes it', async () => {
    const q = await createQuery(t, alice.key, SLOW_SQL);
    const r = await t.call('POST', MV, {
      key: alice.key,
      body: { name: 'result_slow', query_id: q, cron_expression: '0 */2 * * *' },
    });
    expect(r.status).toBe(200);
    const name = r.json.name as string;
    const slot = (await view(name)).schedule.next_execution_time as string;
    const fired = await scheduler.tick(at(slot));
    expect(startedFor(fired, name)).toEqual([]);
    expect(fired.skipped).toEqual([name]);
    expect((await view(name)).schedule.next_execution_time).toBe(at(slot, 2 * HOUR).toISOString());
    await t.deps.executions.cancel(r.json.execution_id);
    await waitFinished(t, alice.key, r.json.execution_id);
  });

  it('a slot whose refresh cannot start is consumed and reported', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS x');
    const { name } = await upsertView(t, alice.key, {
      name: 'result_archived_src',
      query_id: q,
      cron_expression: '0 0 * * *',
    });
    const slot = (await view(name)).schedule.next_execution_time as string;
    await t.call('POST', `/api/v1/query/${q}/archive`, { key: alice.key });
    const fired = await scheduler.tick(at(slot));
    expect(fired.failed).toEqual([{ view: name, error: expect.stringMatching(/archived/) }]);
    expect((await view(name)).schedule.next_execution_time).toBe(at(slot, 24 * HOUR).toISOString());
  });

  it('the minimum interval is configurable', async () => {
    const s = await createTestServer({ matviewMinIntervalMinutes: 60 });
    try {
      const u = await s.createUser('strict');
      const q = await createQuery(s, u.key, 'SELECT 1 AS x');
      const post = (cron: string) =>
        s.call('POST', MV, {
          key: u.key,
          body: { name: 'result_s', query_id: q, cron_expression: cron },
        });
      const r = await post('*/30 * * * *');
      expect(r.status).toBe(400);
      expect(r.json.error).toMatch(/30 minutes apart; the shortest interval allowed is 1 hour/);
      expect((await post('0 * * * *')).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('runs on its own timer when SCHEDULER_TICK_SECONDS is set', async () => {
    const s = await createTestServer({ schedulerTickMs: 50 });
    try {
      const u = await s.createUser('timed');
      const q = await createQuery(s, u.key, 'SELECT 1 AS x');
      const { name } = await upsertView(s, u.key, {
        name: 'result_timed',
        query_id: q,
        cron_expression: '0 0 * * *',
      });
      const past = new Date(Date.now() - 60_000).toISOString();
      await s.deps.store.db.updateTable('matviews').set({ next_execution_time: past }).execute();
      const deadline = Date.now() + 10_000;
      let triggers: string[] = [];
      while (Date.now() < deadline && !triggers.includes('schedule')) {
        await new Promise((r) => setTimeout(r, 50));
        const h = await s.call('GET', `${MV}/${name}/refreshes`, { key: u.key });
        triggers = h.json.refreshes.map((r: { trigger: string }) => r.trigger);
      }
      expect(triggers).toEqual(['schedule', 'upsert']);
    } finally {
      await s.close();
    }
  });
});

describe('restarts', () => {
  it('never run a slot twice: tick at T, restart over the same data, tick at T again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-mv-restart-'));
    try {
      const config = testConfig(dir);
      let deps = await buildDeps(config);
      const user = await deps.accounts.createUser('restarter', null);
      const who = { contextId: user.id, userId: user.id, apiKeyId: null };
      const query = await deps.queries.create(who, { name: 'q', query_sql: 'SELECT 1 AS x' });
      const up = await deps.matviews.upsert(who, {
        name: 'result_restart',
        query_id: query.id,
        cron_expression: '0 * * * *',
      });
      await deps.executions.settled(up.executionId);
      const slot = new Date(up.view.nextExecutionTime!);
      const first = await new MatviewScheduler(deps.matviews).tick(slot);
      expect(first.started).toHaveLength(1);
      await deps.executions.settled(first.started[0]!.executionId);
      await deps.close();

      deps = await buildDeps(config);
      expect((await new MatviewScheduler(deps.matviews).tick(slot)).started).toEqual([]);
      const { refreshes } = await deps.matviews.repo.refreshes(up.view.id, 100, 0);
      expect(refreshes.map((r) => [r.trigger, r.state])).toEqual([
        ['schedule', 'QUERY_STATE_COMPLETED'],
        ['upsert', 'QUERY_STATE_COMPLETED'],
      ]);
      // and the next slot is still there for the new process
      expect((await deps.matviews.repo.byId(up.view.id))!.nextExecutionTime).toBe(
        new Date(slot.getTime() + HOUR).toISOString(),
      );
      await deps.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
