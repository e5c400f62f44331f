import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_LIMITS } from '../../contract/alerts.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { ALERTS, alertConfig, createAlert, smtpServer } from '../test/alerts-helpers.js';
import { runSql } from '../test/executions-helpers.js';
import { createQuery } from '../test/matviews-helpers.js';

/** Bad input and limits of alerts: each answer 400 (or 409) naming what is wrong. */

let t: TestServer;
let strict: TestServer;
let alice: TestUser;
let smtp: Awaited<ReturnType<typeof smtpServer>>;
let q: number;
beforeAll(async () => {
  smtp = await smtpServer();
  t = await createTestServer(alertConfig({ smtpPort: smtp.port }));
  // default settings: private webhooks refused, no SMTP server
  strict = await createTestServer();
  alice = await t.createUser('alice');
  q = await createQuery(t, alice.key, 'SELECT 42 AS v, {{n}} AS n', {
    parameters: [{ key: 'n', type: 'number', value: '1' }],
  });
});
afterAll(async () => {
  await t.close();
  await strict.close();
  await smtp.close();
});

const base = (extra: Record<string, unknown> = {}) => ({
  name: 'a',
  query_id: q,
  condition: { op: 'any_rows' },
  cron_expression: '0 * * * *',
  ...extra,
});

async function refused(body: unknown, pattern: RegExp, server = t, key = alice.key) {
  const r = await server.call('POST', ALERTS, { key, body });
  expect(r.status, r.text).toBe(400);
  expect(r.json.error).toMatch(pattern);
}

