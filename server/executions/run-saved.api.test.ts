import { afterAll, describe, expect, it } from 'vitest';
import { overLimit } from '../errors.js';
import { REFUSAL_MESSAGES } from '../queries/runnable.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { MV, createQuery, upsertView } from '../test/matviews-helpers.js';
import { qnode } from '../pipelines/pipelines-test-helpers.js';
import {
  DS,
  QS,
  addSchedule,
  createDashboard,
  createVisualization,
} from '../test/schedules-helpers.js';

/**
 * Every feature that runs a saved query on someone's behalf goes through executions.runSaved, so
 * a run that cannot happen is told the same thing wherever it was asked for: execute, an alert's
 * evaluation, a schedule's slot, a pipeline, a view's refresh. A schedule names the query and a
 * pipeline the node in front of the message; the message itself is one per refusal.
 */

const servers: TestServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

async function server(overrides: Parameters<typeof createTestServer>[0] = {}) {
  const s = await createTestServer(overrides);
  servers.push(s);
  return s;
}

/** What each entry point says when it runs query `q` as `u` (the schedule and alert are u's). */
async function seenFrom(
  t: TestServer,
  u: TestUser,
  q: number,
  opts: { alert: number; schedule: number; view?: string },
) {
  const execute = await t.call('POST', `/api/v1/query/${q}/execute`, { key: u.key });
  const alert = (await t.deps.alerts.repo.byId(opts.alert))!;
  const evaluation = await t.deps.alerts.runner.start(alert, 'schedule');
  await t.deps.alerts.runner.settled(evaluation.evaluationId);
  const history = await t.call('GET', `/api/v1/alerts/${opts.alert}/history`, { key: u.key });
  const slot = await t.deps.schedules.runner.fire(opts.schedule, new Date());
  const pipeline = await t.call('POST', '/api/v1/pipelines/execute', {
    key: u.key,
    body: { pipeline: { nodes: [qnode(1, q)] } },
  });
  const view =
    opts.view && (await t.call('POST', `${MV}/${opts.view}/refresh`, { key: u.key })).json.error;
  return {
    execute: execute.json.error as string,
    alert: history.json.evaluations[0].error as string,
    schedule: slot.error,
    pipeline: pipeline.json.error as string,
    ...(view ? { view } : {}),
  };
}

const alertOn = async (t: TestServer, u: TestUser, q: number) => {
  const r = await t.call('POST', '/api/v1/alerts', {
    key: u.key,
    body: {
      name: 'a',
      query_id: q,
      condition: { column: 'v', op: '>', value: 0 },
      cron_expression: '0 * * * *',
    },
  });
  expect(r.status, r.text).toBe(200);
  return r.json.id as number;
};

describe('a saved query that cannot run is refused with one message from every entry point', () => {
  it('an archived query', async () => {
    const t = await server();
    const alice = await t.createUser('alice');
    const q = await createQuery(t, alice.key, 'SELECT 1 AS v');
    const alert = await alertOn(t, alice, q);
    const schedule = (await addSchedule(t, alice.key, QS(q), { cron_expression: '0 0 * * *' }))
      .schedule_id as number;
    const { name } = await upsertView(t, alice.key, { name: 'result_refused', query_id: q });
    await t.call('POST', `/api/v1/query/${q}/archive`, { key: alice.key });
    const m = REFUSAL_MESSAGES.archived;
    expect(await seenFrom(t, alice, q, { alert, schedule, view: name })).toEqual({
      execute: m,
      alert: m,
      schedule: `Query ${q} could not run: ${m}`,
      pipeline: `node 1 (query ${q}): ${m}`,
      view: m,
    });
  });

  it('another context’s query made private (a view only ever runs its owner’s query)', async () => {
    const t = await server();
    const alice = await t.createUser('alice');
    const bob = await t.createUser('bob');
    const q = await createQuery(t, bob.key, 'SELECT 1 AS v');
    const alert = await alertOn(t, alice, q);
    const board = await createDashboard(t, alice.key, [await createVisualization(t, bob.key, q)]);
    const schedule = (await addSchedule(t, alice.key, DS(board), { cron_expression: '0 0 * * *' }))
      .schedule_id as number;
    await t.call('POST', `/api/v1/query/${q}/private`, { key: bob.key });
    const m = REFUSAL_MESSAGES.not_found;
    expect(await seenFrom(t, alice, q, { alert, schedule })).toEqual({
      execute: m,
      alert: m,
      schedule: `Query ${q} could not run: ${m}`,
      pipeline: `node 1 (query ${q}): ${m}`,
    });
  });

  it('a context over its credit limit', async () => {
    // Any run costs more than this: the view's first refresh spends the limit.
    const t = await server({
      plan: { creditsIncluded: 0, creditsLimit: 0.001, storageBytes: 1e9 },
    });
    const alice = await t.createUser('alice');
    const q = await createQuery(t, alice.key, 'SELECT 1 AS v');
    const alert = await alertOn(t, alice, q);
    const schedule = (await addSchedule(t, alice.key, QS(q), { cron_expression: '0 0 * * *' }))
      .schedule_id as number;
    const { name } = await upsertView(t, alice.key, { name: 'result_spent', query_id: q });
    const m = overLimit().message;
    expect(await seenFrom(t, alice, q, { alert, schedule, view: name })).toEqual({
      execute: m,
      alert: m,
      schedule: `Query ${q} could not run: ${m}`,
      pipeline: m,
      view: m,
    });
  });
});

describe('the latest run of a saved query', () => {
  it('is null when there is none (findLatest), not_found for latestOf', async () => {
    const t = await server();
    const alice = await t.createUser('alice');
    const bob = await t.createUser('bob');
    const id = await createQuery(t, alice.key, 'SELECT {{n}} AS v', {
      parameters: [{ key: 'n', type: 'number', value: '1' }],
    });
    const q = (await t.deps.queries.get(id))!;
    const { executions } = t.deps;
    expect(await executions.latest.findLatest(q, alice.account.id)).toBeNull();
    const reader = { contextId: alice.account.id, userId: alice.account.id, apiKeyId: null };
    await expect(
      executions.latest.latestOf(q, { ...reader, source: 'api' }, {}),
    ).rejects.toMatchObject({
      kind: 'not_found',
    });
    const by = (u: TestUser) => ({ contextId: u.account.id, userId: u.account.id, apiKeyId: null });
    const bobs = await executions.runSaved(by(bob), 'api', id, { values: {}, tier: 'small' });
    await executions.settled(bobs.id);
    // another context's run may have read its private tables: it is not alice's latest
    expect(await executions.latest.findLatest(q, alice.account.id)).toBeNull();
    expect((await executions.latest.findLatest(q, bob.account.id))?.id).toBe(bobs.id);
    const own = await executions.runSaved(by(alice), 'api', id, { values: {}, tier: 'small' });
    await executions.settled(own.id);
    expect((await executions.latest.findLatest(q, null))?.id).toBe(own.id);
    expect((await executions.latest.findLatest(q, alice.account.id, { n: '1' }))?.id).toBe(own.id);
    expect(await executions.latest.findLatest(q, alice.account.id, { n: '2' })).toBeNull();
  });
});
