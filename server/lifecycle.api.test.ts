import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SLOW_SQL } from './test/executions-helpers.js';

/**
 * The process as an operator runs it: `npm start` under a supervisor that stops it with SIGTERM,
 * either to npm's PID or to the PID the server prints.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-life-'));
  dirs.push(d);
  return d;
};

function env(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: tempDir(),
    DEMO_DATA: 'false',
    SCHEDULER_TICK_SECONDS: '0',
    LOG_LEVEL: 'info',
  };
}

/** Starts `npm start`; resolves with the URL and server PID from its start line. */
async function npmStart(): Promise<{
  npm: ChildProcess;
  url: string;
  pid: number;
  exit: Promise<number | null>;
}> {
  const npm = spawn('npm', ['start'], { cwd: ROOT, env: env(tempDir()), stdio: 'pipe' });
  children.push(npm);
  const exit = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
  let out = '';
  const line = await new Promise<RegExpExecArray>((resolve, reject) => {
    npm.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at (http:\/\/[^/\s]+)\/ \(.*pid (\d+)\)/.exec(out);
      if (m) resolve(m);
    });
    void exit.then(() => reject(new Error(`npm start ended before it served: ${out}`)));
  });
  return { npm, url: line[1]!, pid: Number(line[2]), exit };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Signs up, starts a long execution and, once it runs, a long poll on it; resolves when the
 * server holds the poll, with the promise of the poll's answer.
 */
async function longPollOnRunningExecution(url: string) {
  const signup = await fetch(`${url}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ handle: 'operator', password: 'correct horse battery' }),
  });
  const cookie = /strata_session=[^;]*/.exec(signup.headers.get('set-cookie') ?? '')![0];
  const ex = await fetch(`${url}/api/v1/sql/execute`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ sql: SLOW_SQL }),
  });
  const { execution_id } = (await ex.json()) as { execution_id: string };
  // Wait until it runs (a long poll answers at the end of the run, not when it starts).
  for (;;) {
    const r = await fetch(`${url}/api/v1/execution/${execution_id}/status`, {
      headers: { cookie },
    });
    if (((await r.json()) as { state: string }).state === 'QUERY_STATE_EXECUTING') break;
  }
  let sent!: () => void;
  const flushed = new Promise<void>((resolve) => (sent = resolve));
  const answer = new Promise<{ status: number; body: { state: string } }>((resolve, reject) => {
    const req = http.get(
      `${url}/api/v1/execution/${execution_id}/status?wait_ms=30000`,
      { headers: { cookie } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      },
    );
    req.on('finish', sent);
    req.on('error', reject);
  });
  // Once the poll is written and a later request on another connection has been answered, the
  // server holds the poll.
  await flushed;
  await fetch(`${url}/api/health`);
  return { answer };
}

describe('npm start under a supervisor', () => {
  it.each(['npm', 'server'] as const)(
    'SIGTERM to the %s PID stops everything gracefully and answers long polls',
    async (target) => {
      const { npm, url, pid, exit } = await npmStart();
      expect(alive(pid)).toBe(true);
      const { answer: poll } = await longPollOnRunningExecution(url);
      process.kill(target === 'npm' ? npm.pid! : pid, 'SIGTERM');
      const answer = await poll;
      expect(answer.status).toBe(200);
      expect(answer.body.state).toBe('QUERY_STATE_CANCELLED');
      expect(await exit).toBe(0);
      expect(alive(pid)).toBe(false);
      await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    },
    60_000,
  );
});

describe('an unusable DATA_DIR', () => {
  it('stops the server with a message naming it', async () => {
    const file = path.join(tempDir(), 'a-file');
    fs.writeFileSync(file, '');
    const dataDir = path.join(file, 'data');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: env(dataDir),
      stdio: 'pipe',
    });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(`DATA_DIR ${dataDir} is not a writable folder (ENOTDIR)`);
  }, 60_000);
});
