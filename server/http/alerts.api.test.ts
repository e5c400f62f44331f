import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Alert, AlertHistoryResponse, AlertsListResponse } from '../../contract/alerts.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import {
  ALERTS,
  alertConfig,
  createAlert,
  history,
  runAlert,
  smtpServer,
} from '../test/alerts-helpers.js';
import { createQuery } from '../test/matviews-helpers.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let smtp: Awaited<ReturnType<typeof smtpServer>>;
let q: number;
beforeAll(async () => {
  smtp = await smtpServer();
  t = await createTestServer(alertConfig({ smtpPort: smtp.port }));
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
  q = await createQuery(t, alice.key, 'SELECT 42 AS v');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const base = () => ({
  name: 'Volume over 10',
  query_id: q,
  condition: { column: 'v', op: '>', value: 10 },
  cron_expression: '*/15 * * * *',
});

describe('POST /alerts', () => {
  it('creates an alert with defaults, a first slot and state unknown', async () => {
    const r = await t.callOk(Alert, 'POST', ALERTS, {
      key: alice.key,
      body: {
        ...base(),
        destinations: [
          { type: 'webhook', url: 'http://127.0.0.1:9/hook' },
          { type: 'email', to: 'ops@example.com' },
        ],
      },
    });
    expect(r.json).toMatchObject({
      name: 'Volume over 10',
      query_id: q,
      query_name: 'source',
      condition: { column: 'v', op: '>', value: 10 },
      cron_expression: '*/15 * * * *',
      query_parameters: {},
      performance: 'medium',
      notify: 'on_change',
      is_paused: false,
      state: 'unknown',
      last_evaluated_at: null,
      last_value: null,
      last_error: null,
    });
    const slot = Date.parse(r.json.next_evaluation_time!);
    expect(slot).toBeGreaterThan(Date.now());
    expect(slot % (15 * 60_000)).toBe(0);
    expect(r.json.destinations).toHaveLength(2);
  });

  it('takes another context’s public query, not its private one (404), nor an archived one (403)', async () => {
    const pub = await createQuery(t, bob.key, 'SELECT 1 AS v');
    const priv = await createQuery(t, bob.key, 'SELECT 1 AS v', { is_private: true });
    const post = (query_id: number) =>
      t.call('POST', ALERTS, { key: alice.key, body: { ...base(), query_id } });
    expect((await post(pub)).status).toBe(200);
    const hidden = await post(priv);
    expect(hidden.status).toBe(404);
    expect(hidden.json.error).toBe('Query not found or private');
    expect((await post(999_999)).status).toBe(404);
    const old = await createQuery(t, alice.key, 'SELECT 1 AS v');
    await t.call('POST', `/api/v1/query/${old}/archive`, { key: alice.key });
    const archived = await post(old);
    expect(archived.status).toBe(403);
    expect(archived.json.error).toMatch(/archived/);
  });

  it('needs a key (401) of scope read_write (403)', async () => {
    expect((await t.call('POST', ALERTS, { body: base() })).status).toBe(401);
    const r = await t.call('POST', ALERTS, { key: alice.readKey, body: base() });
    expect(r.status).toBe(403);
    expect((await t.call('POST', ALERTS, { key: 'nope', body: base() })).status).toBe(401);
  });
});

describe('GET /alerts and /alerts/{id}', () => {
  it('lists the context’s own alerts only, pages them and filters by query', async () => {
    const other = await createQuery(t, bob.key, 'SELECT 7 AS v');
    const mine = await createAlert(t, bob.key, { ...base(), query_id: other, name: 'b1' });
    await createAlert(t, bob.key, { ...base(), query_id: other, name: 'b2' });
    await createAlert(t, bob.key, { ...base(), name: 'b3' }); // alice's public query
    const all = await t.callOk(AlertsListResponse, 'GET', ALERTS, { key: bob.readKey });
    expect(all.json.alerts.map((a) => a.name)).toEqual(['b1', 'b2', 'b3']);
    const first = await t.callOk(AlertsListResponse, 'GET', `${ALERTS}?limit=2`, { key: bob.key });
    expect(first.json.alerts.map((a) => a.name)).toEqual(['b1', 'b2']);
    expect(first.json.next_offset).toBe(2);
    const rest = await t.call('GET', `${ALERTS}?limit=2&offset=2`, { key: bob.key });
    expect(rest.json).toEqual({ alerts: [expect.objectContaining({ name: 'b3' })] });
    const byQuery = await t.call('GET', `${ALERTS}?query_id=${other}`, { key: bob.key });
    expect(byQuery.json.alerts.map((a: { name: string }) => a.name)).toEqual(['b1', 'b2']);
    const aliceList = await t.call('GET', ALERTS, { key: alice.key });
    expect(aliceList.json.alerts.some((a: { name: string }) => a.name.startsWith('b'))).toBe(false);
    // one alert: its owner reads it with a read key; another context gets 404
    const one = await t.callOk(Alert, 'GET', `${ALERTS}/${mine.id}`, { key: bob.readKey });
    expect(one.json.name).toBe('b1');
    const theirs = await t.call('GET', `${ALERTS}/${mine.id}`, { key: alice.key });
    expect(theirs.status).toBe(404);
    expect(theirs.json.error).toBe('Alert not found');
  });

  it('404 for an unknown id, 400 for one that is not a number, 401 without a key', async () => {
    expect((await t.call('GET', `${ALERTS}/987654`, { key: alice.key })).status).toBe(404);
    expect((await t.call('GET', `${ALERTS}/abc`, { key: alice.key })).status).toBe(400);
    expect((await t.call('GET', `${ALERTS}/1e3`, { key: alice.key })).status).toBe(400);
    expect((await t.call('GET', ALERTS)).status).toBe(401);
    expect((await t.call('GET', `${ALERTS}?limit=0`, { key: alice.key })).status).toBe(400);
    expect((await t.call('GET', `${ALERTS}?offset=-1`, { key: alice.key })).status).toBe(400);
  });
});

describe('PATCH /alerts/{id}', () => {
  it('changes the fields given, keeps the slot unless the schedule changes, pauses and resumes', async () => {
    const a = await createAlert(t, alice.key, base());
    const patch = (body: unknown, key = alice.key) =>
      t.call('PATCH', `${ALERTS}/${a.id}`, { key, body });
    const renamed = await patch({ name: 'Renamed', notify: 'every_run' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json).toMatchObject({
      name: 'Renamed',
      notify: 'every_run',
      cron_expression: '*/15 * * * *',
      next_evaluation_time: a.next_evaluation_time,
    });
    const hourly = await patch({ cron_expression: '0 * * * *' });
    expect(Date.parse(hourly.json.next_evaluation_time) % 3_600_000).toBe(0);
    const paused = await patch({ is_paused: true });
    expect(paused.json).toMatchObject({ is_paused: true, next_evaluation_time: null });
    const resumed = await patch({ is_paused: false });
    expect(Date.parse(resumed.json.next_evaluation_time)).toBeGreaterThan(Date.now());
    // a bad change is 400 and changes nothing
    const bad = await patch({ cron_expression: '* * * * *', name: 'never stored' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/the shortest interval allowed is 5 minutes/);
    expect((await t.call('GET', `${ALERTS}/${a.id}`, { key: alice.key })).json.name).toBe(
      'Renamed',
    );
  });

  it('is the owner context’s alone: 404 for another context, 403 for a read key', async () => {
    const a = await createAlert(t, alice.key, base());
    const other = await t.call('PATCH', `${ALERTS}/${a.id}`, {
      key: bob.key,
      body: { name: 'x' },
    });
    expect(other.status).toBe(404);
    const read = await t.call('PATCH', `${ALERTS}/${a.id}`, {
      key: alice.readKey,
      body: { name: 'x' },
    });
    expect(read.status).toBe(403);
    expect((await t.call('PATCH', `${ALERTS}/4444444`, { key: alice.key, body: {} })).status).toBe(
      404,
    );
    // moving it to another context's private query: 404 as at creation
    const priv = await createQuery(t, bob.key, 'SELECT 1 AS v', { is_private: true });
    const moved = await t.call('PATCH', `${ALERTS}/${a.id}`, {
      key: alice.key,
      body: { query_id: priv },
    });
    expect(moved.status).toBe(404);
  });
  it('an alert whose query was archived can still be paused or renamed, not re-pointed at it', async () => {
    const old = await createQuery(t, alice.key, 'SELECT 1 AS v');
    const a = await createAlert(t, alice.key, { ...base(), query_id: old });
    await t.call('POST', `/api/v1/query/${old}/archive`, { key: alice.key });
    const patch = (body: unknown) => t.call('PATCH', `${ALERTS}/${a.id}`, { key: alice.key, body });
    const paused = await patch({ is_paused: true, name: 'parked' });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.json).toMatchObject({ is_paused: true, name: 'parked' });
    const cond = await patch({ condition: { op: 'no_rows' } });
    expect(cond.status).toBe(403);
    expect(cond.json.error).toMatch(/archived/);
  });
});

describe('DELETE /alerts/{id}', () => {
  it('deletes the alert and its history; another context gets 404, a read key 403', async () => {
    const a = await createAlert(t, alice.key, base());
    await runAlert(t, alice.key, a.id);
    expect((await t.call('DELETE', `${ALERTS}/${a.id}`, { key: bob.key })).status).toBe(404);
    expect((await t.call('DELETE', `${ALERTS}/${a.id}`, { key: alice.readKey })).status).toBe(403);
    const r = await t.call('DELETE', `${ALERTS}/${a.id}`, { key: alice.key });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ message: `Alert ${a.id} deleted` });
    expect((await t.call('GET', `${ALERTS}/${a.id}`, { key: alice.key })).status).toBe(404);
    expect((await t.call('GET', `${ALERTS}/${a.id}/history`, { key: alice.key })).status).toBe(404);
    expect((await t.call('DELETE', `${ALERTS}/${a.id}`, { key: alice.key })).status).toBe(404);
  });
});

describe('POST /alerts/{id}/run and GET /alerts/{id}/history', () => {
  it('evaluates now as the owner and records the evaluation', async () => {
    const a = await createAlert(t, alice.key, base());
    expect(await history(t, alice.key, a.id)).toEqual([]);
    const run = await runAlert(t, alice.key, a.id);
    expect(run).toMatchObject({ state: 'running', execution_id: expect.any(String) });
    const h = await t.callOk(AlertHistoryResponse, 'GET', `${ALERTS}/${a.id}/history`, {
      key: alice.readKey,
    });
    expect(h.json.evaluations).toEqual([
      expect.objectContaining({
        id: run.evaluation_id,
        trigger: 'manual',
        execution_id: run.execution_id,
        state: 'triggered',
        value: 42,
        error: null,
        notified: false, // no destinations
        deliveries: [],
      }),
    ]);
    const e = (await t.deps.executions.get(run.execution_id!))!;
    expect(e).toMatchObject({ context_id: alice.account.id, query_id: q, source: 'api' });
    const got = await t.call('GET', `${ALERTS}/${a.id}`, { key: alice.key });
    expect(got.json).toMatchObject({ state: 'triggered', last_value: 42, last_error: null });
    expect(got.json.state_changed_at).toBe(got.json.last_evaluated_at);
  });

  it('another context: 404; a read key: 403; no key: 401; unknown: 404', async () => {
    const a = await createAlert(t, alice.key, base());
    const run = (key?: string) => t.call('POST', `${ALERTS}/${a.id}/run`, { key });
    expect((await run(bob.key)).status).toBe(404);
    expect((await run(alice.readKey)).status).toBe(403);
    expect((await run()).status).toBe(401);
    expect((await t.call('POST', `${ALERTS}/765432/run`, { key: alice.key })).status).toBe(404);
    expect((await t.call('GET', `${ALERTS}/${a.id}/history`, { key: bob.key })).status).toBe(404);
    const h = await t.call('GET', `${ALERTS}/${a.id}/history?limit=x`, { key: alice.key });
    expect(h.status).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('lists every alert endpoint as a Strata extension', async () => {
    const doc = (await t.call('GET', '/api/v1/openapi.json')).json;
    const ops = [
      ['/api/v1/alerts', 'post'],
      ['/api/v1/alerts', 'get'],
      ['/api/v1/alerts/{alert_id}', 'get'],
      ['/api/v1/alerts/{alert_id}', 'patch'],
      ['/api/v1/alerts/{alert_id}', 'delete'],
      ['/api/v1/alerts/{alert_id}/history', 'get'],
      ['/api/v1/alerts/{alert_id}/run', 'post'],
    ] as const;
    for (const [path, method] of ops) {
      expect(doc.paths[path]?.[method]?.summary, `${method} ${path}`).toContain(
        '(Strata extension)',
      );
      expect(doc.paths[path][method].tags).toEqual(['alerts']);
    }
  });
});
