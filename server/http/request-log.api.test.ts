import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { waitFinished } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { captureLog } from '../test/log-capture.js';

/** The request lines an operator reads: what was asked, how it went, and nothing secret. */
let t: TestServer;
let u: TestUser;
beforeAll(async () => {
  t = await createTestServer();
  u = await t.createUser('logged');
});
afterAll(() => t.close());

/** The app with a logger whose lines the test reads, called as a client would. */
function loggedApp() {
  const captured = captureLog();
  const app = createApp(t.deps, { log: captured.log });
  const call = async (method: string, url: string, init: RequestInit = {}) => {
    const r = await app.request(url, { method, ...init });
    return { status: r.status, json: (await r.json()) as Record<string, unknown>, r };
  };
  const requests = () => captured.lines.filter((l) => 'route' in l && 'status' in l);
  return { ...captured, call, requests };
}

describe('request lines', () => {
  it('name the method, the route pattern, the status, the time and the context', async () => {
    const { call, requests } = loggedApp();
    const run = await call('POST', '/api/v1/sql/execute', {
      headers: { 'x-service-api-key': u.key, 'content-type': 'application/json' },
      body: JSON.stringify({ sql: 'SELECT 1 AS one' }),
    });
    expect(run.status).toBe(200);
    const id = run.json.execution_id as string;
    await waitFinished(t, u.key, id);
    await call('GET', `/api/v1/execution/${id}/status`, {
      headers: { 'x-service-api-key': u.key },
    });
    await call('GET', '/api/v1/no/such/route', { headers: { 'x-service-api-key': u.key } });
    expect(requests()).toEqual([
      expect.objectContaining({
        level: 'info',
        method: 'POST',
        route: '/api/v1/sql/execute',
        status: 200,
        ms: expect.any(Number),
        context_id: u.account.id,
        time: expect.any(String),
      }),
      expect.objectContaining({
        method: 'GET',
        route: '/api/v1/execution/:execution_id/status',
        status: 200,
        context_id: u.account.id,
      }),
      expect.objectContaining({ method: 'GET', route: '/api/*', status: 404 }),
    ]);
  });

  it('never hold a key (query or header), a session cookie, SQL, parameter values or ids', async () => {
    const { call, requests, text } = loggedApp();
    const sql = "SELECT 'the-secret-literal' AS s, {{who}} AS who";
    const run = await call('POST', `/api/v1/sql/execute?api_key=${u.key}`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sql, query_parameters: { who: 'alice@example.com' } }),
    });
    expect(run.status, JSON.stringify(run.json)).toBe(200);
    const id = run.json.execution_id as string;
    await waitFinished(t, u.key, id);
    await call('GET', `/api/v1/execution/${id}/results?api_key=${u.key}&limit=1`);
    // A refused key is not logged either, and the line still names the route asked for.
    await call('GET', `/api/v1/execution/${id}/status?api_key=strata_${'x'.repeat(43)}`);
    const signup = await call('POST', '/api/v1/auth/signup', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ handle: 'cookie_holder', password: 'a long good password' }),
    });
    const cookie = /strata_session=([^;]*)/.exec(signup.r.headers.get('set-cookie') ?? '')![1]!;
    await call('GET', '/api/v1/auth/me', { headers: { cookie: `strata_session=${cookie}` } });

    expect(requests().map((l) => [l.method, l.route, l.status])).toEqual([
      ['POST', '/api/v1/sql/execute', 200],
      ['GET', '/api/v1/execution/:execution_id/results', 200],
      ['GET', '/api/v1/execution/:execution_id/status', 401],
      ['POST', '/api/v1/auth/signup', 200],
      ['GET', '/api/v1/auth/me', 200],
    ]);
    const out = text();
    for (const secret of [
      u.key,
      'x'.repeat(43),
      cookie,
      'the-secret-literal',
      'alice@example.com',
      'a long good password',
      id,
      'api_key',
    ])
      expect(out, secret).not.toContain(secret);
  });
});
