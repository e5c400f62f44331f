import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_SQL, waitFinished } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';

/**
 * Fair engine slots with real DuckDB runs: two contexts that fill the queue with long queries
 * cannot keep a third context's small query waiting (README "Fair engine slots").
 */
let t: TestServer;
let a: TestUser;
let b: TestUser;
let c: TestUser;

beforeAll(async () => {
  t = await createTestServer({ engineSlots: 4, maxConcurrentExecutions: 3 });
  a = await t.createUser('busy_a');
  b = await t.createUser('busy_b');
  c = await t.createUser('newcomer');
});
afterAll(() => t.close());

const submit = async (key: string, sql: string) => {
  const r = await t.call('POST', '/api/v1/sql/execute', {
    key,
    body: { sql, performance: 'large' },
  });
  expect(r.status).toBe(200);
  return r.json.execution_id as string;
};
const state = async (key: string, id: string) =>
  (await t.call('GET', `/api/v1/execution/${id}/status`, { key })).json.state as string;

describe('fair engine slots', () => {
  it("starts a third context's query while two others keep large ones running", async () => {
    const busy: [TestUser, string][] = [];
    for (let i = 0; i < 3; i++) {
      busy.push([a, await submit(a.key, SLOW_SQL)]);
      busy.push([b, await submit(b.key, SLOW_SQL)]);
    }
    // Wait for the states the rules give: A runs two, B one, the rest wait, one slot is free.
    const executing = async () => {
      const states = await Promise.all(busy.map(([u, id]) => state(u.key, id)));
      return states.filter((s) => s === 'QUERY_STATE_EXECUTING').length;
    };
    while ((await executing()) < 3) await new Promise((r) => setTimeout(r, 10));
    const status = await t.call('GET', `/api/v1/execution/${busy[0]![1]}/status`, { key: a.key });
    expect(status.json.max_inflight_interactive_executions).toBe(2);

    const started = Date.now();
    const id = await submit(c.key, 'SELECT 1 AS one');
    const done = await waitFinished(t, c.key, id);
    const latencyMs = Date.now() - started;
    expect(done.state).toBe('QUERY_STATE_COMPLETED');
    // The large runs are all still there: C did not wait for one of them to end.
    expect(await executing()).toBe(3);
    console.log(`fair slots: a third context's SELECT 1 completed in ${latencyMs} ms`);

    for (const [u, eid] of busy)
      await t.call('POST', `/api/v1/execution/${eid}/cancel`, { key: u.key });
    for (const [u, eid] of busy)
      expect((await waitFinished(t, u.key, eid)).state).toBe('QUERY_STATE_CANCELLED');
  });
});
