import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';

/**
 * kill -9 during a refresh: after a restart the refresh's execution is failed, the view still
 * serves its previous snapshot, and the half-written snapshot folders are gone.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SLOW = 'SELECT sum(hash(i)) AS x FROM range(20000000000) t(i)';

let dir: string;
let port: number;
let child: ChildProcess | undefined;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-mv-crash-'));
  port = await freePort();
});
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port: p } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(p));
    });
  });
}

async function startServer(): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      SCHEDULER_TICK_SECONDS: '0',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOW_PER_MINUTE: '0',
      RATE_LIMIT_HIGH_PER_MINUTE: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) return proc;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function api(
  method: string,
  url: string,
  opts: { key?: string; cookie?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = {};
  if (opts.key) headers['x-service-api-key'] = opts.key;
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`http://127.0.0.1:${port}/api/v1${url}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads arbitrary shapes
  const json: any = text ? JSON.parse(text) : undefined;
  return { status: res.status, json, headers: res.headers };
}

async function waitState(key: string, id: string, done: (state: string) => boolean) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const r = await api('GET', `/execution/${id}/status`, { key });
    if (done(r.json.state)) return r.json;
    if (Date.now() > deadline) throw new Error(`execution ${id} stayed ${r.json.state}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

const exited = (p: ChildProcess) =>
  new Promise<void>((resolve) =>
    p.exitCode !== null ? resolve() : p.once('exit', () => resolve()),
  );

it('a refresh killed mid-run is failed after restart and the view serves its previous data', async () => {
  child = await startServer();
  const signup = await api('POST', '/auth/signup', {
    body: { handle: 'crasher', password: 'a long password' },
  });
  expect(signup.status).toBe(200);
  const cookie = signup.headers.get('set-cookie')!.split(';')[0]!;
  const created = await api('POST', '/keys', { cookie, body: { scope: 'read_write', name: 't' } });
  expect(created.status).toBe(200);
  const key = created.json.key as string;

  const q = await api('POST', '/query', { key, body: { name: 'one', query_sql: 'SELECT 1 AS x' } });
  expect(q.status).toBe(200);
  const up = await api('POST', '/materialized-views', {
    key,
    body: { name: 'result_crash', query_id: q.json.query_id },
  });
  expect(up.status).toBe(200);
  await waitState(key, up.json.execution_id, (s) => s === 'QUERY_STATE_COMPLETED');

  const patch = await api('PATCH', `/query/${q.json.query_id}`, { key, body: { query_sql: SLOW } });
  expect(patch.status).toBe(200);
  const refresh = await api('POST', '/materialized-views/dune.crasher.result_crash/refresh', {
    key,
  });
  expect(refresh.status).toBe(200);
  const id = refresh.json.execution_id as string;
  await waitState(key, id, (s) => s === 'QUERY_STATE_EXECUTING');
  // a snapshot folder half written when the process died (no table points to it)
  const half = path.join(
    dir,
    'lake',
    'dune',
    'crasher',
    'result_crash',
    '01HALFWRITTEN0000000000000',
  );
  fs.mkdirSync(half, { recursive: true });
  fs.writeFileSync(path.join(half, 'part-x.parquet'), 'torn');

  child.kill('SIGKILL');
  await exited(child);
  child = await startServer();

  const status = await api('GET', `/execution/${id}/status`, { key });
  expect(status.json.state).toBe('QUERY_STATE_FAILED');
  expect(status.json.error.message).toMatch(/service stopped/);
  expect(fs.existsSync(half)).toBe(false);
  const read = await api('POST', '/sql/execute', {
    key,
    body: { sql: 'SELECT * FROM dune.crasher.result_crash' },
  });
  expect(read.status).toBe(200);
  await waitState(key, read.json.execution_id, (s) => s === 'QUERY_STATE_COMPLETED');
  const rows = await api('GET', `/execution/${read.json.execution_id}/results`, { key });
  expect(rows.json.result.rows).toEqual([{ x: 1 }]);
  const history = await api('GET', '/materialized-views/dune.crasher.result_crash/refreshes', {
    key,
  });
  expect(history.json.refreshes.map((r: { state: string }) => r.state)).toEqual([
    'QUERY_STATE_FAILED',
    'QUERY_STATE_COMPLETED',
  ]);
  // and a new refresh can start (the dead one no longer counts as in flight)
  const again = await api('POST', '/materialized-views/dune.crasher.result_crash/refresh', { key });
  expect(again.json.execution_id).not.toBe(id);
  child.kill('SIGKILL');
  await exited(child);
}, 120_000);
