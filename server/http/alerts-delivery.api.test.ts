import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_LIMITS } from '../../contract/alerts.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import {
  ALERTS,
  alertConfig,
  createAlert,
  history,
  refusingUrl,
  runAlert,
  smtpServer,
  webhookReceiver,
} from '../test/alerts-helpers.js';
import { createQuery } from '../test/matviews-helpers.js';

/** What alerts send, to a real SMTP server and a real webhook receiver in this process. */

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let smtp: Awaited<ReturnType<typeof smtpServer>>;
let hook: Awaited<ReturnType<typeof webhookReceiver>>;
beforeAll(async () => {
  smtp = await smtpServer();
  hook = await webhookReceiver();
  t = await createTestServer(
    alertConfig({ smtpPort: smtp.port, alerts: { deliveryTimeoutMs: 2000 } }),
  );
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await hook.close();
});

const webhook = (url: string) => ({ type: 'webhook', url });
const alert = (query_id: number, extra: Record<string, unknown> = {}) =>
  createAlert(t, alice.key, {
    name: 'Big volume',
    query_id,
    condition: { column: 'v', op: '>', value: 10 },
    cron_expression: '0 * * * *',
    ...extra,
  });

describe('messages', () => {
  it('a triggered alert posts its JSON to the webhook and emails, naming the query, the value and a link', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1234 AS v', { name: 'Daily volume' });
    const a = await alert(q, {
      destinations: [webhook(hook.url), { type: 'email', to: 'ops@example.com' }],
    });
    const before = hook.hits.length;
    const run = await runAlert(t, alice.key, a.id);
    const link = `https://strata.example.com/queries/${q}`;
    expect(hook.hits).toHaveLength(before + 1);
    const hit = hook.hits.at(-1)!;
    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.body).toEqual({
      text: expect.stringContaining('Alert "Big volume" is TRIGGERED (was unknown).'),
      alert: {
        id: a.id,
        name: 'Big volume',
        state: 'triggered',
        previous_state: 'unknown',
        condition: { column: 'v', op: '>', value: 10 },
        notify: 'on_change',
      },
      query: { id: q, name: 'Daily volume', url: link },
      context: 'alice',
      value: 1234,
      value_truncated: false,
      error: null,
      execution_id: run.execution_id,
      evaluated_at: expect.any(String),
    });
    expect(hit.body.text).toContain('v = 1234; condition: v > 10.');
    expect(hit.body.text).toContain(`Query: "Daily volume" (#${q}) ${link}`);
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.from).toBe('alerts@strata.example.com');
    expect(mail.to).toEqual(['ops@example.com']);
    expect(mail.subject).toBe('[Strata] Alert "Big volume" is TRIGGERED');
    expect(mail.text).toContain('Alert "Big volume" is TRIGGERED (was unknown).');
    expect(mail.text).toContain('v = 1234; condition: v > 10.');
    expect(mail.text).toContain(`Query: "Daily volume" (#${q}) ${link}`);
    const [ev] = await history(t, alice.key, a.id);
    expect(ev).toMatchObject({ state: 'triggered', notified: true });
    expect(ev!.deliveries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'webhook', destination: hook.url, ok: true, attempts: 1 }),
        expect.objectContaining({ kind: 'email', destination: 'ops@example.com', ok: true }),
      ]),
    );
  });

  it('notifies on a change of state once, not on every run, unless notify is every_run', async () => {
    const r = await webhookReceiver();
    try {
      const q = await createQuery(t, alice.key, 'SELECT {{n}} AS v', {
        parameters: [{ key: 'n', type: 'number', value: '1' }],
      });
      const a = await alert(q, { query_parameters: { n: 20 }, destinations: [webhook(r.url)] });
      const patch = (body: unknown) =>
        t.call('PATCH', `${ALERTS}/${a.id}`, { key: alice.key, body });
      const states = () =>
        r.hits.map((h) => `${h.body.alert.previous_state}>${h.body.alert.state}`);
      await runAlert(t, alice.key, a.id);
      await runAlert(t, alice.key, a.id);
      expect(states()).toEqual(['unknown>triggered']);
      await patch({ query_parameters: { n: 5 } });
      await runAlert(t, alice.key, a.id);
      await runAlert(t, alice.key, a.id);
      expect(states()).toEqual(['unknown>triggered', 'triggered>ok']);
      expect(r.hits[1]!.body.text).toContain('is back to OK');
      expect((await history(t, alice.key, a.id)).map((e) => [e.state, e.notified])).toEqual([
        ['ok', false],
        ['ok', true],
        ['triggered', false],
        ['triggered', true],
      ]);
      await patch({ notify: 'every_run' });
      await runAlert(t, alice.key, a.id);
      await runAlert(t, alice.key, a.id);
      expect(states()).toEqual(['unknown>triggered', 'triggered>ok', 'ok>ok', 'ok>ok']);
      // a first evaluation that finds all well tells no one
      const calm = await alert(q, { query_parameters: { n: 1 }, destinations: [webhook(r.url)] });
      await runAlert(t, alice.key, calm.id);
      expect(r.hits).toHaveLength(4);
    } finally {
      await r.close();
    }
  });
});

