import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers 200 without a key', async () => {
    const r = await t.call('GET', '/api/health');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: 'ok' });
  });
});

describe('GET /api/whoami', () => {
  it('names the key context and scope', async () => {
    const u = await t.createUser('whoami_user');
    const r = await t.call('GET', '/api/whoami', { key: u.readKey });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      customer_id: `user_${u.account.id}`,
      handle: 'whoami_user',
      scope: 'read',
    });
  });
  it('accepts the key in x-dune-api-key, any header case, and ?api_key=', async () => {
    const u = await t.createUser('whoami_alias');
    expect(
      (await t.call('GET', '/api/whoami', { headers: { 'X-Dune-Api-Key': u.key } })).status,
    ).toBe(200);
    expect(
      (await t.call('GET', '/api/whoami', { headers: { 'X-SERVICE-API-KEY': u.key } })).status,
    ).toBe(200);
    expect((await t.call('GET', `/api/whoami?api_key=${u.key}`)).status).toBe(200);
  });
  it('answers 401 for a missing, bad or revoked key', async () => {
    expect((await t.call('GET', '/api/whoami')).json).toEqual({ error: 'invalid API Key' });
    expect((await t.call('GET', '/api/whoami', { key: 'strata_nope' })).status).toBe(401);
    expect((await t.call('GET', '/api/whoami', { key: 'x'.repeat(10_000) })).status).toBe(401);
    const u = await t.createUser('whoami_revoked');
    const created = await t.deps.keys.create(u.account.id, 'read', u.account.id);
    expect((await t.call('GET', '/api/whoami', { key: created.key })).status).toBe(200);
    await t.deps.keys.revoke(created.info.id, u.account.id);
    expect((await t.call('GET', '/api/whoami', { key: created.key })).status).toBe(401);
  });
});

describe('unknown routes and the OpenAPI document', () => {
  it('answers 404 with an error body under /api', async () => {
    const r = await t.call('GET', '/api/v1/nope');
    expect(r.status).toBe(404);
    expect(r.json.error).toMatch(/no route/);
  });
  it('serves an OpenAPI 3.1 document', async () => {
    const r = await t.call('GET', '/api/v1/openapi.json');
    expect(r.status).toBe(200);
    expect(r.json.openapi).toBe('3.1.0');
    expect(Object.keys(r.json.paths)).toContain('/api/health');
  });
});

describe('GET /api/health while the node drains', () => {
  it('answers 503 draining, so a balancer sends new requests elsewhere', async () => {
    const s = await createTestServer();
    try {
      expect((await s.call('GET', '/api/health')).status).toBe(200);
      // What SIGTERM starts (main.ts): nothing runs here, so the drain ends at once.
      await s.deps.drain(60_000);
      const r = await s.call('GET', '/api/health');
      expect(r.status).toBe(503);
      expect(r.json).toEqual({ status: 'draining' });
      expect(r.headers.get('retry-after')).toBe('5');
    } finally {
      await s.close();
    }
  });
});
