import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../auth/accounts.js';
import { ApiKeys } from '../auth/keys.js';
import { verifyPassword } from '../auth/passwords.js';
import { markPostgresDataDir, POSTGRES_MARKER } from '../data-dir.js';
import { openDb } from '../store/db.js';
import { openStore } from '../store/open.js';
import { sqliteStore } from '../store/store.js';
import { runAdmin } from './admin.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCRIPT = path.join(ROOT, 'server/cli/admin.ts');

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-admin-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs the CLI as a real process (node --import tsx) with DATA_DIR set (and no DATABASE_URL). */
function spawnAdmin(
  args: string[],
  dataDir = dir,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', SCRIPT, ...args],
      { cwd: ROOT, env },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Runs the CLI in-process over the same store, capturing its output. */
async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(args, { out: (l) => out.push(l), err: (l) => err.push(l) }, () =>
    openStore({ dataDir: dir, databaseUrl: undefined }),
  );
  return { code, out, err };
}

async function withStore<T>(
  fn: (s: { accounts: Accounts; keys: ApiKeys }) => Promise<T>,
): Promise<T> {
  const db = openDb(dir);
  const store = sqliteStore(db);
  try {
    return await fn({ accounts: new Accounts(store), keys: new ApiKeys(store) });
  } finally {
    db.close();
  }
}

