import { sql } from 'kysely';
import pg from 'pg';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATES } from '../executions/execution-record.js';
import { ExecutionsRepo } from '../executions/executions-repo.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { captureLog } from '../test/log-capture.js';
import { postgresBinDir } from '../test/postgres-bin.js';
import { createDatabase, startPostgres, type PostgresServer } from '../test/postgres.js';
import { nowIso } from './db.js';
import { isStoreUnavailable, STORE_UNAVAILABLE_MESSAGE } from './store-unavailable.js';

/**
 * PostgreSQL restarted under a running node: requests while it is down answer 503 with
 * {"error"} and Retry-After, never 500; the node's pool reconnects by itself once it is back, and
 * the queue (the executions table) keeps what it held. The test runs its own PostgreSQL server,
 * since it stops it (the run's shared one serves the other test files).
 */
const bin = postgresBinDir();
const PASSWORD = 'a long and rare passphrase';

/** Asks `probe` until it returns a value, or fails after `timeoutMs`. */
async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!bin)('PostgreSQL restarted while the server runs', () => {
  let server: PostgresServer | undefined;
  let t: TestServer | undefined;
  const captured = captureLog();
  beforeAll(async () => {
    server = await startPostgres(bin!);
    const db = await createDatabase(server.url, 'strata_restart');
    // Lease beats every 500 ms: the node's log tells of the outage and its end soon.
    t = await createTestServer({ databaseUrl: db.url, nodeLeaseMs: 1500 }, { log: captured.log });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    server?.stop();
  });

  it('answers 503 while it is down, then serves again without a restart of its own', async () => {
    const app = t!;
    const pgServer = server!;
    const signup = (handle: string) =>
      app.call('POST', '/api/v1/auth/signup', { body: { handle, password: PASSWORD } });

    const first = await signup('before_outage');
    expect(first.status).toBe(200);
    const cookie = /strata_session=[^;]*/.exec(first.headers.get('set-cookie') ?? '')![0];
    const me = () => app.call('GET', '/api/v1/auth/me', { headers: { cookie } });
    expect((await me()).status).toBe(200);

    // An execution waiting in the queue (the executions table) for another live node, which
    // alone may run it: nothing here claims or fails it, so it must still wait afterwards.
    const owner = await app.createUser('queue_owner');
    const other = ulid();
    await app.deps.store.db
      .insertInto('cluster_nodes')
      .values({
        id: other,
        name: 'other:1',
        started_at: nowIso(),
        lease_until: Date.now() + 3600_000,
      })
      .execute();
    const queued = await new ExecutionsRepo(app.deps.store).insert(
      {
        id: ulid(),
        query_id: 0,
        query_version: null,
        context_id: owner.account.id,
        user_id: owner.account.id,
        api_key_id: null,
        source: 'api',
        sql: 'SELECT 1',
        dialect: 'duckdb',
        parameters: {},
        params_key: '',
        performance: 'medium',
      },
      { runnerNode: other, writtenSql: 'SELECT 1', marks: [] },
    );
    const status = () =>
      app.call('GET', `/api/v1/execution/${queued.id}/status`, { key: owner.key });
    expect((await status()).json).toMatchObject({ state: STATES.pending });

    // A statement in flight when PostgreSQL stops fails as "unavailable".
    const inFlight = sql`SELECT pg_sleep(60)`.execute(app.deps.store.db).then(
      () => new Error('pg_sleep(60) ended, though the server was stopped'),
      (err: unknown) => err,
    );
    await waitFor('the statement to run', async () => {
      const c = new pg.Client({ connectionString: pgServer.url });
      await c.connect();
      try {
        const r = await c.query(
          "SELECT 1 FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(60)' AND state = 'active'",
        );
        return r.rowCount ? true : undefined;
      } finally {
        await c.end();
      }
    });
    pgServer.halt();
    const lost = await inFlight;
    expect(isStoreUnavailable(lost), String(lost)).toBe(true);

    // While it is down: 503 with the error body and Retry-After, for reads and writes alike.
    for (const answer of [await me(), await status(), await signup('during_outage')]) {
      expect(answer.status).toBe(503);
      expect(answer.json).toEqual({ error: STORE_UNAVAILABLE_MESSAGE });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }

    // The node's next lease beat fails and tells the operator, once.
    await waitFor('the outage in the log', async () =>
      captured.lines.find((l) => l.event === 'store_outage'),
    );

    // Back on the same port: the same app serves again (its pool opens new connections).
    await pgServer.resume();
    await waitFor('a request to succeed', async () =>
      (await me()).status === 200 ? true : undefined,
    );
    expect((await status()).json).toMatchObject({ state: STATES.pending });
    expect((await signup('after_outage')).status).toBe(200);
    expect(await app.deps.accounts.byHandle('during_outage')).toBeUndefined();

    // One line for the outage and one for its end, from the node's beat.
    const ended = await waitFor('the end of the outage in the log', async () =>
      captured.lines.find((l) => l.event === 'store_outage_end'),
    );
    const began = captured.lines.filter((l) => l.event === 'store_outage');
    expect(began).toEqual([expect.objectContaining({ level: 'error', pid: process.pid })]);
    expect(ended).toMatchObject({ level: 'warn', outage_ms: expect.any(Number) });
    expect(captured.lines.indexOf(began[0]!)).toBeLessThan(captured.lines.indexOf(ended));
  }, 120_000);
});
