import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { z } from '@hono/zod-openapi';
import { inject } from 'vitest';
import { createApp } from '../app.js';
import { validateHandle, type Account } from '../auth/accounts.js';
import { newApiKey, type Scope } from '../auth/keys.js';
import { testConfig, type Config } from '../config.js';
import { createNodeServer, listen as listenOn } from '../http/node-server.js';
import type { Logger } from '../log.js';
import { formatIssues } from '../http/router.js';
import { nowIso } from '../store/db.js';
import { buildDeps } from '../wire.js';
import { SandboxPool } from '../engine/sandbox-pool.js';
import { createDatabase } from './postgres.js';

export type Call = {
  key?: string;
  body?: unknown;
  /** Raw body (string) with its own content type, instead of JSON. */
  raw?: { body: string; contentType: string };
  headers?: Record<string, string>;
};

/**
 * One sandbox thread for every test server of a test process (kept on globalThis, which outlives
 * the test runner's per-file module graphs): starting one takes most of a second.
 */
function sharedSandboxes(): SandboxPool {
  const holder = globalThis as { strataTestSandboxes?: SandboxPool };
  return (holder.strataTestSandboxes ??= new SandboxPool());
}

export type TestUser = { account: Account; key: string; readKey: string };

/** Whether test servers keep their metadata store in PostgreSQL (the `postgres` test project). */
export const onPostgres = process.env.STRATA_TEST_STORE === 'postgres';

/**
 * The metadata store of a test server: SQLite in its DATA_DIR, or with STRATA_TEST_STORE=postgres
 * a new database on the run's PostgreSQL server (server/test/postgres-setup.ts), dropped by `drop`.
 */
export async function testStore(): Promise<{
  databaseUrl: string | undefined;
  drop: () => Promise<void>;
}> {
  if (!onPostgres) return { databaseUrl: undefined, drop: async () => {} };
  const server = inject('postgresUrl');
  if (!server) throw new Error('STRATA_TEST_STORE=postgres, but no PostgreSQL server was started');
  const db = await createDatabase(server);
  return { databaseUrl: db.url, drop: db.drop };
}

/**
 * A whole Strata app over a fresh temporary DATA_DIR, called in-process with app.request.
 * `call` returns status, parsed JSON (or text) and headers.
 */
export async function createTestServer(
  overrides: Partial<Config> = {},
  opts: { dataDir?: string; peer?: boolean; log?: Logger } = {},
) {
  const dir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'strata-test-'));
  fs.mkdirSync(dir, { recursive: true });
  const metadata = await testStore();
  const config = testConfig(dir, { databaseUrl: metadata.databaseUrl, ...overrides });
  const deps = await buildDeps(config, { sandboxes: sharedSandboxes(), log: opts.log });
  const app = createApp(deps);
  // On PostgreSQL, a second node shares the store and DATA_DIR and claims runs too, so every API
  // test also holds when the node asked is not the one that runs (docs/deploy.md).
  const peer =
    onPostgres && opts.peer !== false && process.env.STRATA_TEST_PEER !== '0'
      ? await buildDeps(
          { ...config, demoData: false, scratchDir: path.join(dir, 'tmp', 'peer') },
          { sandboxes: sharedSandboxes() },
        )
      : undefined;

  async function call(method: string, url: string, opts: Call = {}) {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.key) headers['x-service-api-key'] = opts.key;
    let body: string | undefined;
    if (opts.raw) {
      body = opts.raw.body;
      headers['content-type'] = opts.raw.contentType;
    } else if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await app.request(url, { method, headers, body });
    // Headers first: once a test has listened, @hono/node-server's Response stands in for the
    // global one, and reading its body rebuilds it from its first headers, dropping those a
    // middleware set after the handler (the HTTP listener itself writes the right ones).
    const resHeaders = res.headers;
    const text = await res.text();
    let json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary shapes
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text, headers: resHeaders };
  }

  // Test setup writes the store directly (the rows the services write: same handle rule, same
  // key rows), without the sign-up and key routes' limits.
  async function key(contextId: number, scope: Scope, createdBy: number | null) {
    const { key, row } = newApiKey(contextId, scope, createdBy);
    await deps.store.db.insertInto('api_keys').values(row).execute();
    return key;
  }

  async function insertAccount(
    handle: string,
    type: 'user' | 'team',
    ownerId?: number,
  ): Promise<Account> {
    validateHandle(handle);
    const account = await deps.store.db
      .insertInto('accounts')
      .values({ handle, type, display_name: '', password_hash: null, created_at: nowIso() })
      .returning(['id', 'handle', 'type', 'display_name', 'created_at'])
      .executeTakeFirstOrThrow();
    if (ownerId !== undefined)
      await deps.store.db
        .insertInto('memberships')
        .values({ team_id: account.id, user_id: ownerId, role: 'admin', created_at: nowIso() })
        .execute();
    return account;
  }

  /** A user with a read_write key and a read key of its personal context. */
  async function createUser(handle: string): Promise<TestUser> {
    const account = await insertAccount(handle, 'user');
    return {
      account,
      key: await key(account.id, 'read_write', account.id),
      readKey: await key(account.id, 'read', account.id),
    };
  }

  /** A team owned by `owner`, with keys of the team context created by the owner. */
  async function createTeam(handle: string, owner: TestUser): Promise<TestUser> {
    const account = await insertAccount(handle, 'team', owner.account.id);
    return {
      account,
      key: await key(account.id, 'read_write', owner.account.id),
      readKey: await key(account.id, 'read', owner.account.id),
    };
  }

  /** Serves the app on a random loopback port (as main.ts does), for clients that need a URL. */
  async function listen(): Promise<{ url: string; port: number; close: () => Promise<void> }> {
    const server = createNodeServer(app.fetch, config);
    const port = await listenOn(server, 0, '127.0.0.1');
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      close: () =>
        new Promise<void>((r) => {
          server.closeAllConnections();
          server.close(() => r());
        }),
    };
  }

  /**
   * `call` for an answer the test expects to succeed, read as the contract says: it must be 2xx
   * and its body must parse with `schema` (a schema of contract/), else the test fails naming the
   * status or the fields that differ; the body comes back typed by the schema.
   */
  async function callOk<S extends z.ZodType>(
    schema: S,
    method: string,
    url: string,
    opts: Call = {},
  ): Promise<{ status: number; json: z.output<S>; headers: Headers }> {
    const r = await call(method, url, opts);
    if (r.status < 200 || r.status > 299)
      throw new Error(`${method} ${url} answered ${r.status}: ${r.text.slice(0, 300)}`);
    const parsed = schema.safeParse(r.json);
    if (!parsed.success)
      throw new Error(
        `${method} ${url}: the answer does not follow the contract: ${formatIssues(parsed.error.issues)}`,
      );
    return { status: r.status, json: parsed.data, headers: r.headers };
  }

  async function close() {
    await peer?.close();
    await deps.close();
    await metadata.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  return { app, deps, config, dir, call, callOk, createUser, createTeam, listen, close };
}

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;
