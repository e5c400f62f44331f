import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';

const LOW = 3;
const HIGH = 5;

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ rateLimit: { lowPerMinute: LOW, highPerMinute: HIGH } });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A write: creates a query (counts against the low bucket). */
const write = (u: TestUser, i = 0) =>
  t.call('POST', '/api/v1/query', { key: u.key, body: { name: `q${i}`, query_sql: 'SELECT 1' } });
/** A read (counts against the high bucket). */
const read = (u: TestUser) => t.call('GET', '/api/v1/queries', { key: u.key });

function expectLimited(r: Awaited<ReturnType<TestServer['call']>>) {
  expect(r.status).toBe(429);
  expect(r.json.error).toMatch(/^rate limited: /);
  const retry = Number(r.headers.get('retry-after'));
  expect(Number.isInteger(retry)).toBe(true);
  expect(retry).toBeGreaterThanOrEqual(1);
  expect(retry).toBeLessThanOrEqual(60);
}

describe('per-context rate limits', () => {
  it('answers 429 with Retry-After once the write bucket is used up', async () => {
    const u = await t.createUser('rl_writer');
    for (let i = 0; i < LOW; i++) expect((await write(u, i)).status).toBe(200);
    const over = await write(u, 99);
    expectLimited(over);
    expect(over.json.error).toContain('write');
    // The refused write did not happen.
    const list = await read(u);
    expect(list.status).toBe(200);
    expect(list.json.total).toBe(LOW);
  });

  it('answers 429 with Retry-After once the read bucket is used up', async () => {
    const u = await t.createUser('rl_reader');
    for (let i = 0; i < HIGH; i++) expect((await read(u)).status).toBe(200);
    const over = await read(u);
    expectLimited(over);
    expect(over.json.error).toContain('read');
  });

  it('counts cancel and POST /usage as reads', async () => {
    const u = await t.createUser('rl_cancel');
    for (let i = 0; i < HIGH - 2; i++) expect((await read(u)).status).toBe(200);
    const usage = await t.call('POST', '/api/v1/usage', { key: u.key });
    expect(usage.status).toBe(200);
    const cancel = await t.call('POST', '/api/v1/execution/01HZZZZZZZZZZZZZZZZZZZZZZZ/cancel', {
      key: u.key,
    });
    expect([400, 404]).toContain(cancel.status);
    expectLimited(await t.call('POST', '/api/v1/usage', { key: u.key }));
    // Writes are still allowed: the buckets are separate.
    expect((await write(u)).status).toBe(200);
  });

  it('keeps the two buckets independent', async () => {
    const u = await t.createUser('rl_both');
    for (let i = 0; i < LOW; i++) expect((await write(u, i)).status).toBe(200);
    expectLimited(await write(u, 99));
    for (let i = 0; i < HIGH; i++) expect((await read(u)).status).toBe(200);
    expectLimited(await read(u));
  });

  it('counts each context separately, also a team and its owner', async () => {
    const a = await t.createUser('rl_ctx_a');
    const b = await t.createUser('rl_ctx_b');
    const team = await t.createTeam('rl_ctx_team', a);
    for (let i = 0; i < LOW; i++) expect((await write(a, i)).status).toBe(200);
    expectLimited(await write(a, 99));
    expect((await write(b)).status).toBe(200);
    expect((await write(team)).status).toBe(200);
    // Another key of the same context shares its buckets.
    const read2 = await t.call('POST', '/api/v1/query', {
      key: (await t.deps.keys.create(a.account.id, 'read_write', a.account.id)).key,
      body: { name: 'x', query_sql: 'SELECT 1' },
    });
    expectLimited(read2);
  });

  it('never counts the health check, and a bad key is 401 before any counting', async () => {
    for (let i = 0; i < HIGH + LOW + 5; i++) {
      expect((await t.call('GET', '/api/health')).status).toBe(200);
    }
    const bad = await t.call('GET', '/api/v1/queries', { key: 'not-a-key' });
    expect(bad.status).toBe(401);
  });

  it('resets the window after a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-01-01T00:00:00Z') });
    const u = await t.createUser('rl_reset');
    for (let i = 0; i < LOW; i++) expect((await write(u, i)).status).toBe(200);
    vi.setSystemTime(new Date('2030-01-01T00:00:45Z'));
    const over = await write(u, 99);
    expectLimited(over);
    expect(over.headers.get('retry-after')).toBe('15');
    vi.setSystemTime(new Date('2030-01-01T00:00:59.999Z'));
    expectLimited(await write(u, 98));
    vi.setSystemTime(new Date('2030-01-01T00:01:00Z'));
    for (let i = 0; i < LOW; i++) expect((await write(u, 10 + i)).status).toBe(200);
    expectLimited(await write(u, 97));
  });
});

describe('anonymous requests', () => {
  it('count per client IP, so public pages cannot be called without limit', async () => {
    const s = await createTestServer({
      rateLimit: { lowPerMinute: LOW, highPerMinute: HIGH },
      trustProxy: true,
    });
    try {
      const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
      // An anonymous read of a public resource (a dashboard; unknown here, so 404).
      const read = (ip: string) => s.call('GET', '/api/v1/dashboards/999', from(ip));
      for (let i = 0; i < HIGH; i++) expect((await read('203.0.113.1')).status).toBe(404);
      const over = await read('203.0.113.1');
      expectLimited(over);
      expect(over.json.error).toContain('for this address');
      // Another address has its own bucket; a signed-in caller from the same address too.
      expect((await read('203.0.113.2')).status).toBe(404);
      const u = await s.createUser('rl_anon_keyed');
      const keyed = await s.call('GET', '/api/v1/queries', { key: u.key, ...from('203.0.113.1') });
      expect(keyed.status).toBe(200);
      // Anonymous writes use the write bucket of the address.
      const signin = () =>
        s.call('POST', '/api/v1/auth/signin', {
          body: { handle: 'nobody', password: 'wrong-password' },
          ...from('203.0.113.3'),
        });
      for (let i = 0; i < LOW; i++) expect((await signin()).status).not.toBe(429);
      expectLimited(await signin());
      // The health check is never limited.
      for (let i = 0; i < HIGH + 2; i++)
        expect((await s.call('GET', '/api/health', from('203.0.113.1'))).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('rate limits turned off', () => {
  it('0 disables a bucket while the other still applies', async () => {
    const s = await createTestServer({ rateLimit: { lowPerMinute: 0, highPerMinute: 2 } });
    try {
      const u = await s.createUser('rl_off');
      for (let i = 0; i < 20; i++) {
        const r = await s.call('POST', '/api/v1/query', {
          key: u.key,
          body: { name: `q${i}`, query_sql: 'SELECT 1' },
        });
        expect(r.status).toBe(200);
      }
      expect((await s.call('GET', '/api/v1/queries', { key: u.key })).status).toBe(200);
      expect((await s.call('GET', '/api/v1/queries', { key: u.key })).status).toBe(200);
      expect((await s.call('GET', '/api/v1/queries', { key: u.key })).status).toBe(429);
    } finally {
      await s.close();
    }
  });

  it('the test default (both 0) never limits', async () => {
    const s = await createTestServer();
    try {
      expect(s.deps.config.rateLimit).toEqual({ lowPerMinute: 0, highPerMinute: 0 });
      const u = await s.createUser('rl_default');
      for (let i = 0; i < 30; i++) {
        expect((await s.call('GET', '/api/v1/queries', { key: u.key })).status).toBe(200);
      }
    } finally {
      await s.close();
    }
  });
});
