import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { rawRequest } from '../test/raw-http.js';
import { createTable } from '../test/uploads-helpers.js';

/**
 * Request bounds, tried over a real socket as an attacker would: declared and streamed bodies
 * over the limit, bodies that stop arriving, nesting, and request lines over the header limit.
 */
let t: TestServer;
let server: { url: string; port: number; close: () => Promise<void> };
let alice: TestUser;
const MAX = 64 * 1024;

beforeAll(async () => {
  t = await createTestServer({ maxJsonBodyBytes: MAX, bodyTimeoutMs: 1000 });
  alice = await t.createUser('alice');
  server = await t.listen();
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const head = (method: string, path: string, headers: Record<string, string | number>) =>
  `${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

describe('JSON bodies', () => {
  it('refuses a declared 300 MB body at once with 413, before reading or authenticating', async () => {
    const rssBefore = process.memoryUsage().rss;
    const r = await rawRequest(
      server.port,
      head('POST', '/api/v1/auth/signin', {
        'content-type': 'application/json',
        'content-length': 300 * 1024 ** 2,
      }),
      { body: '{"handle": "x"' },
    );
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body)).toEqual({
      error: `the request body is larger than the limit of ${MAX} bytes`,
    });
    expect(r.headers).toMatch(/connection: close/i);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(50 * 1024 ** 2);
  });

  it('stops reading a chunked body as soon as it passes the limit', async () => {
    const chunk = 'x'.repeat(16 * 1024);
    const chunks = Array.from({ length: 64 }, () => `${(16 * 1024).toString(16)}\r\n${chunk}\r\n`);
    const r = await rawRequest(
      server.port,
      head('POST', '/api/v1/query', {
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
        'x-service-api-key': alice.key,
      }),
      { body: chunks.join('') },
    );
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).error).toMatch(/larger than the limit/);
    expect((await t.call('GET', '/api/v1/queries', { key: alice.key })).json.total).toBe(0);
  });

  it('answers 408 when a body shorter than its content-length stops arriving', async () => {
    const r = await rawRequest(
      server.port,
      head('POST', '/api/v1/query', {
        'content-type': 'application/json',
        'content-length': 100,
        'x-service-api-key': alice.key,
      }),
      { body: '{"name": "held' },
    );
    expect(r.status).toBe(408);
    expect(JSON.parse(r.body)).toEqual({ error: 'the request body did not arrive within 1 s' });
    expect(r.ms).toBeLessThan(10_000);
  });

  it('refuses JSON nested deeper than 64 levels with 400, in any route', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    for (const [method, path] of [
      ['POST', '/api/v1/query'],
      ['POST', '/api/v1/auth/signin'],
      ['PATCH', '/api/v1/visualizations/1'],
    ] as const) {
      const r = await t.call(method, path, { key: alice.key, body: `{"options": ${deep}}` });
      expect(r.status).toBe(400);
      expect(r.json).toEqual({
        error: 'Invalid request body payload: nested deeper than 64 levels',
      });
    }
    // Brackets inside strings do not count.
    const ok = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: { name: '[[[[', query_sql: `SELECT '${'['.repeat(1000)}'` },
    });
    expect(ok.status).toBe(200);
  });

  it('accepts a body at the limit and refuses one byte more, in process too', async () => {
    const sql = (n: number) => `SELECT 1 --${'x'.repeat(n)}`;
    const envelope = JSON.stringify({ name: 'q', query_sql: sql(0) }).length;
    const fits = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: { name: 'q', query_sql: sql(MAX - envelope) },
    });
    expect(fits.status).toBe(200);
    const over = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: { name: 'q', query_sql: sql(MAX - envelope + 1) },
    });
    expect(over.status).toBe(413);
  });
});

describe('upload bodies', () => {
  it('keep their own limit, and answer 408 when the upload stops arriving', async () => {
    await createTable(t, alice.key, 'alice', 'stalled');
    const r = await rawRequest(
      server.port,
      head('POST', '/api/v1/uploads/alice/stalled/insert', {
        'content-type': 'text/csv',
        'content-length': 1000,
        'x-service-api-key': alice.key,
      }),
      { body: 'id,name\n1,a\n' },
    );
    expect(r.status).toBe(408);
    expect(JSON.parse(r.body)).toEqual({ error: 'the upload stopped arriving for 1 s' });
    expect((await t.deps.lake.get('dune', 'alice', 'stalled'))!.row_count).toBe(0);
    // A body larger than the JSON limit but within the upload limit is taken.
    const rows = Array.from({ length: 5000 }, (_, i) => `${i},name-${i}`).join('\n');
    const big = await t.call('POST', '/api/v1/uploads/alice/stalled/insert', {
      key: alice.key,
      raw: { body: `id,name\n${rows}\n`, contentType: 'text/csv' },
    });
    expect(big.status).toBe(200);
    expect(big.json.rows_written).toBe(5000);
  });
});

describe('request lines and headers', () => {
  it('answer 431 with a JSON body past the header limit', async () => {
    const r = await rawRequest(
      server.port,
      head('GET', `/api/v1/queries?q=${'x'.repeat(300 * 1024)}`, {
        'x-service-api-key': alice.key,
      }),
    );
    expect(r.status).toBe(431);
    expect(JSON.parse(r.body).error).toMatch(/larger than 262144 bytes/);
  });

  it('take the documented 100,000-character columns value', async () => {
    const names = Array.from({ length: 10_000 }, (_, i) => `col_${i}`).join(',');
    const padded = `${names},${'z'.repeat(100_000 - names.length - 1)}`;
    expect(padded.length).toBe(100_000);
    const res = await fetch(
      `${server.url}/api/v1/execution/01HZX3J3N7QK7Y3V8W9D2E4F5G/results?columns=${padded}`,
      { headers: { 'x-service-api-key': alice.key } },
    );
    // Reached the route (the execution does not exist), not refused by the parser.
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Execution not found' });
  });

  it('answer a malformed request line with 400 and a JSON body', async () => {
    const r = await rawRequest(server.port, 'NOT A REQUEST\r\n\r\n');
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toEqual({ error: 'malformed HTTP request' });
  });
});
