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
      LOG_LEVEL: 'warn',
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
