import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A throwaway PostgreSQL server for a test run, from the binaries installed on the machine
 * (Debian's postgresql package: /usr/lib/postgresql/<version>/bin). It lives in a temporary
 * folder, listens on 127.0.0.1 at a free port with trust authentication, and trades durability
 * for speed (fsync off). initdb and postgres refuse to run as root; as root they run as the
 * `postgres` user.
 */

export type PostgresServer = {
  /** URL of the server's `postgres` database, as the superuser `postgres`. */
  url: string;
  /** Ends the server and removes its folder. */
  stop: () => void;
  /** Stops the server as an operator's restart does (fast: sessions are ended), data kept. */
  halt: () => void;
  /** Starts a halted server again, on the same port and data; resolves once it answers. */
  resume: () => Promise<void>;
};

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the `postgres` user when we are root. */
function runPg(bin: string, args: string[]): void {
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls a connection until the server answers (or `timeoutMs` passes). */
export async function waitForPostgres(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch (err) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw err;
      // The server is starting: ask again on the next turn of a short poll.
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Starts a PostgreSQL server in a new temporary folder; `stop` ends it and removes the folder. */
export async function startPostgres(binDir: string): Promise<PostgresServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-pg-'));
  const data = path.join(dir, 'data');
  const sockets = path.join(dir, 'sockets');
  fs.mkdirSync(sockets);
  if (asRoot) execFileSync('chown', ['-R', 'postgres:', dir]);
  fs.chmodSync(dir, 0o700);
  const port = await freePort();
  runPg(path.join(binDir, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const options = [
    '-c listen_addresses=127.0.0.1',
    `-p ${port}`,
    `-k ${sockets}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  const pgCtl = path.join(binDir, 'pg_ctl');
  const start = () =>
    runPg(pgCtl, ['start', '-D', data, '-l', path.join(dir, 'postgres.log'), '-W', '-o', options]);
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let running = true;
  const stop = () => {
    try {
      if (running) runPg(pgCtl, ['stop', '-D', data, '-m', 'immediate', '-w']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    await waitForPostgres(url);
  } catch (err) {
    const log = fs.readFileSync(path.join(dir, 'postgres.log'), 'utf8');
    stop();
    throw new Error(`PostgreSQL did not start: ${(err as Error).message}\n${log}`);
  }
  return {
    url,
    stop,
    halt: () => {
      runPg(pgCtl, ['stop', '-D', data, '-m', 'fast', '-w']);
      running = false;
    },
    resume: async () => {
      start();
      running = true;
      await waitForPostgres(url);
    },
  };
}

/** A new empty database on the server at `serverUrl`; `drop` removes it. */
export async function createDatabase(
  serverUrl: string,
  prefix = 'strata_test',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