describe('admin CLI as a process', () => {
  it('creates a user, team, member and key; the printed key authenticates', async () => {
    const user = await spawnAdmin(['create-user', 'ops', '--password', 'long enough pw']);
    expect(user.stderr).toBe('');
    expect(user.code).toBe(0);
    expect(user.stdout).toMatch(/created user ops/);
    expect((await spawnAdmin(['create-user', 'helper'])).code).toBe(0);
    const team = await spawnAdmin(['create-team', 'opsteam', '--owner', 'ops']);
    expect(team.code).toBe(0);
    const member = await spawnAdmin(['add-member', 'opsteam', 'helper', '--role', 'member']);
    expect(member.code).toBe(0);
    const created = await spawnAdmin([
      'create-key',
      '--context',
      'opsteam',
      '--scope',
      'read',
      '--user',
      'ops',
      '--name',
      'nightly',
    ]);
    expect(created.code).toBe(0);
    const lines = created.stdout.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toMatch(/opsteam/);
    const key = lines.at(-1)!;
    expect(key).toMatch(/^strata_\S+$/);

    await withStore(async ({ accounts, keys }) => {
      const info = await keys.resolve(key);
      expect(info).toBeDefined();
      expect(info!.scope).toBe('read');
      expect(info!.name).toBe('nightly');
      expect((await accounts.byId(info!.context_id))!.handle).toBe('opsteam');
      expect((await accounts.byId(info!.created_by!))!.handle).toBe('ops');
      const teamId = (await accounts.byHandle('opsteam'))!.id;
      expect(await accounts.roleIn(teamId, (await accounts.byHandle('ops'))!.id)).toBe('admin');
      expect(await accounts.roleIn(teamId, (await accounts.byHandle('helper'))!.id)).toBe('member');
    });

    const listed = await spawnAdmin(['list-keys', '--context', 'opsteam']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/read/);
    expect(listed.stdout).toContain(key.slice(0, 13));
    expect(listed.stdout).not.toContain(key);
  }, 60_000);

  it('exits 1 with a message on stderr for an error, 2 with usage for an unknown command', async () => {
    const dup = await spawnAdmin(['create-user', 'ops']);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toMatch(/taken/);
    const unknown = await spawnAdmin(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command: frobnicate/);
    expect(unknown.stderr).toMatch(/usage:/);
    const help = await spawnAdmin(['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/create-key/);
  }, 60_000);
});

describe('admin CLI commands', () => {
  it('create-user stores a scrypt hash, or no password at all', async () => {
    const r = await run(
      'create-user',
      'pwuser',
      '--password',
      'secret-pass',
      '--display-name',
      'P',
    );
    expect(r.code).toBe(0);
    await run('create-user', 'nopw');
    const [hash, none, display] = await withStore(async ({ accounts }) => [
      await accounts.passwordHash((await accounts.byHandle('pwuser'))!.id),
      await accounts.passwordHash((await accounts.byHandle('nopw'))!.id),
      (await accounts.byHandle('pwuser'))!.display_name,
    ]);
    expect(await verifyPassword('secret-pass', hash!)).toBe(true);
    expect(none).toBeNull();
    expect(display).toBe('P');
  });

  it('create-user rejects bad handles and passwords', async () => {
    for (const args of [
      ['create-user', 'x'],
      ['create-user', 'admin'],
      ['create-user', 'shortpw', '--password', 'short'],
      ['create-user', 'longpw', '--password', 'p'.repeat(201)],
      ['create-user', 'commonpw', '--password', 'password1'],
      ['create-user'],
      ['create-user', 'a1', 'b2'],
      ['create-user', 'flag', '--bogus'],
    ]) {
      const r = await run(...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.err.join('\n')).toMatch(/^error: /);
    }
    await withStore(async ({ accounts }) => {
      expect(await accounts.byHandle('shortpw')).toBeUndefined();
      expect(await accounts.byHandle('commonpw')).toBeUndefined();
      expect(await accounts.byHandle('flag')).toBeUndefined();
    });
  });

  it('create-team needs an existing user as owner', async () => {
    await run('create-user', 'towner');
    expect((await run('create-team', 'tteam')).code).toBe(1);
    expect((await run('create-team', 'tteam', '--owner', 'nobody')).code).toBe(1);
    expect((await run('create-team', 'tteam2', '--owner', 'tteam')).code).toBe(1);
    expect((await run('create-team', 'tteam', '--owner', 'towner')).code).toBe(0);
    expect((await run('create-team', 'tteam', '--owner', 'towner')).code).toBe(1);
    expect((await run('create-team', 'tteam3', '--owner', 'tteam')).err.join()).toMatch(
      /not found/,
    );
  });

  it('add-member and remove-member keep at least one admin', async () => {
    await run('create-user', 'mowner');
    await run('create-user', 'mjoin');
    await run('create-team', 'mteam', '--owner', 'mowner');
    expect((await run('add-member', 'mteam', 'mjoin', '--role', 'boss')).code).toBe(1);
    expect((await run('add-member', 'mteam', 'ghost')).code).toBe(1);
    expect((await run('add-member', 'mowner', 'mjoin')).code).toBe(1);
    expect((await run('add-member', 'mteam', 'mjoin')).code).toBe(0);
    const again = await run('add-member', 'mteam', 'mjoin');
    expect(again.code).toBe(1);
    expect(again.err.join()).toMatch(/already a member/);
    const last = await run('remove-member', 'mteam', 'mowner');
    expect(last.code).toBe(1);
    expect(last.err.join()).toMatch(/at least one admin/);
    expect((await run('remove-member', 'mteam', 'mjoin')).code).toBe(0);
    expect((await run('remove-member', 'mteam', 'mjoin')).code).toBe(1);
    await withStore(async ({ accounts }) => {
      const team = (await accounts.byHandle('mteam'))!;
      expect((await accounts.members(team.id)).map((m) => m.user.handle)).toEqual(['mowner']);
    });
  });

  it('create-key validates its options; revoke-key stops the key', async () => {
    await run('create-user', 'kuser');
    await run('create-user', 'kother');
    for (const args of [
      ['create-key', '--scope', 'read'],
      ['create-key', '--context', 'kuser'],
      ['create-key', '--context', 'kuser', '--scope', 'write'],
      ['create-key', '--context', 'ghost', '--scope', 'read'],
      ['create-key', '--context', 'kuser', '--scope', 'read', '--user', 'kother'],
      ['create-key', '--context', 'kuser', '--scope', 'read', '--name', 'n'.repeat(101)],
      ['create-key', 'extra', '--context', 'kuser', '--scope', 'read'],
    ]) {
      expect((await run(...args)).code, args.join(' ')).toBe(1);
    }
    const created = await run('create-key', '--context', 'kuser', '--scope', 'read_write');
    expect(created.code).toBe(0);
    const key = created.out.at(-1)!;
    const id = await withStore(async ({ keys }) => (await keys.resolve(key))!.id);
    expect(created.out[0]).toContain(id);
    expect((await run('revoke-key', id)).code).toBe(0);
    await withStore(async ({ keys }) => expect(await keys.resolve(key)).toBeUndefined());
    expect((await run('revoke-key', id)).code).toBe(1);
    expect((await run('revoke-key', 'unknown')).code).toBe(1);
    expect((await run('list-keys')).code).toBe(1);
    const empty = await run('list-keys', '--context', 'kuser');
    expect(empty.code).toBe(0);
    expect(empty.out).toEqual(['no keys for kuser']);
  });

  it('prints usage for help and no command', async () => {
    expect((await run('help')).out.join()).toMatch(/usage:/);
    const none = await run();
    expect(none.code).toBe(2);
    expect(none.err.join('\n')).toMatch(/no command given/);
  });

  it('refuses a DATA_DIR whose store is in PostgreSQL without DATABASE_URL, and writes nothing there', async () => {
    const cluster = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-admin-cluster-'));
    try {
      // As a node started with DATABASE_URL leaves it (wire.ts).
      markPostgresDataDir(cluster, 'postgres://strata:hunter2@db.internal:5432/strata');
      const r = await spawnAdmin(
        ['create-user', 'lost', '--password', 'a good long password'],
        cluster,
      );
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(
        `error: DATA_DIR ${cluster} belongs to a Strata whose metadata store is in PostgreSQL (postgres://strata:***@db.internal:5432/strata`,
      );
      expect(r.stderr).toContain('Set DATABASE_URL to that database');
      expect(r.stderr).not.toContain('hunter2');
      expect(fs.readdirSync(cluster)).toEqual([POSTGRES_MARKER]);
    } finally {
      fs.rmSync(cluster, { recursive: true, force: true });
    }
  });
});
