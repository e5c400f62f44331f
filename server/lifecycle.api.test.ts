import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { markPostgresDataDir } from './data-dir.js';
import { STOPPED } from './executions/execution-queue.js';
import { openDb } from './store/db.js';
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

function env(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: tempDir(),
    DEMO_DATA: 'false',
    SCHEDULER_TICK_SECONDS: '0',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

/** Starts `npm start`; resolves with the URL and server PID from its start line. */
async function npmStart(extra: Record<string, string> = {}): Promise<{
  npm: ChildProcess;
  url: string;
  pid: number;
  dataDir: string;
  exit: Promise<number | null>;
  output: () => string;
}> {
  const dataDir = tempDir();
  const npm = spawn('npm', ['start'], { cwd: ROOT, env: env(dataDir, extra), stdio: 'pipe' });
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
  return { npm, url: line[1]!, pid: Number(line[2]), dataDir, exit, output: () => out };
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
async function longPollOnRunningExecution(url: string, sql = SLOW_SQL) {
  const signup = await fetch(`${url}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ handle: 'operator', password: 'correct horse battery' }),
  });
  const cookie = /strata_session=[^;]*/.exec(signup.headers.get('set-cookie') ?? '')![0];
  const ex = await fetch(`${url}/api/v1/sql/execute`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ sql }),
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
  return { answer, id: execution_id };
}

/** The execution as the stopped server left it in its SQLite store. */
function storedExecution(dataDir: string, id: string) {
  const db = openDb(dataDir);
  try {
    return db.prepare('SELECT state, cost_credits, error FROM executions WHERE id = ?').get(id) as {
      state: string;
      cost_credits: number | null;
      error: string | null;
    };
  } finally {
    db.close();
  }
}

describe('npm start under a supervisor', () => {
  it.each(['npm', 'server'] as const)(
    'SIGTERM to the %s PID stops everything gracefully and answers long polls; a run past the grace is cancelled, uncharged, saying why',
    async (target) => {
      const { npm, url, pid, dataDir, exit, output } = await npmStart({
        DRAIN_GRACE_SECONDS: '1',
      });
      expect(alive(pid)).toBe(true);
      // The first line names the process, before anything else is printed.
      const first = JSON.parse(
        output()
          .split('\n')
          .find((l) => l.startsWith('{'))!,
      );
      expect(first).toMatchObject({ event: 'starting', pid, level: 'info' });
      const { answer: poll, id } = await longPollOnRunningExecution(url);
      process.kill(target === 'npm' ? npm.pid! : pid, 'SIGTERM');
      const answer = await poll;
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        state: 'QUERY_STATE_CANCELLED',
        execution_cost_credits: 0,
        error: STOPPED,
      });
      expect(await exit).toBe(0);
      expect(alive(pid)).toBe(false);
      await expect(fetch(`${url}/api/health`)).rejects.toThrow();
      expect(storedExecution(dataDir, id)).toMatchObject({ state: 'QUERY_STATE_CANCELLED' });
      expect(output()).toMatch(/"event":"drain_start".*"running":1/);
      expect(output()).toMatch(/"event":"drain_end".*"cancelled":1/);
    },
    60_000,
  );

  it('SIGTERM lets a running execution finish within the grace, and charges it as usual', async () => {
    const { pid, url, dataDir, exit } = await npmStart({ DRAIN_GRACE_SECONDS: '300' });
    // Seconds of work: still running when the signal lands, done well within the grace.
    const { id } = await longPollOnRunningExecution(
      url,
      'SELECT sum(hash(i)) AS h FROM range(300000000) t(i)',
    );
    process.kill(pid, 'SIGTERM');
    expect(await exit).toBe(0);
    const stored = storedExecution(dataDir, id);
    expect(stored.state).toBe('QUERY_STATE_COMPLETED');
    expect(stored.cost_credits).toBeGreaterThan(0);
  }, 120_000);
});

describe('a DATA_DIR whose metadata store is in PostgreSQL', () => {
  it('stops a server started without DATABASE_URL, creating no SQLite store there', async () => {
    const dataDir = tempDir();
    markPostgresDataDir(dataDir, 'postgres://strata:hunter2@db.internal:5432/strata');
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
    expect(stderr).toContain(
      `DATA_DIR ${dataDir} belongs to a Strata whose metadata store is in PostgreSQL (postgres://strata:***@db.internal:5432/strata`,
    );
    expect(stderr).toContain('DATABASE_URL is not set');
    expect(stderr).not.toContain('hunter2');
    expect(fs.existsSync(path.join(dataDir, 'strata.db'))).toBe(false);
  }, 60_000);
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
