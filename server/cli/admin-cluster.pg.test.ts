import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, startNode, type NodeProcess } from '../test/cluster-nodes.js';
import { createDatabase } from '../test/postgres.js';

/**
 * The admin CLI on a cluster's DATA_DIR, as docs/deploy.md runs it: without DATABASE_URL it
 * refuses (a SQLite store there would be one no node reads); with it, what it makes is the
 * cluster's.
 */
const server = inject('postgresUrl');
const ROOT = path.resolve(import.meta.dirname, '../..');

function admin(args: string[], env: Record<string, string>) {
  const full: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', ...env };
  if (!env.DATABASE_URL) delete full.DATABASE_URL;
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', 'server/cli/admin.ts', ...args],
      { cwd: ROOT, env: full },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    ),
  );
}

describe.skipIf(!server)("the admin CLI on a cluster's DATA_DIR", () => {
  let db: { url: string; drop: () => Promise<void> };
  let dataDir: string;
  let node: NodeProcess;

  beforeAll(async () => {
    db = await createDatabase(server, 'strata_cli_cluster');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-cli-cluster-'));
    node = await startNode({ databaseUrl: db.url, dataDir });
  }, 120_000);

  afterAll(async () => {
    node?.child.kill('SIGKILL');
    await node?.exit;
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to run without DATABASE_URL and creates no SQLite store', async () => {
    const r = await admin(['create-user', 'stray', '--password', 'a good long password'], {
      DATA_DIR: dataDir,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^error: DATA_DIR .* belongs to a Strata whose metadata store is in PostgreSQL/,
    );
    expect(r.stderr).toContain('DATABASE_URL is not set');
    expect(fs.existsSync(path.join(dataDir, 'strata.db'))).toBe(false);
    const signin = await call(node, 'POST', '/api/v1/auth/signin', {
      body: { handle: 'stray', password: 'a good long password' },
    });
    expect(signin.status).toBe(401);
  });

  it('with DATABASE_URL makes a user the cluster knows', async () => {
    const r = await admin(['create-user', 'operator', '--password', 'a good long password'], {
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^created user operator/);
    const signin = await call(node, 'POST', '/api/v1/auth/signin', {
      body: { handle: 'operator', password: 'a good long password' },
    });
    expect(signin.status).toBe(200);
  });
});
