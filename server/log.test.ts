import { describe, expect, it } from 'vitest';
import { newApiKey } from './auth/keys.js';
import { defaultLogFormat, redactSecrets } from './log.js';
import { captureLog } from './test/log-capture.js';

const { key } = newApiKey(1, 'read', null);

describe('redactSecrets', () => {
  it('hides the api_key query parameter wherever it stands, keeping the rest of the URL', () => {
    expect(redactSecrets(`/api/v1/execution/01J/results?api_key=${key}&limit=5`)).toBe(
      '/api/v1/execution/01J/results?api_key=[redacted]&limit=5',
    );
    expect(redactSecrets(`GET https://h/x?limit=5&API_KEY=abc#top`)).toBe(
      'GET https://h/x?limit=5&API_KEY=[redacted]#top',
    );
  });

  it('hides an API key and a session cookie anywhere in a text', () => {
    expect(redactSecrets(`bad header x-service-api-key: ${key} (revoked)`)).toBe(
      'bad header x-service-api-key: strata_[redacted] (revoked)',
    );
    expect(redactSecrets('cookie: strata_session=abc.def-123; theme=dark')).toBe(
      'cookie: strata_session=[redacted]; theme=dark',
    );
    expect(redactSecrets('plain text, strata_session and strata_ alone')).toBe(
      'plain text, strata_session and strata_ alone',
    );
  });
});

describe('the logger', () => {
  it('writes JSON lines with a level label, a time, the pid, host and port', () => {
    const { log, lines } = captureLog();
    log.info({ event: 'x' }, 'hello');
    expect(lines[0]).toMatchObject({
      level: 'info',
      msg: 'hello',
      event: 'x',
      pid: process.pid,
      port: 0,
      hostname: expect.any(String),
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('never writes keys, cookies, SQL or parameter values, in fields, messages or errors', () => {
    const { log, text } = captureLog();
    log.info(
      {
        sql: "SELECT * FROM t WHERE owner = 'alice@example.com'",
        parameters: { owner: 'alice@example.com' },
        headers: { 'x-service-api-key': key, cookie: 'strata_session=abc' },
        req: { api_key: key, password: 'hunter2 hunter2' },
      },
      `called /x?api_key=${key}`,
    );
    log.error({ err: new Error(`fetch https://hook/x?api_key=${key} failed`) }, 'webhook');
    const out = text();
    for (const secret of [key, 'alice@example.com', 'strata_session=abc', 'hunter2'])
      expect(out).not.toContain(secret);
    expect(out).toContain('[redacted]');
    expect(out).toContain('failed');
  });

  it('is readable on a terminal and JSON under a supervisor', () => {
    expect(defaultLogFormat({ isTTY: true })).toBe('pretty');
    expect(defaultLogFormat({ isTTY: false })).toBe('json');
    expect(defaultLogFormat({})).toBe('json');
  });
});
