import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { createTestServer, testStore } from '../test/harness.js';
import { QS, addSchedule, createParamQuery } from '../test/schedules-helpers.js';
import { buildDeps } from '../wire.js';
import { RefreshScheduler } from './scheduler.js';

const HOUR = 3_600_000;

describe('restarts', () => {
  it('never run a slot twice: tick at T, restart over the same data, tick at T again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-sched-restart-'));
    const metadata = await testStore();
    try {
      const config = testConfig(dir, { databaseUrl: metadata.databaseUrl });
      let deps = await buildDeps(config);
      const user = await deps.accounts.createUser('restarter', null);
      const who = { contextId: user.id, userId: user.id, apiKeyId: null };
      const query = await deps.queries.create(who, {
        name: 'q',
        query_sql: 'SELECT {{n}} AS v',
        parameters: [{ key: 'n', type: 'number', value: '1' }],
      });
      const target = { kind: 'query' as const, id: query.id };
      const s = await deps.schedules.create(who, target, {
        cron_expression: '0 * * * *',
        parameters: { n: 3 },
      });
      const slot = new Date(s.nextRunAt!);
      const first = await new RefreshScheduler(deps.schedules).tick(slot);
      expect(first.started).toHaveLength(1);
      const [id] = first.started[0]!.executionIds;
      await deps.executions.settled(id!);
      await deps.close();

      deps = await buildDeps(config);
      expect((await new RefreshScheduler(deps.schedules).tick(slot)).started).toEqual([]);
      const kept = (await deps.schedules.repo.byId(s.id))!;
      expect(kept).toMatchObject({
        nextRunAt: new Date(slot.getTime() + HOUR).toISOString(),
        lastRunAt: slot.toISOString(),
        lastExecutionIds: [id],
      });
      expect((await deps.executions.get(id!))!.state).toBe('QUERY_STATE_COMPLETED');
      // the next slot fires once in the new process
      const next = await new RefreshScheduler(deps.schedules).tick(new Date(kept.nextRunAt!));
      expect(next.started).toHaveLength(1);
      await deps.executions.settled(next.started[0]!.executionIds[0]!);
      await deps.close();
    } finally {
      await metadata.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the timer', () => {
  it('runs on its own when SCHEDULER_TICK_SECONDS is set', async () => {
    const t = await createTestServer({ schedulerTickMs: 50 });
    try {
      const u = await t.createUser('timed');
      const q = await createParamQuery(t, u.key);
      const s = await addSchedule(t, u.key, QS(q), { cron_expression: '0 0 * * *' });
      const past = new Date(Date.now() - 60_000).toISOString();
      await t.deps.store.db.updateTable('query_schedules').set({ next_run_at: past }).execute();
      const deadline = Date.now() + 20_000;
      let shown = s;
      while (Date.now() < deadline && shown.last_state !== 'ok') {
        await new Promise((r) => setTimeout(r, 50));
        shown = (await t.call('GET', `${QS(q)}/${s.schedule_id}`, { key: u.key })).json;
      }
      expect(shown).toMatchObject({ last_state: 'ok', next_run_at: s.next_run_at });
      expect(Date.parse(shown.last_run_at)).toBeGreaterThan(Date.parse(past));
    } finally {
      await t.close();
    }
  });
});
