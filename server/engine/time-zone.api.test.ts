import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * SQL runs in UTC whatever the machine's time zone, as on the hosted service: DuckDB's time zone
 * functions (date_trunc, hour, casts between TIMESTAMPTZ and TIMESTAMP) otherwise follow the
 * server machine's zone. A server is started with TZ set to New York to show it.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
let child: ChildProcess;
let url: string;
let cookie: string;
let dataDir: string;

async function call(method: string, p: string, body?: unknown, type = 'application/json') {
  const r = await fetch(`${url}${p}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': type }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}

async function rowsOf(sql: string): Promise<Record<string, unknown>[]> {
  const ex = await call('POST', '/api/v1/sql/execute', { sql });
  expect(ex.status).toBe(200);
  const id = ex.json.execution_id as string;
  for (;;) {
    const s = await call('GET', `/api/v1/execution/${id}/status?wait_ms=10000`);
    if (s.json.is_execution_finished) break;
  }
  const r = await call('GET', `/api/v1/execution/${id}/results`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  expect(r.json.result, JSON.stringify(r.json)).toBeDefined();
  return (r.json.result as { rows: Record<string, unknown>[] }).rows;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-tz-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    stdio: 'pipe',
    env: {
      ...process.env,
      TZ: 'America/New_York',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'static'),
      DEMO_DATA: 'false',
      SCHEDULER_TICK_SECONDS: '0',
      LOG_FORMAT: 'json',
    },
  });
  let out = '';
  url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at (http:\/\/[^/\s]+)\//.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', () => reject(new Error(`the server ended before it served: ${out}`)));
  });
  const signup = await fetch(`${url}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ handle: 'tz_alice', password: 'correct horse battery' }),
  });
  cookie = /strata_session=[^;]*/.exec(signup.headers.get('set-cookie') ?? '')![0];
}, 60_000);
afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('on a server whose machine is in New York', { timeout: 60_000 }, () => {
  it('queries compute with time zones in UTC', async () => {
    const [row] = await rowsOf(
      `SELECT current_setting('TimeZone') AS tz,
        date_trunc('day', TIMESTAMPTZ '2024-01-01 03:00:00+00') AS day,
        hour(TIMESTAMPTZ '2024-01-01 03:00:00+00') AS h,
        CAST(TIMESTAMPTZ '2024-01-01 03:00:00+02' AS TIMESTAMP) AS wall`,
    );
    expect(row).toEqual({
      tz: 'UTC',
      day: '2024-01-01 00:00:00.000 UTC',
      h: 3,
      wall: '2024-01-01 01:00:00.000',
    });
  });

  it('an uploaded timestamp with an offset is stored in UTC', async () => {
    const created = await call('POST', '/api/v1/uploads', {
      namespace: 'tz_alice',
      table_name: 'events',
      schema: [{ name: 'seen_at', type: 'timestamp' }],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const insert = await call(
      'POST',
      '/api/v1/uploads/tz_alice/events/insert',
      'seen_at\n2024-01-01T03:00:00+02:00\n',
      'text/csv',
    );
    expect(insert.status, JSON.stringify(insert.json)).toBe(200);
    expect(await rowsOf('SELECT seen_at FROM dune.tz_alice.events')).toEqual([
      { seen_at: '2024-01-01 01:00:00.000' },
    ]);
  });
});
