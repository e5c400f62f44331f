import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertHistoryResponse } from '../../contract/alerts.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { ALERTS, alertConfig, createAlert, runAlert } from '../test/alerts-helpers.js';
import { createQuery } from '../test/matviews-helpers.js';

let t: TestServer;
let alice: TestUser;
let q: number;
beforeAll(async () => {
  t = await createTestServer(alertConfig());
  alice = await t.createUser('alice');
  q = await createQuery(t, alice.key, 'SELECT 508 AS v');
});
afterAll(async () => {
  await t.close();
});

describe('an evaluation keeps the condition it checked', () => {
  it('so "ok 508" after "triggered 508" shows the condition that changed', async () => {
    const a = await createAlert(t, alice.key, {
      name: 'Volume',
      query_id: q,
      condition: { column: 'v', op: '>', value: 500 },
      cron_expression: '*/15 * * * *',
    });
    await runAlert(t, alice.key, a.id);
    const patched = await t.call('PATCH', `${ALERTS}/${a.id}`, {
      key: alice.key,
      body: { condition: { column: 'v', op: '>', value: 600 } },
    });
    expect(patched.status, patched.text).toBe(200);
    await runAlert(t, alice.key, a.id);

    const h = await t.callOk(AlertHistoryResponse, 'GET', `${ALERTS}/${a.id}/history`, {
      key: alice.key,
    });
    expect(
      h.json.evaluations.map((e) => ({ state: e.state, value: e.value, condition: e.condition })),
    ).toEqual([
      { state: 'ok', value: 508, condition: { column: 'v', op: '>', value: 600 } },
      { state: 'triggered', value: 508, condition: { column: 'v', op: '>', value: 500 } },
    ]);
  });
});
