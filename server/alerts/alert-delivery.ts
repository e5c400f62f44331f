import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { AlertMessage } from './alert-message.js';
import type { DeliveryRecord } from './alert-history-repo.js';
import type { Destination } from './alerts-repo.js';
import { parseWebhookUrl, resolveWebhook, type LookupAll } from './webhook-address.js';

/**
 * Sends one alert message to one destination: a webhook POST of the JSON body, or an email over
 * SMTP. Each attempt has a timeout; a failure that may pass (no connection, a timeout, HTTP 5xx,
 * 408 or 429, an SMTP 4xx) is tried again after a backoff that doubles, up to the configured
 * number of attempts; what happened is returned as the delivery to record, never thrown.
 */

export type DeliveryDeps = {
  config: Pick<Config, 'alerts' | 'smtp'>;
  lookup?: LookupAll;
  /** Aborted when the server stops: no more attempts start. */
  signal: AbortSignal;
};

type Attempt = { ok: true } | { ok: false; error: string; retry: boolean };

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Waits `ms`, or less if `signal` aborts. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

async function withRetries(
  deps: DeliveryDeps,
  attempt: () => Promise<Attempt>,
): Promise<{ ok: boolean; attempts: number; error: string | null }> {
  const { deliveryAttempts, retryBackoffMs } = deps.config.alerts;
  let last = 'not attempted';
  for (let n = 1; n <= deliveryAttempts; n++) {
    if (deps.signal.aborted) return { ok: false, attempts: n - 1, error: 'the server stopped' };
    const r = await attempt().catch((err: unknown): Attempt => {
      return { ok: false, error: errorText(err), retry: true };
    });
    if (r.ok) return { ok: true, attempts: n, error: null };
    last = r.error;
    if (!r.retry || n === deliveryAttempts) return { ok: false, attempts: n, error: last };
    await pause(retryBackoffMs * 2 ** (n - 1), deps.signal);
  }
  return { ok: false, attempts: deliveryAttempts, error: last };
}

/** One POST to the addresses checked for it (pinned through `lookup`, so no second resolution). */
function postOnce(url: URL, body: string, deps: DeliveryDeps): Promise<Attempt> {
  return resolveWebhook(url, deps.config.alerts.allowPrivateWebhooks, deps.lookup).then(
    (addresses) =>
      new Promise<Attempt>((resolve) => {
        const pinned: LookupFunction = (_host, options, cb) => {
          if (options.all) cb(null, addresses);
          else cb(null, addresses[0]!.address, addresses[0]!.family);
        };
        const signal = AbortSignal.any([
          deps.signal,
          AbortSignal.timeout(deps.config.alerts.deliveryTimeoutMs),
        ]);
        const req = (url.protocol === 'https:' ? https : http).request(url, {
          method: 'POST',
          lookup: pinned,
          signal,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'Strata-Alerts/1',
          },
        });
        req.on('response', (res) => {
          res.resume();
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve({ ok: true });
          else
            resolve({
              ok: false,
              error:
                status >= 300 && status < 400
                  ? `HTTP ${status}: redirects are not followed`
                  : `HTTP ${status}`,
              retry: status >= 500 || status === 408 || status === 429,
            });
        });
        req.on('error', (err) => {
          const timedOut = signal.aborted && !deps.signal.aborted;
          resolve({
            ok: false,
            error: timedOut
              ? `no answer within ${deps.config.alerts.deliveryTimeoutMs / 1000} s`
              : errorText(err),
            retry: true,
          });
        });
        req.end(body);
      }),
    // A host that now resolves to a refused address (or to nothing) is not tried again.
    (err: unknown): Attempt => ({ ok: false, error: errorText(err), retry: false }),
  );
}

async function sendMailOnce(to: string, m: AlertMessage, deps: DeliveryDeps): Promise<Attempt> {
  const smtp = deps.config.smtp;
  if (!smtp) return { ok: false, error: 'no SMTP server is configured (SMTP_HOST)', retry: false };
  const timeout = deps.config.alerts.deliveryTimeoutMs;
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  try {
    await transport.sendMail({ from: smtp.from, to, subject: m.subject, text: m.text });
    return { ok: true };
  } catch (err) {
    const code = (err as { responseCode?: number }).responseCode;
    // 5xx is a refusal that will not change; 4xx and no answer at all may pass.
    return { ok: false, error: errorText(err), retry: code === undefined || code < 500 };
  } finally {
    transport.close();
  }
}

/** Delivers `m` to `d`; the record says how it went. */
export async function deliver(
  d: Destination,
  m: AlertMessage,
  deps: DeliveryDeps,
): Promise<DeliveryRecord> {
  const r =
    d.type === 'webhook'
      ? await withRetries(deps, () =>
          postOnce(parseWebhookUrl(d.url), JSON.stringify(m.body), deps),
        )
      : await withRetries(deps, () => sendMailOnce(d.to, m, deps));
  return {
    kind: d.type,
    destination: d.type === 'webhook' ? d.url : d.to,
    ok: r.ok,
    attempts: r.attempts,
    error: r.error,
    deliveredAt: new Date().toISOString(),
  };
}
