import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords.js';
import { createTestServer, type TestServer } from '../test/harness.js';

const LOW = 3;
const HIGH = 4;
const PASSWORD = 'correct horse';

/** Two nodes (two apps, each with its own pool) on one PostgreSQL database. */
let one: TestServer;
let two: TestServer;
beforeAll(async () => {
  const limits = { rateLimit: { lowPerMinute: LOW, highPerMinute: HIGH }, trustProxy: true };
  one = await createTestServer(limits);
  two = await createTestServer({ ...limits, databaseUrl: one.config.databaseUrl });
});
afterAll(async () => {
  // The second node's database is the first's: it goes when the first closes.
  await two.close();
  await one.close();
});

describe('rate limits across nodes', () => {
  it('share the buckets of a context: writes split over two nodes get 429 past the limit', async () => {
    const u = await one.createUser('nodes_writer');
    const write = (s: TestServer, i: number) =>
      s.call('POST', '/api/v1/query', {
        key: u.key,
        body: { name: `q${i}`, query_sql: 'SELECT 1' },
      });
    const statuses = [];
    for (let i = 0; i < 2 * LOW; i++) statuses.push((await write(i % 2 ? two : one, i)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    const over = await write(two, 99);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Reads have their own bucket, shared too.
    const reads = [];
    for (let i = 0; i < HIGH + 1; i++)
      reads.push((await (i % 2 ? one : two).call('GET', '/api/v1/queries', { key: u.key })).status);
    expect(reads).toEqual([200, 200, 200, 200, 429]);
  });

  it('share the per-address limit of anonymous calls', async () => {
    const from = { headers: { 'x-forwarded-for': '203.0.113.7' } };
    const statuses = [];
    for (let i = 0; i < HIGH + 2; i++)
      statuses.push((await (i % 2 ? two : one).call('GET', '/api/v1/dashboards/999', from)).status);
    expect(statuses).toEqual([404, 404, 404, 404, 429, 429]);
  });

  it('count failed sign-ins on one node on the other', async () => {
    await one.deps.accounts.createUser('nodes_victim', await hashPassword(PASSWORD));
    const signin = (s: TestServer, password: string, i: number) =>
      s.call('POST', '/api/v1/auth/signin', {
        body: { handle: 'nodes_victim', password },
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
    // Every attempt from an address of its own, so only the handle's limit applies (the API's
    // write bucket counts per address too, and LOW is small).
    for (let i = 0; i < 10; i++)
      expect((await signin(i % 2 ? two : one, 'wrong', i)).status).toBe(401);
    const refused = await signin(two, PASSWORD, 50);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatch(/^too many failed sign-in attempts/);
    expect((await signin(one, PASSWORD, 51)).status).toBe(429);
  });
});
