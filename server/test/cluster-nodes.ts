import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Strata nodes as an operator runs them (`node server/main.ts`, as `npm start` execs it), for
 * cluster tests and benches: each its own process on a free loopback port, all on one
 * DATABASE_URL and one DATA_DIR.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

export type NodeProcess = {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Resolves with the exit code (null: killed by a signal). */
  exit: Promise<number | null>;
  /** Everything it printed so far. */
  output: () => string;
};

/** Starts a node; resolves once it serves (its start line is printed after it listens). */
export async function startNode(opts: {
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<NodeProcess> {
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-static-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl,
      STATIC_DIR: staticDir,
      DEMO_DATA: 'false',
      SCHEDULER_TICK_SECONDS: '0',
      RATE_LIMIT_LOW_PER_MINUTE: '0',
      RATE_LIMIT_HIGH_PER_MINUTE: '0',
      // info: the start line (which this waits for), request lines and drain events.
      LOG_LEVEL: 'info',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exit = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      fs.rmSync(staticDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const started = await new Promise<{ url: string; pid: number }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`node did not start in time:\n${out}`)),
      opts.timeoutMs ?? 60_000,
    );
    const look = () => {
      const m = /Strata is running at (http:\/\/\S+?)\/ .*pid (\d+)\)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1]!, pid: Number(m[2]) });
      }
    };
    child.stdout!.on('data', look);
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`node exited (${code}) before it served:\n${out}`));
    });
  });
  return { ...started, child, exit, output: () => out };
}

type Answer = { status: number; json: Record<string, unknown>; headers: Headers };

/** One API call to a node: JSON in, the status and parsed JSON out. */
export async function call(
  node: NodeProcess,
  method: string,
  url: string,
  opts: { key?: string; cookie?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.key) headers['x-service-api-key'] = opts.key;
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(node.url + url, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await r.text();
  return { status: r.status, json: text ? JSON.parse(text) : {}, headers: r.headers };
}

/** Asks `probe` until it returns a value; the deadline is generous (a loaded 2-core machine). */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The id in `cluster_nodes` of the node process `pid` (its name ends in `pid <pid>`). */
export async function nodeIdOf(
  query: (sql: string, params: unknown[]) => Promise<{ rows: { id: string }[] }>,
  pid: number,
): Promise<string | undefined> {
  const { rows } = await query('SELECT id FROM cluster_nodes WHERE name LIKE $1', [`% pid ${pid}`]);
  return rows[0]?.id;
}
