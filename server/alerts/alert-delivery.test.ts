import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { deliver } from './alert-delivery.js';
import type { AlertMessage } from './alert-message.js';

let server: http.Server;
let port: number;
const bodies: unknown[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push({ host: req.headers.host, body: JSON.parse(Buffer.concat(chunks).toString()) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const message = { subject: 's', text: 't', body: { text: 'hello' } } as unknown as AlertMessage;
const deps = (allowPrivateWebhooks: boolean, lookup: (host: string) => string) => {
  const calls: string[] = [];
  return {
    calls,
    deps: {
      config: {
        alerts: { ...testConfig('/unused').alerts, allowPrivateWebhooks, retryBackoffMs: 1 },
        smtp: undefined,
      },
      lookup: async (host: string) => {
        calls.push(host);
        return [{ address: lookup(host), family: 4 }];
      },
      signal: new AbortController().signal,
    },
  };
};

describe('webhook delivery and DNS', () => {
  it('resolves the host again at delivery: a name now pointing at loopback is refused, untried', async () => {
    const { deps: d, calls } = deps(false, () => '127.0.0.1');
    const r = await deliver({ type: 'webhook', url: `http://rebind.test:${port}/x` }, message, d);
    expect(r).toMatchObject({ kind: 'webhook', ok: false, attempts: 1 });
    expect(r.error).toMatch(
      /"rebind.test" is a private, loopback or link-local address \(127\.0\.0\.1\)/,
    );
    expect(calls).toEqual(['rebind.test']);
    expect(bodies).toEqual([]);
  });

  it('connects to the address it checked (pinned), keeping the name in the Host header', async () => {
    const { deps: d } = deps(true, () => '127.0.0.1');
    const r = await deliver({ type: 'webhook', url: `http://hooks.test:${port}/x` }, message, d);
    expect(r).toMatchObject({ ok: true, attempts: 1, error: null });
    expect(bodies).toEqual([{ host: `hooks.test:${port}`, body: { text: 'hello' } }]);
  });

  it('email with no SMTP server configured is a failed delivery saying so', async () => {
    const { deps: d } = deps(true, () => '127.0.0.1');
    const r = await deliver({ type: 'email', to: 'ops@example.com' }, message, d);
    expect(r).toMatchObject({
      kind: 'email',
      ok: false,
      attempts: 1,
      error: 'no SMTP server is configured (SMTP_HOST)',
    });
  });
});
