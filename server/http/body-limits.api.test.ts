import net from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { rawRequest } from '../test/raw-http.js';
import { createTable } from '../test/uploads-helpers.js';
import { createNodeServer, LINGER_BYTES, listen } from './node-server.js';

/**
 * Request bounds, tried over a real socket as an attacker would: declared and streamed bodies
 * over the limit, bodies that stop arriving, nesting, and request lines over the header limit.
 */
let t: TestServer;
let server: { url: string; port: number; close: () => Promise<void> };
let alice: TestUser;
const MAX = 64 * 1024;

beforeAll(async () => {
  t = await createTestServer({
    maxJsonBodyBytes: MAX,
    maxUploadBytes: 1024 ** 2,
    bodyTimeoutMs: 1000,
  });
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

/**
 * Node's fetch, run in a worker thread: a client with its own event loop, as a separate program
 * is (in the test's own loop, the server's close and the client's writes take turns in an order
 * that hides a reset). Each request sends `size` bytes, declared or chunked, and the worker
 * answers with what each fetch read: its status and body, or its error.
 */
const FETCH_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const chunk = new Uint8Array(64 * 1024).fill(0x20);
const body = (size) => {
  let sent = 0;
  return new ReadableStream({
    pull(c) {
      if (sent >= size) return c.close();
      sent += chunk.length;
      c.enqueue(chunk);
    },
  });
};
const send = async ({ url, method, headers, size, declared }) => {
  try {
    const res = await fetch(url, {
      method,
      headers: declared ? { ...headers, 'content-length': String(size) } : headers,
      body: body(size),
      duplex: 'half',
    });
    return { status: res.status, body: await res.text() };
  } catch (err) {
    return { error: err.message + ': ' + (err.cause && (err.cause.code || err.cause.message)) };
  }
};
Promise.all(workerData.map(send)).then((answers) => parentPort.postMessage(answers));
`;

type FetchRequest = {
  url: string;
  method: string;
  headers: Record<string, string>;
  size: number;
  declared: boolean;
};

function fetchInWorker(requests: FetchRequest[]): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(FETCH_CLIENT, { eval: true, workerData: requests });
    worker.once('message', (answers: unknown[]) => {
      resolve(answers);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe('bodies refused before they are read', () => {
  const tooLarge = {
    status: 413,
    body: JSON.stringify({ error: `the request body is larger than the limit of ${MAX} bytes` }),
  };

  it('answer a 413 that Node fetch reads, declared or chunked, while it still sends', async () => {
    const routes = [
      ['POST', '/api/v1/sql/execute'],
      ['POST', '/api/v1/usage'],
      ['POST', '/api/v1/auth/signup'],
      ['PATCH', '/api/v1/visualizations/1'],
    ];
    const requests = routes.flatMap(([method, path]) =>
      [true, false].map((declared) => ({
        url: `${server.url}${path}`,
        method: method!,
        headers: { 'content-type': 'application/json', 'x-service-api-key': alice.key },
        size: 10 * 1024 ** 2,
        declared,
      })),
    );
    // A reset loses the race to the answer now and then: eight rounds of eight at once.
    for (let round = 0; round < 8; round++)
      expect(await fetchInWorker(requests)).toEqual(requests.map(() => tooLarge));
  });

  it('answer an anonymous 300 MB body with a 413 that Node fetch reads', async () => {
    const answers = await fetchInWorker(
      Array.from({ length: 4 }, (_, i) => ({
        url: `${server.url}/api/v1/auth/signup`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        size: 300 * 1024 ** 2,
        declared: i % 2 === 0,
      })),
    );
    expect(answers).toEqual(answers.map(() => tooLarge));
  });

  it('read and drop a bounded part of the rest, then close, from a client that never stops', async () => {
    // A server of its own, to read how many bytes its socket took.
    const node = createNodeServer(t.app.fetch, t.config);
    const sockets: net.Socket[] = [];
    node.on('connection', (s: net.Socket) => sockets.push(s));
    const port = await listen(node, 0, '127.0.0.1');
    try {
      for (const declared of [true, false]) {
        const size = 300 * 1024 ** 2;
        const headers = head('POST', '/api/v1/auth/signup', {
          'content-type': 'application/json',
          ...(declared ? { 'content-length': size } : { 'transfer-encoding': 'chunked' }),
        });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const piece = declared
          ? chunk
          : Buffer.concat([
              Buffer.from(`${chunk.length.toString(16)}\r\n`),
              chunk,
              Buffer.from('\r\n'),
            ]);
        // Sends until the server closes, never reading the answer's end as a reason to stop.
        const answer = await new Promise<string>((resolve) => {
          let received = '';
          let sent = 0;
          // Half-open: the server's end of sending does not end the client's.
          const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => {
            socket.write(headers);
            const pump = () => {
              while (sent < size && !socket.destroyed) {
                sent += chunk.length;
                if (!socket.write(piece)) return socket.once('drain', pump);
              }
              socket.end(); // all of it sent: only when the server read it all
            };
            pump();
          });
          socket.on('data', (d: Buffer) => (received += d.toString()));
          socket.on('error', () => {});
          socket.on('close', () => resolve(received));
        });
        expect(answer).toMatch(/^HTTP\/1\.1 413 .*connection: close.*larger than the limit/is);
        const serverSide = sockets.at(-1)!;
        if (!serverSide.destroyed) await new Promise((r) => serverSide.once('close', r));
        // What the server took: the part it refused at (the limit, for a chunked body), the
        // bounded part it dropped after answering, and a read's worth more.
        expect(serverSide.bytesRead).toBeLessThan(MAX + LINGER_BYTES + 1024 ** 2);
      }
    } finally {
      node.closeAllConnections();
      await new Promise((r) => node.close(r));
    }
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

  it('answer a 413 past their limit that Node fetch reads, while it still sends', async () => {
    await createTable(t, alice.key, 'alice', 'oversized');
    const requests = [true, false, true, false].map((declared) => ({
      url: `${server.url}/api/v1/uploads/alice/oversized/insert`,
      method: 'POST',
      headers: { 'content-type': 'text/csv', 'x-service-api-key': alice.key },
      size: 30 * 1024 ** 2,
      declared,
    }));
    const error = 'the upload is larger than the limit of 1048576 bytes (MAX_UPLOAD_BYTES)';
    expect(await fetchInWorker(requests)).toEqual(
      requests.map(() => ({ status: 413, body: JSON.stringify({ error }) })),
    );
    expect((await t.deps.lake.get('dune', 'alice', 'oversized'))!.row_count).toBe(0);
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
