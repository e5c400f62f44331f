import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuerySchedule, QuerySchedulesResponse } from '../../contract/schedules.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { createQuery } from '../test/matviews-helpers.js';
import { QS, addSchedule, createParamQuery } from '../test/schedules-helpers.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
});
afterAll(() => t.close());

describe('query schedules: create, list, read, change, delete', () => {
  it('creates a schedule with values and a tier, lists it with its next run, changes and deletes it', async () => {
    const q = await createParamQuery(t, alice.key);
    const before = Date.now();
    const created = await t.callOk(QuerySchedule, 'POST', QS(q), {
      key: alice.key,
      body: {
        cron_expression: ' 0  6 * * * ',
        parameters: { n: 5, chain: 'base' },
        performance: 'large',
      },
    });
    const s = created.json;
    expect(s).toMatchObject({
      query_id: q,
      cron_expression: '0 6 * * *',
      parameters: { n: 5, chain: 'base' },
      performance: 'large',
      enabled: true,
      last_run_at: null,
      last_execution_id: null,
      last_execution_ids: [],
      last_state: null,
      last_error: null,
    });
    expect(s.next_run_at).toMatch(/T06:00:00\.000Z$/);
    expect(Date.parse(s.next_run_at!)).toBeGreaterThan(before);
    expect(Date.parse(s.next_run_at!) - before).toBeLessThanOrEqual(24 * 3_600_000);

    const list = await t.callOk(QuerySchedulesResponse, 'GET', QS(q), { key: alice.key });
    expect(list.json.schedules).toEqual([s]);
    // a read key lists and reads them too
    const one = await t.callOk(QuerySchedule, 'GET', `${QS(q)}/${s.schedule_id}`, {
      key: alice.readKey,
    });
    expect(one.json).toEqual(s);

    // values only: the next run stays
    const p1 = await t.callOk(QuerySchedule, 'PATCH', `${QS(q)}/${s.schedule_id}`, {
      key: alice.key,
      body: { parameters: { n: 6 }, performance: 'small' },
    });
    expect(p1.json).toMatchObject({ parameters: { n: 6 }, performance: 'small' });
    expect(p1.json.next_run_at).toBe(s.next_run_at);
    // a new cron moves it; disabling clears it; enabling sets it again
    const p2 = await t.callOk(QuerySchedule, 'PATCH', `${QS(q)}/${s.schedule_id}`, {
      key: alice.key,
      body: { cron_expression: '30 * * * *' },
    });
    expect(p2.json.next_run_at).toMatch(/:30:00\.000Z$/);
    const off = await t.call('PATCH', `${QS(q)}/${s.schedule_id}`, {
      key: alice.key,
      body: { enabled: false },
    });
    expect(off.json).toMatchObject({ enabled: false, next_run_at: null });
    const on = await t.call('PATCH', `${QS(q)}/${s.schedule_id}`, {
      key: alice.key,
      body: { enabled: true },
    });
    expect(on.json.next_run_at).toMatch(/:30:00\.000Z$/);

    const del = await t.call('DELETE', `${QS(q)}/${s.schedule_id}`, { key: alice.key });
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ schedule_id: s.schedule_id, ok: true });
    expect((await t.call('GET', QS(q), { key: alice.key })).json.schedules).toEqual([]);
    expect((await t.call('GET', `${QS(q)}/${s.schedule_id}`, { key: alice.key })).status).toBe(404);
  });

  it('a private query is scheduled by its owner; a query without parameters takes none', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS x', { is_private: true });
    const s = await addSchedule(t, alice.key, QS(q), { cron_expression: '0 * * * *' });
    // the query's engine tier by default
    expect(s).toMatchObject({ parameters: {}, performance: 'medium' });
    const bad = await t.call('POST', QS(q), {
      key: alice.key,
      body: { cron_expression: '0 1 * * *', parameters: { x: 1 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('parameters: unknown parameters (x)');
  });

  it('takes the values as query_parameters too (the name alerts and execute use), checked alike', async () => {
    const q = await createParamQuery(t, alice.key);
    const s = await addSchedule(t, alice.key, QS(q), {
      cron_expression: '0 2 * * *',
      query_parameters: { n: 7 },
    });
    expect(s.parameters).toEqual({ n: 7 });
    const path = `${QS(q)}/${s.schedule_id}`;
    const changed = await t.callOk(QuerySchedule, 'PATCH', path, {
      key: alice.key,
      body: { query_parameters: { n: 8 } },
    });
    expect(changed.json.parameters).toEqual({ n: 8 });
    for (const body of [
      { query_parameters: { n: 'x' } },
      { query_parameters: { zz: 1 } },
      { parameters: { n: 9 }, query_parameters: { n: 9 } },
    ]) {
      const r = await t.call('PATCH', path, { key: alice.key, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.error, JSON.stringify(body)).toEqual(expect.any(String));
    }
    const both = await t.call('POST', QS(q), {
      key: alice.key,
      body: { cron_expression: '0 3 * * *', parameters: { n: 1 }, query_parameters: { n: 1 } },
    });
    expect(both.status).toBe(400);
    expect(both.json.error).toBe('give the values as parameters or as query_parameters, not both');
    expect((await t.call('GET', path, { key: alice.key })).json.parameters).toEqual({ n: 8 });
  });
});

describe('query schedules: errors', () => {
  let q: number;
  let sid: number;
  beforeAll(async () => {
    q = await createParamQuery(t, alice.key);
    sid = (await addSchedule(t, alice.key, QS(q), { cron_expression: '0 0 * * *' })).schedule_id;
  });

  it.each([
    ['no body', undefined, /Invalid request body payload/],
    ['no cron', { parameters: { n: 1 } }, /cron_expression/],
    ['a cron of the wrong type', { cron_expression: 15 }, /cron_expression/],
    ['a cron of four fields', { cron_expression: '0 * * *' }, /give exactly five fields/],
    ['nonsense', { cron_expression: 'a b c d e' }, /invalid cron_expression/],
    [
      'a cron faster than the minimum',
      { cron_expression: '*/5 * * * *' },
      /5 minutes apart; the shortest interval allowed is 15 minutes/,
    ],
    ['a huge cron', { cron_expression: '0 '.repeat(150) }, /cron_expression/],
    [
      'an unknown parameter',
      { cron_expression: '0 1 * * *', parameters: { nope: 1 } },
      /unknown parameters \(nope\)/,
    ],
    [
      'a value of the wrong type',
      { cron_expression: '0 1 * * *', parameters: { n: 'ten' } },
      /parameter "n": "ten" is not a number/,
    ],
    [
      'a list for one value',
      { cron_expression: '0 1 * * *', parameters: { n: [1, 2] } },
      /takes one value, not a list/,
    ],
    [
      'an object as a value',
      { cron_expression: '0 1 * * *', parameters: { n: { a: 1 } } },
      /parameters/,
    ],
    ['parameters as a list', { cron_expression: '0 1 * * *', parameters: [1] }, /parameters/],
    [
      'a huge value',
      { cron_expression: '0 1 * * *', parameters: { chain: 'x'.repeat(100_001) } },
      /parameters/,
    ],
    ['an unknown tier', { cron_expression: '0 1 * * *', performance: 'huge' }, /performance/],
    ['enabled as text', { cron_expression: '0 1 * * *', enabled: 'yes' }, /enabled/],
  ])('POST with %s → 400', async (_, body, message) => {
    const r = await t.call('POST', QS(q), { key: alice.key, body });
    expect(r.status, r.text).toBe(400);
    expect(r.json.error).toMatch(message);
  });

  it('PATCH with nothing, or a bad field → 400; nothing changes', async () => {
    const path = `${QS(q)}/${sid}`;
    for (const body of [{}, { cron_expression: '* * * * *' }, { parameters: { n: 'x' } }]) {
      const r = await t.call('PATCH', path, { key: alice.key, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call('GET', path, { key: alice.key })).json).toMatchObject({
      cron_expression: '0 0 * * *',
      parameters: {},
    });
  });

  it('no key → 401; a read key changes nothing → 403', async () => {
    const path = `${QS(q)}/${sid}`;
    expect((await t.call('GET', QS(q))).status).toBe(401);
    expect((await t.call('POST', QS(q), { body: { cron_expression: '0 2 * * *' } })).status).toBe(
      401,
    );
    expect((await t.call('GET', QS(q), { key: 'sk_nope' })).status).toBe(401);
    for (const [method, url, body] of [
      ['POST', QS(q), { cron_expression: '0 2 * * *' }],
      ['PATCH', path, { enabled: false }],
      ['DELETE', path, undefined],
      ['POST', `${path}/run`, undefined],
    ] as const) {
      const r = await t.call(method, url, { key: alice.readKey, body });
      expect(r.status, `${method} ${url}`).toBe(403);
    }
  });

  it('unknown ids, and another context’s query (public or private) → 404', async () => {
    const priv = await createQuery(t, alice.key, 'SELECT 2 AS y', { is_private: true });
    for (const url of [
      QS(999_999),
      `${QS(q)}/999999`,
      `${QS(priv)}/${sid}`, // a schedule of another query
      '/api/v1/query/abc/schedules',
    ]) {
      const r = await t.call('GET', url, { key: alice.key });
      expect(r.status, url).toBe(url.includes('abc') ? 400 : 404);
    }
    for (const target of [q, priv]) {
      const calls = [
        t.call('GET', QS(target), { key: bob.key }),
        t.call('POST', QS(target), { key: bob.key, body: { cron_expression: '0 3 * * *' } }),
        t.call('GET', `${QS(target)}/${sid}`, { key: bob.key }),
        t.call('PATCH', `${QS(target)}/${sid}`, { key: bob.key, body: { enabled: false } }),
        t.call('DELETE', `${QS(target)}/${sid}`, { key: bob.key }),
        t.call('POST', `${QS(target)}/${sid}/run`, { key: bob.key }),
      ];
      for (const r of await Promise.all(calls)) expect(r.status, r.text).toBe(404);
    }
    expect((await t.call('GET', `${QS(q)}/${sid}`, { key: alice.key })).json.enabled).toBe(true);
  });

  it('an archived query cannot be scheduled (403); its schedules can still be read and removed', async () => {
    const a = await createParamQuery(t, alice.key);
    const s = await addSchedule(t, alice.key, QS(a), { cron_expression: '0 4 * * *' });
    expect((await t.call('POST', `/api/v1/query/${a}/archive`, { key: alice.key })).status).toBe(
      200,
    );
    const r = await t.call('POST', QS(a), {
      key: alice.key,
      body: { cron_expression: '0 5 * * *' },
    });
    expect(r.status).toBe(403);
    expect(r.json.error).toMatch(/archived/);
    expect((await t.call('GET', QS(a), { key: alice.key })).json.schedules).toHaveLength(1);
    expect((await t.call('DELETE', `${QS(a)}/${s.schedule_id}`, { key: alice.key })).status).toBe(
      200,
    );
  });

  it('the same cron, values and tier twice → 409; the schedules of a query are capped → 409', async () => {
    const d = await createParamQuery(t, alice.key);
    await addSchedule(t, alice.key, QS(d), { cron_expression: '0 7 * * *', parameters: { n: 2 } });
    const twin = await t.call('POST', QS(d), {
      key: alice.key,
      body: { cron_expression: '0  7 * * *', parameters: { n: '2' }, performance: 'medium' },
    });
    expect(twin.status).toBe(409);
    expect(twin.json.error).toMatch(/already runs these values/);
    for (let h = 8; h < 8 + 19; h++)
      await addSchedule(t, alice.key, QS(d), { cron_expression: `0 ${h % 24} * * *` });
    const over = await t.call('POST', QS(d), {
      key: alice.key,
      body: { cron_expression: '5 0 * * *' },
    });
    expect(over.status).toBe(409);
    expect(over.json.error).toMatch(/has 20 schedules, the most it may have/);
    // a change into a twin of another schedule is 409 too
    const [first, second] = (await t.call('GET', QS(d), { key: alice.key })).json.schedules;
    const clash = await t.call('PATCH', `${QS(d)}/${second.schedule_id}`, {
      key: alice.key,
      body: { cron_expression: first.cron_expression, parameters: first.parameters },
    });
    expect(clash.status).toBe(409);
  });
});

describe('the OpenAPI document', () => {
  it('lists the schedule endpoints as Strata extensions', async () => {
    const doc = (await t.call('GET', '/api/v1/openapi.json')).json;
    for (const base of [
      '/api/v1/query/{query_id}/schedules',
      '/api/v1/dashboards/{dashboard_id}/schedules',
    ]) {
      const item = `${base}/{schedule_id}`;
      for (const [path, method] of [
        [base, 'get'],
        [base, 'post'],
        [item, 'get'],
        [item, 'patch'],
        [item, 'delete'],
        [`${item}/run`, 'post'],
      ] as const) {
        const op = doc.paths[path]?.[method];
        expect(op, `${method} ${path}`).toBeDefined();
        expect(op.summary).toContain('(Strata extension)');
      }
    }
  });
});