describe('bad input', () => {
  it('missing fields and wrong types', async () => {
    const { name: _n, ...noName } = base();
    await refused(noName, /name/);
    const { query_id: _q, ...noQuery } = base();
    await refused(noQuery, /query_id/);
    const { condition: _c, ...noCondition } = base();
    await refused(noCondition, /condition/);
    const { cron_expression: _e, ...noCron } = base();
    await refused(noCron, /cron_expression/);
    await refused(base({ query_id: 'one' }), /query_id/);
    await refused(base({ query_id: -1 }), /query_id/);
    await refused(base({ name: 7 }), /name/);
    await refused(base({ name: '   ' }), /name/);
    await refused(base({ destinations: 'http://x' }), /destinations/);
    await refused(base({ destinations: [{ type: 'sms', to: '1' }] }), /destinations/);
    await refused(base({ notify: 'sometimes' }), /notify/);
    await refused(base({ performance: 'huge' }), /performance/);
    await refused(base({ is_paused: 'yes' }), /is_paused/);
    await refused('not json', /Invalid request body payload/);
  });

  it('conditions: unknown operator, a comparison without column or value, a row check with one', async () => {
    await refused(base({ condition: { op: '~' } }), /condition\.op/);
    await refused(
      base({ condition: { op: '>', value: 1 } }),
      /condition\.column: ">" needs a column/,
    );
    await refused(
      base({ condition: { op: '>', column: 'v' } }),
      /condition\.value: ">" needs a value/,
    );
    await refused(base({ condition: { op: 'no_rows', column: 'v' } }), /takes no column/);
    await refused(
      base({ condition: { op: '=', column: 'v', value: { a: 1 } } }),
      /condition\.value/,
    );
    await refused(base({ condition: { op: '=', column: 'v', value: [1] } }), /condition\.value/);
    const long = 'x'.repeat(ALERT_LIMITS.value + 1);
    await refused(base({ condition: { op: '=', column: 'v', value: long } }), /condition\.value/);
    const col = 'c'.repeat(ALERT_LIMITS.column + 1);
    await refused(base({ condition: { op: '=', column: col, value: 1 } }), /condition\.column/);
  });

  it('a condition on a column the query’s latest result lacks, naming the column', async () => {
    // no result yet: the column cannot be checked, so it is taken
    const fresh = await createQuery(t, alice.key, 'SELECT 1 AS total');
    const cond = { op: '>', column: 'volume', value: 1 };
    await createAlert(t, alice.key, base({ query_id: fresh, condition: cond }));
    await runSql(t, alice.key, 'SELECT 1 AS total'); // an ad-hoc run is not the query's result
    const e = await t.call('POST', `/api/v1/query/${fresh}/execute`, { key: alice.key, body: {} });
    await t.deps.executions.settled(e.json.execution_id);
    await refused(
      base({ query_id: fresh, condition: cond }),
      /condition: the result has no column "volume" \(its columns: "total"\) in the latest result of query/,
    );
    await createAlert(
      t,
      alice.key,
      base({ query_id: fresh, condition: { ...cond, column: 'total' } }),
    );
  });

  it('schedules: not five fields, invalid, faster than the minimum interval', async () => {
    await refused(base({ cron_expression: '0 * * *' }), /give exactly five fields/);
    await refused(base({ cron_expression: '61 * * * *' }), /invalid cron_expression/);
    await refused(
      base({ cron_expression: '*/2 * * * *' }),
      /2 minutes apart; the shortest interval allowed is 5 minutes/,
    );
    await refused(base({ cron_expression: 'x'.repeat(201) }), /cron_expression/);
    await refused(base({ cron_expression: '0 0 30 2 *' }), /never runs/);
  });

  it('parameter values are checked against the query’s definitions', async () => {
    await refused(base({ query_parameters: { nope: 1 } }), /unknown parameters \(nope\)/);
    await refused(base({ query_parameters: { n: 'abc' } }), /parameter "n": "abc" is not a number/);
    await refused(
      base({ query_parameters: { n: '1'.repeat(100_001) } }),
      /parameter "n": is longer than 100000 characters/,
    );
    await refused(base({ query_parameters: { n: [1, 2] } }), /takes one value, not a list/);
    const ok = await createAlert(t, alice.key, base({ query_parameters: { n: 5 } }));
    expect(ok).toMatchObject({ query_parameters: { n: 5 } });
    // a change is checked the same way, and a refused one leaves the values as they were
    const path = `${ALERTS}/${ok.id}`;
    const bad = await t.call('PATCH', path, {
      key: alice.key,
      body: { query_parameters: { m: 1 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/unknown parameters \(m\)/);
    const changed = await t.call('PATCH', path, {
      key: alice.key,
      body: { query_parameters: { n: '12' } },
    });
    expect(changed.json).toMatchObject({ query_parameters: { n: '12' } });
  });

  it('destinations: webhook URLs, email addresses, duplicates', async () => {
    const hook = (url: string) => base({ destinations: [{ type: 'webhook', url }] });
    const mail = (to: string) => base({ destinations: [{ type: 'email', to }] });
    await refused(hook('ftp://example.com/x'), /use http or https/);
    await refused(hook('hooks.example.com'), /not a URL/);
    await refused(hook(''), /destinations/);
    await refused(mail('not-an-address'), /invalid email address "not-an-address"/);
    await refused(mail('a@b.c\r\nBcc: x@y.z'), /invalid email address/);
    await refused(
      base({
        destinations: [
          { type: 'email', to: 'ops@example.com' },
          { type: 'email', to: 'OPS@example.com' },
        ],
      }),
      /listed twice/,
    );
  });

  it('private, loopback and link-local webhooks are refused unless allowed; email needs SMTP', async () => {
    const eve = await strict.createUser('eve');
    const sq = await createQuery(strict, eve.key, 'SELECT 1 AS v');
    const hook = (url: string) => base({ query_id: sq, destinations: [{ type: 'webhook', url }] });
    for (const url of [
      'http://127.0.0.1:8080/x',
      'http://localhost/x',
      'http://10.0.0.7/x',
      'http://192.168.1.1/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'http://[fd00::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://0.0.0.0/x',
    ])
      await refused(hook(url), /private, loopback or link-local address/, strict, eve.key);
    await refused(
      base({ query_id: sq, destinations: [{ type: 'email', to: 'ops@example.com' }] }),
      /email destinations need an SMTP server/,
      strict,
      eve.key,
    );
    // the same loopback webhook where the setting allows it (these tests' main server)
    await createAlert(
      t,
      alice.key,
      base({ destinations: [{ type: 'webhook', url: 'http://127.0.0.1:8080/x' }] }),
    );
  });
});

describe('limits', () => {
  it('name, URL and email lengths; destinations per alert', async () => {
    await refused(base({ name: 'n'.repeat(ALERT_LIMITS.name + 1) }), /name/);
    await createAlert(t, alice.key, base({ name: 'n'.repeat(ALERT_LIMITS.name) }));
    const longUrl = `http://127.0.0.1/${'p'.repeat(ALERT_LIMITS.url)}`;
    await refused(
      base({ destinations: [{ type: 'webhook', url: longUrl }] }),
      /destinations\.0\.url/,
    );
    const longMail = `${'m'.repeat(ALERT_LIMITS.email)}@example.com`;
    await refused(base({ destinations: [{ type: 'email', to: longMail }] }), /destinations\.0\.to/);
    const many = Array.from({ length: ALERT_LIMITS.destinations + 1 }, (_, i) => ({
      type: 'email',
      to: `ops${i}@example.com`,
    }));
    await refused(base({ destinations: many }), /destinations/);
    await createAlert(t, alice.key, base({ destinations: many.slice(1) }));
  });

  it(`at most ${ALERT_LIMITS.perContext} alerts per context (409 beyond)`, async () => {
    const carol = await t.createUser('carol');
    const cq = await createQuery(t, carol.key, 'SELECT 1 AS v');
    for (let i = 0; i < ALERT_LIMITS.perContext; i++)
      await createAlert(t, carol.key, base({ query_id: cq, name: `a${i}` }));
    const r = await t.call('POST', ALERTS, { key: carol.key, body: base({ query_id: cq }) });
    expect(r.status).toBe(409);
    expect(r.json.error).toMatch(/at most 100 alerts/);
    // another context is not held by carol's count, and a deletion makes room
    await createAlert(t, alice.key, base());
    const first = (await t.call('GET', `${ALERTS}?limit=1`, { key: carol.key })).json.alerts[0];
    await t.call('DELETE', `${ALERTS}/${first.id}`, { key: carol.key });
    await createAlert(t, carol.key, base({ query_id: cq }));
  });

  it('a body over MAX_JSON_BODY_BYTES is 413', async () => {
    const r = await t.call('POST', ALERTS, {
      key: alice.key,
      body: base({ name: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(r.status).toBe(413);
  });
});