describe('failures are recorded and notified', () => {
  it('a run that fails: state failed, with the error, notified', async () => {
    const r = await webhookReceiver();
    try {
      const q = await createQuery(t, alice.key, "SELECT error('disk on fire') AS v");
      const a = await alert(q, { destinations: [webhook(r.url)] });
      await runAlert(t, alice.key, a.id);
      const [ev] = await history(t, alice.key, a.id);
      expect(ev).toMatchObject({ state: 'failed', notified: true });
      expect(ev!.error).toMatch(/^the run failed: .*disk on fire/);
      expect(r.hits[0]!.body).toMatchObject({ alert: { state: 'failed' }, value: null });
      expect(r.hits[0]!.body.error).toMatch(/disk on fire/);
      expect(r.hits[0]!.body.text).toContain('is FAILED');
      const got = await t.call('GET', `${ALERTS}/${a.id}`, { key: alice.key });
      expect(got.json).toMatchObject({ state: 'failed', last_error: ev!.error });
    } finally {
      await r.close();
    }
  });

  it('a condition on a column the result no longer has', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS v');
    const a = await alert(q);
    const edit = await t.call('PATCH', `/api/v1/query/${q}`, {
      key: alice.key,
      body: { query_sql: 'SELECT 1 AS w' },
    });
    expect(edit.status, edit.text).toBe(200);
    await runAlert(t, alice.key, a.id);
    const [ev] = await history(t, alice.key, a.id);
    expect(ev).toMatchObject({
      state: 'failed',
      error: 'cannot evaluate v > 10: the result has no column "v" (its columns: "w")',
    });
  });

  it('a query archived, or made private by another context: failed with no run, and back once it is readable', async () => {
    const pub = await createQuery(t, bob.key, 'SELECT 50 AS v');
    const a = await alert(pub);
    await t.call('PATCH', `/api/v1/query/${pub}`, { key: bob.key, body: { is_private: true } });
    const run = await runAlert(t, alice.key, a.id);
    expect(run).toMatchObject({ state: 'failed', execution_id: null });
    const [ev] = await history(t, alice.key, a.id);
    expect(ev).toMatchObject({ state: 'failed', execution_id: null });
    // refused as any run of it is refused (queries/runnable.ts)
    expect(ev!.error).toBe('Query not found');
    // the alert shows no name of a query it cannot read
    expect((await t.call('GET', `${ALERTS}/${a.id}`, { key: alice.key })).json).toMatchObject({
      state: 'failed',
      query_name: '',
    });
    const own = await createQuery(t, alice.key, 'SELECT 50 AS v');
    const b = await alert(own);
    await t.call('POST', `/api/v1/query/${own}/archive`, { key: alice.key });
    await runAlert(t, alice.key, b.id);
    expect((await history(t, alice.key, b.id))[0]!.error).toBe(
      'Not allowed to execute query. Query is archived, unsaved or not enough permissions',
    );
    await t.call('POST', `/api/v1/query/${own}/unarchive`, { key: alice.key });
    await runAlert(t, alice.key, b.id);
    expect((await history(t, alice.key, b.id))[0]).toMatchObject({ state: 'triggered', value: 50 });
  });
});

