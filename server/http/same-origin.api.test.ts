import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness.js';
import { createTable, insertCsv } from '../test/uploads-helpers.js';
import { CROSS_ORIGIN } from './same-origin.js';

/**
 * CSRF: a signed-in browser's cookie goes along with requests from any page of the same site
 * (another port of the same host), so writes with a session must come from the app's origin.
 */
let t: TestServer;
let cookie: string;
let key: string;
const OWN = 'http://localhost';
const ATTACKER = 'http://localhost:9999';

beforeAll(async () => {
  t = await createTestServer();
  const r = await t.call('POST', '/api/v1/auth/signup', {
    body: { handle: 'victim', password: 'correct horse battery' },
  });
  expect(r.status).toBe(200);
  cookie = /strata_session=[^;]*/.exec(r.headers.get('set-cookie') ?? '')![0];
  key = (await t.deps.keys.create(r.json.user.id, 'read_write', r.json.user.id)).key;
  await createTable(t, key, 'victim', 'ledger');
  await insertCsv(t, key, 'victim', 'ledger', 'id,name\n1,a\n2,b\n');
});
afterAll(() => t.close());

const asBrowser = (headers: Record<string, string>) => ({ headers: { cookie, ...headers } });

/** One state-changing request per route family, with a body where the route needs one. */
const WRITES: [string, string, unknown?][] = [
  ['POST', '/api/v1/query', { name: 'planted', query_sql: 'SELECT 1' }],
  ['POST', '/api/v1/uploads/victim/ledger/clear'],
  ['DELETE', '/api/v1/uploads/victim/ledger'],
  ['POST', '/api/v1/sql/execute', { sql: 'SELECT 1' }],
  ['POST', '/api/v1/dashboards', { name: 'planted' }],
  ['POST', '/api/v1/keys', { scope: 'read_write' }],
  ['POST', '/api/v1/teams', { handle: 'planted-team' }],
  ['POST', '/api/v1/materialized-views', { name: 'result_x', query_id: 1 }],
  ['POST', '/api/v1/pipelines/execute', { query_id: 1 }],
  ['POST', '/api/v1/auth/signout'],
  ['POST', '/api/v1/auth/signin', { handle: 'victim', password: 'correct horse battery' }],
];

describe('writes with a session cookie', () => {
  it.each(WRITES)('%s %s from another origin is 403 and changes nothing', async (m, path, body) => {
    const attempts: Record<string, string>[] = [
      { origin: ATTACKER },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of attempts) {
      const r = await t.call(m, path, { body, ...asBrowser(headers) });
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect(r.json).toEqual({ error: CROSS_ORIGIN });
    }
    const rows = await t.deps.lake.get('dune', 'victim', 'ledger');
    expect(rows?.row_count).toBe(2);
    expect((await t.call('GET', '/api/v1/queries', { key })).json.total).toBe(0);
  });

  it('a form post with no body is refused just the same', async () => {
    const r = await t.call('POST', '/api/v1/uploads/victim/ledger/clear', {
      raw: { body: '', contentType: 'application/x-www-form-urlencoded' },
      headers: { cookie, origin: ATTACKER, 'sec-fetch-site': 'same-site' },
    });
    expect(r.status).toBe(403);
    expect((await t.deps.lake.get('dune', 'victim', 'ledger'))?.row_count).toBe(2);
  });

  it('from the app itself (same origin) goes through', async () => {
    const r = await t.call('POST', '/api/v1/query', {
      body: { name: 'mine', query_sql: 'SELECT 1' },
      ...asBrowser({ origin: OWN, 'sec-fetch-site': 'same-origin' }),
    });
    expect(r.status).toBe(200);
    const q = r.json.query_id as number;
    const priv = await t.call('POST', `/api/v1/query/${q}/private`, {
      ...asBrowser({ 'sec-fetch-site': 'same-origin' }),
    });
    expect(priv.status).toBe(200);
    // A page of another origin cannot make it public again.
    const unpriv = await t.call('POST', `/api/v1/query/${q}/unprivate`, {
      ...asBrowser({ origin: ATTACKER }),
    });
    expect(unpriv.status).toBe(403);
    expect((await t.call('GET', `/api/v1/query/${q}`, { key })).json.is_private).toBe(true);
  });

  it('reads are not affected (links from other pages still open)', async () => {
    const r = await t.call('GET', '/api/v1/auth/me', asBrowser({ 'sec-fetch-site': 'cross-site' }));
    expect(r.status).toBe(200);
  });

  it('requests with neither header come from programs, not pages, and go through', async () => {
    const r = await t.call('POST', '/api/v1/sql/execute', {
      body: { sql: 'SELECT 1' },
      headers: { cookie },
    });
    expect(r.status).toBe(200);
  });
});

describe('API keys', () => {
  it('are not ambient credentials: any origin may use them', async () => {
    const r = await t.call('POST', '/api/v1/uploads/victim/ledger/clear', {
      key,
      headers: { origin: ATTACKER, 'sec-fetch-site': 'cross-site' },
    });
    expect(r.status).toBe(200);
  });
});
