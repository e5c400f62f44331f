import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';

/**
 * The server as an operator starts it (`node --import tsx server/main.ts`) with a DATABASE_URL
 * it cannot use: it exits 1 within seconds, with a message that names DATABASE_URL and hides
 * its password, whether nothing listens there or the server refuses the database or the role.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const server = new URL(inject('postgresUrl'));
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-pg-start-'));
  dirs.push(dir);
  return dir;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Runs the server entry with `databaseUrl` until it exits: its code, stderr and time taken. */
async function start(databaseUrl: string) {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: tempDir(),
      STATIC_DIR: tempDir(),
      DEMO_DATA: 'false',
      DATABASE_URL: databaseUrl,
    },
    stdio: 'pipe',
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stderr, ms: Date.now() - started };
}

describe('a DATABASE_URL the server cannot use at start', () => {
  const cases: [string, () => Promise<{ url: string; shown: string; reason: RegExp }>][] = [
    [
      'nothing listens there',
      async () => {
        const port = await closedPort();
        return {
          url: `postgres://strata:hunter2@127.0.0.1:${port}/strata`,
          shown: `postgres://strata:***@127.0.0.1:${port}/strata`,
          reason: /ECONNREFUSED/,
        };
      },
    ],
    [
      'a database that does not exist',
      async () => ({
        url: `postgres://postgres:hunter2@${server.host}/no_such_database`,
        shown: `postgres://postgres:***@${server.host}/no_such_database`,
        reason: /database "no_such_database" does not exist/,
      }),
    ],
    [
      'a role the server does not know (wrong credentials)',
      async () => ({
        url: `postgres://nobody:hunter2@${server.host}/postgres`,
        shown: `postgres://nobody:***@${server.host}/postgres`,
        reason: /role "nobody" does not exist/,
      }),
    ],
  ];

  it.each(cases)(
    '%s: exits 1 within seconds, naming it without the password',
    async (_, make) => {
      const { url, shown, reason } = await make();
      const { code, stderr, ms } = await start(url);
      expect(code).toBe(1);
      expect(stderr).toContain(`DATABASE_URL ${shown}: cannot open the metadata store: `);
      expect(stderr).toMatch(reason);
      expect(stderr).not.toContain('hunter2');
      // Measured once it has exited (the test's own timeout is far longer).
      expect(ms).toBeLessThan(10_000);
    },
    60_000,
  );
});
