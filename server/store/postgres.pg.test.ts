import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DatasetSyncsRepo } from '../catalog/dataset-syncs-repo.js';
import { runAdmin } from '../cli/admin.js';
import { loadConfig } from '../config.js';
import { createDatabase } from '../test/postgres.js';
import { migrationFiles, nowIso } from './db.js';
import { openStore } from './open.js';
import type { Store } from './store.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HERE = path.dirname(fileURLToPath(import.meta.url));
const server = inject('postgresUrl');
const dropped: (() => Promise<void>)[] = [];
const dirs: string[] = [];

async function freshDatabase(): Promise<string> {
  const db = await createDatabase(server, 'strata_store');
  dropped.push(db.drop);
  return db.url;
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-pg-store-'));
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

afterAll(async () => {
  for (const drop of dropped) await drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('DATABASE_URL', () => {
  it('must be a postgres:// or postgresql:// URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:secret@db/strata' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'strata.db' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:secret@db/strata' })).not.toThrow(/secret/);
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/strata' }).databaseUrl).toBe(
      'postgresql://db/strata',
    );
    expect(loadConfig({}).databaseUrl).toBeUndefined();
  });

  it('unreachable: opening the store fails within seconds, naming it without the password', async () => {
    const port = await closedPort();
    const started = Date.now();
    const err = await openStore({
      dataDir: tempDir(),
      databaseUrl: `postgres://strata:hunter2@127.0.0.1:${port}/strata`,
    }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(Date.now() - started).toBeLessThan(8000);
    expect(err?.message).toMatch(
      new RegExp(`^DATABASE_URL postgres://strata:\\*\\*\\*@127\\.0\\.0\\.1:${port}/strata: `),
    );
    expect(err?.message).not.toContain('hunter2');
  });

  it('unreachable at start: the server exits 1 with a message naming it', async () => {
    const port = await closedPort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: tempDir(),
        STATIC_DIR: tempDir(),
        DEMO_DATA: 'false',
        DATABASE_URL: `postgres://strata:hunter2@127.0.0.1:${port}/strata`,
      },
      stdio: 'pipe',
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(`DATABASE_URL postgres://strata:***@127.0.0.1:${port}/strata`);
    expect(stderr).not.toContain('hunter2');
  }, 30_000);

  it('a database that does not exist is refused the same way', async () => {
    const url = new URL(server);
    url.pathname = '/no_such_database';
    await expect(openStore({ dataDir: tempDir(), databaseUrl: url.toString() })).rejects.toThrow(
      /^DATABASE_URL .*no_such_database: cannot open the metadata store: .*does not exist/,
    );
  });
});

describe('migrations', () => {
  it('have a PostgreSQL twin of each SQLite migration, by the same name', () => {
    expect(migrationFiles(path.join(HERE, 'migrations-pg'))).toEqual(
      migrationFiles(path.join(HERE, 'migrations')),
    );
  });

  it('two nodes starting at once on an empty database: applied once, both succeed', async () => {
    const url = await freshDatabase();
    const stores = await Promise.all(
      [1, 2, 3].map(() => openStore({ dataDir: tempDir(), databaseUrl: url })),
    );
    try {
      const rows = await stores[0]!.db
        .selectFrom('schema_migrations')
        .select('name')
        .orderBy('name')
        .execute();
      expect(rows.map((r) => r.name)).toEqual(migrationFiles(path.join(HERE, 'migrations-pg')));
      // Every node sees the whole schema.
      for (const s of stores)
        expect(await s.db.selectFrom('dataset_syncs').select('table_id').execute()).toEqual([]);
    } finally {
      for (const s of stores) await s.close();
    }
    // A later start finds nothing to do.
    const again = await openStore({ dataDir: tempDir(), databaseUrl: url });
    const n = await again.db
      .selectFrom('schema_migrations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await again.close();
    expect(n.n).toBe(migrationFiles(path.join(HERE, 'migrations-pg')).length);
  });
});

describe('the store on PostgreSQL', () => {
  let store: Store;
  let url: string;
  beforeAll(async () => {
    url = await freshDatabase();
    store = await openStore({ dataDir: tempDir(), databaseUrl: url });
  });
  afterAll(async () => {
    await store.close();
  });

  const addTable = (name: string, metadata: object = {}) =>
    store.db
      .insertInto('lake_tables')
      .values({
        schema_name: 'ds',
        table_name: name,
        owner_id: null,
        kind: 'dataset',
        dataset_type: 'dune_table',
        metadata: JSON.stringify(metadata),
        columns: JSON.stringify([{ name: 'evt_block_time' }, { name: 'amount' }]),
        row_count: 3_000_000_000,
        size_bytes: 2 ** 40,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .returning(['id', 'row_count', 'size_bytes'])
      .executeTakeFirstOrThrow();

  it('gives ids, counts and sums back as numbers, big ones included', async () => {
    const t = await addTable('numbers');
    expect(t).toEqual({ id: expect.any(Number), row_count: 3_000_000_000, size_bytes: 2 ** 40 });
    const agg = await store.db
      .selectFrom('lake_tables')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('size_bytes').as('s')])
      .where('id', '=', t.id)
      .executeTakeFirstOrThrow();
    expect(agg).toEqual({ n: 1, s: 2 ** 40 });
  });

  it('keeps the search index and contract addresses of lake_tables current', async () => {
    const t = await addTable('evt_Swap', {
      project_name: 'uniswap',
      contract_addresses: ['0xABC', '0xdef', 7],
    });
    const words = async () =>
      (
        await sql<{
          w: string;
        }>`SELECT word AS w FROM ts_stat(${`SELECT document FROM lake_tables_fts WHERE id = ${t.id}`}) ORDER BY word`.execute(
          store.db,
        )
      ).rows.map((r) => r.w);
    expect(await words()).toEqual(['amount', 'block', 'ds', 'evt', 'swap', 'time', 'uniswap']);
    const addresses = () =>
      store.db
        .selectFrom('lake_table_contracts')
        .select('address')
        .where('table_id', '=', t.id)
        .orderBy('address')
        .execute();
    expect(await addresses()).toEqual([{ address: '0xabc' }, { address: '0xdef' }]);
    await store.db
      .updateTable('lake_tables')
      .set({ description: 'Trades', metadata: '{}' })
      .where('id', '=', t.id)
      .execute();
    expect(await words()).toContain('trades');
    expect(await addresses()).toEqual([]);
    await store.db.deleteFrom('lake_tables').where('id', '=', t.id).execute();
    expect(await words()).toEqual([]);
  });

  it('keeps dataset syncs (put, due, claimSlot, recordOutcome, remove)', async () => {
    const syncs = new DatasetSyncsRepo(store);
    const t = await addTable('synced');
    await syncs.put(t.id, {
      source: '/data/in',
      format: 'csv',
      cronExpression: '0 * * * *',
      nextSyncAt: '2026-01-01T01:00:00.000Z',
    });
    await syncs.put(t.id, {
      source: '/data/in',
      format: null,
      cronExpression: '0 * * * *',
      nextSyncAt: '2026-01-01T01:00:00.000Z',
    });
    expect(await syncs.due(new Date('2026-01-01T00:59:00Z'))).toEqual([]);
    const due = await syncs.due(new Date('2026-01-01T01:00:00Z'));
    expect(due).toMatchObject([{ tableId: t.id, name: 'ds.synced', format: null }]);
    expect(
      await syncs.claimSlot(t.id, '2026-01-01T01:00:00.000Z', '2026-01-01T02:00:00.000Z'),
    ).toBe(true);
    expect(
      await syncs.claimSlot(t.id, '2026-01-01T01:00:00.000Z', '2026-01-01T02:00:00.000Z'),
    ).toBe(false);
    await syncs.recordOutcome(t.id, 'appended 1 file', '2026-01-01T01:00:05.000Z');
    expect(await syncs.get(t.id)).toMatchObject({
      nextSyncAt: '2026-01-01T02:00:00.000Z',
      lastSyncAt: '2026-01-01T01:00:05.000Z',
      lastOutcome: 'appended 1 file',
    });
    expect(await syncs.remove(t.id)).toBe(true);
    expect(await syncs.remove(t.id)).toBe(false);
  });

  it('serves the admin CLI', async () => {
    const dataDir = tempDir();
    const open = () => openStore({ dataDir, databaseUrl: url });
    const admin = async (...args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runAdmin(args, { out: (l) => out.push(l), err: (l) => err.push(l) }, open);
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    expect(await admin('create-user', 'cli_alice')).toMatchObject({ code: 0 });
    expect(await admin('create-team', 'cli_crew', '--owner', 'CLI_Alice')).toMatchObject({
      code: 0,
    });
    expect((await admin('create-user', 'CLI_ALICE')).code).toBe(1);
    const key = await admin(
      'create-key',
      '--context',
      'cli_crew',
      '--scope',
      'read',
      '--user',
      'cli_alice',
    );
    expect(key.code).toBe(0);
    const listed = await admin('list-keys', '--context', 'cli_crew');
    expect(listed.out).toContain('read');
    expect(listed.out).toContain('by cli_alice');
  });
});
