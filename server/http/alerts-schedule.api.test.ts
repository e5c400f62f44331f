import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertCreateInput } from '../../contract/alerts.js';
import { AlertScheduler, type AlertTickOutcome } from '../alerts/alert-scheduler.js';
import { testConfig } from '../config.js';
import { createTestServer, testStore, type TestServer, type TestUser } from '../test/harness.js';
import {
  ALERTS,
  alertConfig,
  createAlert,
  history,
  webhookReceiver,
} from '../test/alerts-helpers.js';
import { SLOW_SQL } from '../test/executions-helpers.js';
import { createQuery } from '../test/matviews-helpers.js';
import { buildDeps } from '../wire.js';

/** Scheduled evaluations, driven with an explicit clock (SCHEDULER_TICK_SECONDS is 0 in tests). */

let t: TestServer;
let alice: TestUser;
let scheduler: AlertScheduler;
beforeAll(async () => {
  t = await createTestServer(alertConfig());
  alice = await t.createUser('alice');
  scheduler = new AlertScheduler(t.deps.alerts);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const at = (iso: string, plusMs = 0) => new Date(Date.parse(iso) + plusMs);
const firedFor = (o: AlertTickOutcome, id: number) => o.fired.filter((f) => f.alertId === id);
const settle = async (o: { fired: { evaluationId: number }[] }) => {
  for (const f of o.fired) await t.deps.alerts.runner.settled(f.evaluationId);
};
const alertBody = (query_id: number, extra: Record<string, unknown> = {}) => ({
  name: 'hourly',
  query_id,
  condition: { column: 'v', op: '>=', value: 3 },
  cron_expression: '0 * * * *',
  ...extra,
});

describe('the scheduler', () => {
  it('fires a due slot once, as the owner with the tier and parameter values, then moves on', async () => {
    const hook = await webhookReceiver();
    try {
      const q = await createQuery(t, alice.key, 'SELECT {{n}} AS v', {
        parameters: [{ key: 'n', type: 'number', value: '1' }],
      });
      const a = await createAlert(
        t,
        alice.key,
        alertBody(q, {
          query_parameters: { n: 3 },
          performance: 'large',
          destinations: [{ type: 'webhook', url: hook.url }],
        }),
      );
      const slot = a.next_evaluation_time!;
      expect(firedFor(await scheduler.tick(at(slot, -1000)), a.id)).toEqual([]);
      const fired = await scheduler.tick(at(slot));
      expect(firedFor(fired, a.id)).toEqual([
        { alertId: a.id, evaluationId: expect.any(Number), executionId: expect.any(String) },
      ]);
      await settle(fired);
      const e = (await t.deps.executions.get(firedFor(fired, a.id)[0]!.executionId!))!;
      expect(e).toMatchObject({
        state: 'QUERY_STATE_COMPLETED',
        source: 'schedule',
        performance: 'large',
        context_id: alice.account.id,
        parameters: { n: '3' },
        user_id: null,
      });
      expect(e.cost_credits).toBeGreaterThan(0); // charged to the owner context
      const [ev] = await history(t, alice.key, a.id);
      expect(ev).toMatchObject({
        trigger: 'schedule',
        state: 'triggered',
        value: 3,
        notified: true,
      });
      expect(hook.hits).toHaveLength(1);
      const got = (await t.call('GET', `${ALERTS}/${a.id}`, { key: alice.key })).json;
      expect(got.next_evaluation_time).toBe(at(slot, HOUR).toISOString());
      // the same slot never fires again, nor a tick before the next slot
      expect(firedFor(await scheduler.tick(at(slot)), a.id)).toEqual([]);
      expect(firedFor(await scheduler.tick(at(slot, HOUR - 1)), a.id)).toEqual([]);
      const next = await scheduler.tick(at(slot, HOUR));
      expect(firedFor(next, a.id)).toHaveLength(1);
      await settle(next);
      expect(await history(t, alice.key, a.id)).toHaveLength(2);
      expect(hook.hits).toHaveLength(1); // still triggered: no second message
    } finally {
      await hook.close();
    }
  });

  it('two schedulers (two nodes) ticking at the same slot fire it once', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS v');
    const a = await createAlert(t, alice.key, alertBody(q));
    const other = new AlertScheduler(t.deps.alerts);
    const slot = at(a.next_evaluation_time!);
    const both = await Promise.all([scheduler.tick(slot), other.tick(slot), scheduler.tick(slot)]);
    expect(both.flatMap((o) => firedFor(o, a.id))).toHaveLength(1);
    for (const o of both) await settle(o);
    expect(await history(t, alice.key, a.id)).toHaveLength(1);
  });

  it('catches up missed slots with one evaluation; a paused alert never fires', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS v');
    const a = await createAlert(t, alice.key, alertBody(q, { cron_expression: '15 * * * *' }));
    const late = at(a.next_evaluation_time!, 5 * HOUR + 60_000);
    const fired = await scheduler.tick(late);
    expect(firedFor(fired, a.id)).toHaveLength(1);
    await settle(fired);
    expect(firedFor(await scheduler.tick(late), a.id)).toEqual([]);
    const got = (await t.call('GET', `${ALERTS}/${a.id}`, { key: alice.key })).json;
    expect(got.next_evaluation_time).toBe(at(a.next_evaluation_time!, 6 * HOUR).toISOString());
    const p = await createAlert(t, alice.key, alertBody(q, { is_paused: true }));
    expect(p.next_evaluation_time).toBeNull();
    expect(firedFor(await scheduler.tick(at(late.toISOString(), 100 * HOUR)), p.id)).toEqual([]);
  });

  it('a schedule whose query became unrunnable fails visibly each slot, without a run', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS v');
    const a = await createAlert(t, alice.key, alertBody(q));
    await t.call('POST', `/api/v1/query/${q}/archive`, { key: alice.key });
    const slot = a.next_evaluation_time!;
    for (const s of [at(slot), at(slot, HOUR)]) await settle(await scheduler.tick(s));
    const h = await history(t, alice.key, a.id);
    expect(h.map((e) => [e.trigger, e.state, e.execution_id])).toEqual([
      ['schedule', 'failed', null],
      ['schedule', 'failed', null],
    ]);
    expect(h[0]!.error).toMatch(/archived/);
    // still scheduled: it recovers by itself once the query is back
    const got = (await t.call('GET', `${ALERTS}/${a.id}`, { key: alice.key })).json;
    expect(got).toMatchObject({ state: 'failed', is_paused: false });
    expect(got.next_evaluation_time).toBe(at(slot, 2 * HOUR).toISOString());
  });

  it('over the credit limit: a manual run is 402, a scheduled one a recorded failure', async () => {
    const s = await createTestServer({
      ...alertConfig(),
      plan: { ...t.config.plan, creditsLimit: 0 },
    });
    try {
      const u = await s.createUser('broke');
      const q = await createQuery(s, u.key, 'SELECT 1 AS v');
      const a = await createAlert(s, u.key, alertBody(q));
      const run = await s.call('POST', `${ALERTS}/${a.id}/run`, { key: u.key });
      expect(run.status).toBe(402);
      const fired = await new AlertScheduler(s.deps.alerts).tick(at(a.next_evaluation_time!));
      for (const f of fired.fired) await s.deps.alerts.runner.settled(f.evaluationId);
      const [ev] = await history(s, u.key, a.id);
      expect(ev).toMatchObject({ state: 'failed', execution_id: null });
      expect(ev!.error).toMatch(/exceed your configured limits/);
    } finally {
      await s.close();
    }
  });

  it('the minimum interval is configurable', async () => {
    const s = await createTestServer({
      ...alertConfig(),
      alerts: { ...t.config.alerts, minIntervalMinutes: 60 },
    });
    try {
      const u = await s.createUser('strict');
      const q = await createQuery(s, u.key, 'SELECT 1 AS v');
      const post = (cron: string) =>
        s.call('POST', ALERTS, { key: u.key, body: alertBody(q, { cron_expression: cron }) });
      const r = await post('*/30 * * * *');
      expect(r.status).toBe(400);
      expect(r.json.error).toMatch(/30 minutes apart; the shortest interval allowed is 1 hour/);
      expect((await post('0 * * * *')).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('restarts', () => {
  const input = (query_id: number, sql?: string): AlertCreateInput => ({
    name: sql ?? 'restart',
    query_id,
    condition: { op: 'any_rows' },
    cron_expression: '0 * * * *',
    destinations: [],
  });

  it('never fire a slot twice, and finish an evaluation a stop interrupted', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-alert-restart-'));
    const metadata = await testStore();
    try {
      const config = testConfig(dir, { ...alertConfig(), databaseUrl: metadata.databaseUrl });
      let deps = await buildDeps(config);
      const user = await deps.accounts.createUser('restarter', null);
      const who = { contextId: user.id, userId: user.id, apiKeyId: null };
      const quick = await deps.queries.create(who, { name: 'q', query_sql: 'SELECT 1 AS x' });
      const slow = await deps.queries.create(who, { name: 's', query_sql: SLOW_SQL });
      const a = (await deps.alerts.create(who, input(quick.id))).alert;
      const b = (await deps.alerts.create(who, input(slow.id, 'slow'))).alert;
      const slot = new Date(a.nextEvaluationTime!);
      const first = await new AlertScheduler(deps.alerts).tick(slot);
      expect(first.fired.map((f) => f.alertId).sort()).toEqual([a.id, b.id].sort());
      const quickRun = first.fired.find((f) => f.alertId === a.id)!;
      await deps.alerts.runner.settled(quickRun.evaluationId);
      await deps.close(); // the slow run is interrupted; its evaluation stays running

      deps = await buildDeps(config);
      const again = await new AlertScheduler(deps.alerts).tick(slot);
      expect(again.fired).toEqual([]);
      // the tick also finished the interrupted evaluation
      const slowRun = first.fired.find((f) => f.alertId === b.id)!;
      await deps.alerts.runner.settled(slowRun.evaluationId);
      const hist = async (id: number) =>
        (await deps.alerts.runner.history.history(id, 100, 0)).evaluations;
      expect((await hist(a.id)).map((e) => [e.trigger, e.state])).toEqual([
        ['schedule', 'triggered'],
      ]);
      const [interrupted] = await hist(b.id);
      expect(interrupted).toMatchObject({ state: 'failed' });
      expect(interrupted!.error).toMatch(/cancelled|stopped/);
      expect((await deps.alerts.repo.byId(a.id))!.nextEvaluationTime).toBe(
        new Date(slot.getTime() + HOUR).toISOString(),
      );
      await deps.close();
    } finally {
      await metadata.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
