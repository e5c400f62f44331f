import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import { testConfig, type Config } from '../config.js';
import type { TestServer } from './harness.js';

export const ALERTS = '/api/v1/alerts';

/** Alert settings for tests: loopback webhooks allowed, quick retries, and an SMTP server. */
export function alertConfig(
  opts: { smtpPort?: number; alerts?: Partial<Config['alerts']> } = {},
): Partial<Config> {
  const base = testConfig('/unused').alerts;
  return {
    alerts: {
      ...base,
      allowPrivateWebhooks: true,
      retryBackoffMs: 10,
      deliveryTimeoutMs: 5000,
      deliveryAttempts: 3,
      ...opts.alerts,
    },
    publicUrl: 'https://strata.example.com',
    smtp: opts.smtpPort
      ? {
          host: '127.0.0.1',
          port: opts.smtpPort,
          secure: false,
          user: undefined,
          password: undefined,
          from: 'Strata alerts <alerts@strata.example.com>',
        }
      : undefined,
  };
}

/** POST /alerts; expects 200 and returns the alert. */
export async function createAlert(t: TestServer, key: string, body: Record<string, unknown>) {
  const r = await t.call('POST', ALERTS, { key, body });
  expect(r.status, r.text).toBe(200);
  return r.json as { id: number; next_evaluation_time: string | null; state: string };
}

/** Evaluates an alert now through the API and waits until it and its deliveries have ended. */
export async function runAlert(t: TestServer, key: string, id: number) {
  const r = await t.call('POST', `${ALERTS}/${id}/run`, { key });
  expect(r.status, r.text).toBe(200);
  await t.deps.alerts.runner.settled(r.json.evaluation_id);
  return r.json as { evaluation_id: number; execution_id: string | null; state: string };
}

export async function history(t: TestServer, key: string, id: number) {
  const r = await t.call('GET', `${ALERTS}/${id}/history`, { key });
  expect(r.status, r.text).toBe(200);
  return r.json.evaluations as {
    id: number;
    trigger: string;
    state: string;
    value: unknown;
    error: string | null;
    notified: boolean;
    execution_id: string | null;
    deliveries: {
      kind: string;
      destination: string;
      ok: boolean;
      attempts: number;
      error: string | null;
    }[];
  }[];
}

type Hit = { body: any; headers: http.IncomingHttpHeaders }; // eslint-disable-line @typescript-eslint/no-explicit-any -- a test reads the JSON it sent

/** A webhook receiver on a loopback port: keeps each request's JSON, answers `status`. */
export async function webhookReceiver(status = 200) {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      hits.push({ body: text ? JSON.parse(text) : undefined, headers: req.headers });
      res.writeHead(receiver.status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const receiver = {
    hits,
    status,
    url: `http://127.0.0.1:${port}/hook`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return receiver;
}

/** A loopback URL where nothing listens (a port just freed): connections are refused. */
export async function refusingUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}/hook`;
}

const hex = (_: string, h: string) => String.fromCharCode(parseInt(h, 16));

/** A received message's subject and text: headers unfolded, encoded words and quoted-printable undone. */
function readMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const subjectLine = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
  const subject = subjectLine
    .replace(/\?=\s+=\?/g, '?==?') // whitespace between encoded words is not text
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, q: string) =>
      q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, hex),
    );
  const qp = /Content-Transfer-Encoding: quoted-printable/i.test(head);
  const text = qp ? body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, hex) : body;
  return { subject, text: Buffer.from(text, 'latin1').toString('utf8') };
}

/**
 * An SMTP server in the test process (npm smtp-server): keeps each message; recipients starting
 * with "refuse" are refused with 550.
 */
export async function smtpServer() {
  const mails: { from: string; to: string[]; subject: string; text: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (address.address.startsWith('refuse'))
        return cb(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          ...readMail(Buffer.concat(chunks).toString('latin1')),
        });
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.server.address() as AddressInfo).port;
  return { mails, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}