describe('deliveries that fail', () => {
  it('an unreachable webhook is retried with backoff, then recorded failed; the others are delivered', async () => {
    const down = await refusingUrl();
    const q = await createQuery(t, alice.key, 'SELECT 11 AS v');
    const a = await alert(q, { destinations: [webhook(down), webhook(hook.url)] });
    await runAlert(t, alice.key, a.id);
    const [ev] = await history(t, alice.key, a.id);
    const by = (url: string) => ev!.deliveries.find((d) => d.destination === url)!;
    expect(by(down)).toMatchObject({ ok: false, attempts: 3 });
    expect(by(down).error).toMatch(/ECONNREFUSED/);
    expect(by(hook.url)).toMatchObject({ ok: true, attempts: 1, error: null });
  });

  it('HTTP 5xx is tried again, 4xx is not', async () => {
    const failing = await webhookReceiver(503);
    const missing = await webhookReceiver(404);
    try {
      const q = await createQuery(t, alice.key, 'SELECT 11 AS v');
      const a = await alert(q, { destinations: [webhook(failing.url), webhook(missing.url)] });
      await runAlert(t, alice.key, a.id);
      const [ev] = await history(t, alice.key, a.id);
      const by = (url: string) => ev!.deliveries.find((d) => d.destination === url);
      expect(by(failing.url)).toMatchObject({ ok: false, attempts: 3, error: 'HTTP 503' });
      expect(by(missing.url)).toMatchObject({ ok: false, attempts: 1, error: 'HTTP 404' });
      expect([failing.hits.length, missing.hits.length]).toEqual([3, 1]);
    } finally {
      await failing.close();
      await missing.close();
    }
  });

  it('a webhook that never answers times out and holds no other alert', async () => {
    const silent = http.createServer(() => {}); // takes the request, never answers
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`;
    try {
      const q = await createQuery(t, alice.key, 'SELECT 11 AS v');
      const slow = await alert(q, { destinations: [webhook(silentUrl)] });
      const quick = await alert(q, { destinations: [webhook(hook.url)] });
      const started = await t.call('POST', `${ALERTS}/${slow.id}/run`, { key: alice.key });
      await runAlert(t, alice.key, quick.id);
      expect((await history(t, alice.key, quick.id))[0]!.deliveries[0]).toMatchObject({ ok: true });
      // the silent one is still trying
      expect((await history(t, alice.key, slow.id))[0]!.deliveries).toEqual([]);
      await t.deps.alerts.runner.settled(started.json.evaluation_id);
      const [ev] = await history(t, alice.key, slow.id);
      expect(ev!.deliveries[0]).toMatchObject({
        ok: false,
        attempts: 3,
        error: 'no answer within 2 s',
      });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });

  it('an address the SMTP server refuses is a failed delivery (not retried: 550)', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 11 AS v');
    const a = await alert(q, {
      destinations: [{ type: 'email', to: 'refuse@example.com' }, webhook(hook.url)],
    });
    await runAlert(t, alice.key, a.id);
    const [ev] = await history(t, alice.key, a.id);
    const mail = ev!.deliveries.find((d) => d.kind === 'email')!;
    expect(mail).toMatchObject({ ok: false, attempts: 1, destination: 'refuse@example.com' });
    expect(mail.error).toMatch(/550/);
    expect(ev!.deliveries.find((d) => d.kind === 'webhook')).toMatchObject({ ok: true });
  });
});

describe('history', () => {
  it(`keeps the last ${ALERT_LIMITS.history} evaluations`, async () => {
    const q = await createQuery(t, alice.key, 'SELECT 11 AS v');
    const a = await alert(q);
    const repo = t.deps.alerts.runner.history;
    for (let i = 0; i < ALERT_LIMITS.history + 5; i++) {
      const id = await repo.addEvaluation({
        alertId: a.id,
        trigger: 'schedule',
        condition: { op: 'any_rows' },
        startedAt: `${i}`,
      });
      await repo.finishEvaluation(
        id,
        { state: 'ok', value: i, valueTruncated: false, error: null },
        `${i}`,
      );
    }
    const run = await runAlert(t, alice.key, a.id);
    const page = await t.call('GET', `${ALERTS}/${a.id}/history?limit=1000`, { key: alice.key });
    expect(page.json.evaluations).toHaveLength(ALERT_LIMITS.history);
    expect(page.json.next_offset).toBeUndefined();
    expect(page.json.evaluations[0].id).toBe(run.evaluation_id);
    expect(page.json.evaluations.at(-1).value).toBe(6); // 0..5 went
  });
});

describe('a value too long to keep', () => {
  it('a 3 MB cell is stored, listed and sent as its first characters, marked cut; the condition reads it whole', async () => {
    const r = await webhookReceiver();
    try {
      // 3,000,000 zeros then a 5: the number 5, whose text no alert should keep or send whole
      // DuckDB's repeat (text); DuneSQL's, as Trino's, makes an array.
      const q = await createQuery(t, alice.key, "SELECT repeat('0', 3000000) || '5' AS v", {
        dialect: 'duckdb',
      });
      const a = await alert(q, {
        condition: { column: 'v', op: '>', value: 1 },
        destinations: [webhook(r.url), { type: 'email', to: 'big@example.com' }],
      });
      await runAlert(t, alice.key, a.id);
      const kept = `${'0'.repeat(ALERT_LIMITS.keptValue)}…`;
      // the condition compared the whole cell (5 > 1), not its cut (not a number)
      const [ev] = await history(t, alice.key, a.id);
      expect(ev).toMatchObject({
        state: 'triggered',
        value: kept,
        value_truncated: true,
        error: null,
      });
      const row = await t.deps.store.db
        .selectFrom('alert_evaluations')
        .select(['value', 'value_truncated'])
        .where('id', '=', ev!.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ value: JSON.stringify(kept), value_truncated: 1 });
      const one = await t.call('GET', `${ALERTS}/${a.id}`, { key: alice.key });
      expect(one.json).toMatchObject({ last_value: kept, last_value_truncated: true });
      const list = await t.call('GET', `${ALERTS}?query_id=${q}`, { key: alice.key });
      expect(list.json.alerts).toEqual([
        expect.objectContaining({ id: a.id, last_value: kept, last_value_truncated: true }),
      ]);
      expect(list.text.length).toBeLessThan(5000);
      expect(r.hits).toHaveLength(1);
      const body = r.hits[0]!.body;
      expect(body).toMatchObject({ value: kept, value_truncated: true });
      expect(body.text).toContain(`v = ${'0'.repeat(200)}…; condition: v > 1.`);
      expect(Number(r.hits[0]!.headers['content-length'])).toBeLessThan(5000);
      const mail = smtp.mails.find((m) => m.to.includes('big@example.com'))!;
      expect(mail.text).toContain(`v = ${'0'.repeat(200)}…; condition: v > 1.`);
      expect(mail.text.length).toBeLessThan(5000);
    } finally {
      await r.close();
    }
  });

  it('a value that fits is kept whole and not marked', async () => {
    const q = await createQuery(
      t,
      alice.key,
      `SELECT repeat('0', ${ALERT_LIMITS.keptValue - 1}) || '5' AS v`,
      { dialect: 'duckdb' },
    );
    const a = await alert(q, { condition: { column: 'v', op: '>', value: 1 } });
    await runAlert(t, alice.key, a.id);
    const [ev] = await history(t, alice.key, a.id);
    expect(ev).toMatchObject({
      state: 'triggered',
      value: `${'0'.repeat(ALERT_LIMITS.keptValue - 1)}5`,
      value_truncated: false,
    });
  });
});
