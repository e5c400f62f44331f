import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishTable, runSql } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';

/**
 * A sandbox instance serves the next run with the same context, tier and tables after a short,
 * clean run (engine/sandbox.ts, reuseKey): its spill folder names the instance, so two runs that
 * report the same folder ran in the same instance.
 */
const WHERE = "SELECT current_setting('temp_directory') AS dir";

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestServer({ resultStorageBytes: 64 * 1024 ** 2 });
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
});
afterAll(() => t.close());

/** Runs `sql` to completion and returns its rows. */
async function rows(user: TestUser, sql: string, extra: Record<string, unknown> = {}) {
  const { id, status } = await runSql(t, user.key, sql, extra);
  expect(status.state, `${sql}: ${JSON.stringify(status.error)}`).toBe('QUERY_STATE_COMPLETED');
  const page = await t.call('GET', `/api/v1/execution/${id}/results`, { key: user.key });
  return page.json.result.rows as Record<string, unknown>[];
}

/** The instance (its folder) a run of `sql` ran in: `sql` must name it `dir`. */
const instanceOf = async (user: TestUser, sql: string, extra: Record<string, unknown> = {}) =>
  path.dirname(String((await rows(user, sql, extra))[0]!.dir));

describe('sandbox instances reused across runs', () => {
  it('serve the same context’s next run with the same tier and tables, and keep each result apart', async () => {
    const first = await instanceOf(alice, `${WHERE}, 1 AS n`);
    const second = await instanceOf(alice, `${WHERE}, 2 AS n`);
    expect(second).toBe(first);
    // Each run's result is its own file: the second did not overwrite the first.
    const a = await runSql(t, alice.key, 'SELECT 1 AS n');
    const b = await runSql(t, alice.key, 'SELECT 2 AS n');
    for (const [run, n] of [
      [a, 1],
      [b, 2],
    ] as const) {
      const page = await t.call('GET', `/api/v1/execution/${run.id}/results`, { key: alice.key });
      expect(page.json.result.rows).toEqual([{ n }]);
      expect(fs.existsSync(path.join(t.dir, 'results', `${run.id}.parquet`))).toBe(true);
    }
  });

  it('never serve another context, another tier, another dialect or another set of tables', async () => {
    const mine = await instanceOf(alice, WHERE);
    expect(await instanceOf(bob, WHERE)).not.toBe(mine);
    expect(await instanceOf(alice, WHERE, { performance: 'large' })).not.toBe(mine);
    expect(await instanceOf(alice, WHERE, { dialect: 'duckdb' })).not.toBe(mine);
    await publishTable(t, {
      schema: 'reuse',
      table: 'numbers',
      ownerId: null,
      isPrivate: false,
      select: 'SELECT range AS n FROM range(3)',
    });
    const withTable = await instanceOf(alice, `${WHERE} FROM dune.reuse.numbers LIMIT 1`);
    expect(withTable).not.toBe(mine);
    expect(await instanceOf(alice, `${WHERE} FROM dune.reuse.numbers LIMIT 1`)).toBe(withTable);
  });

  it('see a table’s new snapshot at once: a new snapshot is a new instance', async () => {
    const publish = (select: string) =>
      publishTable(t, {
        schema: 'reuse',
        table: 'versions',
        ownerId: null,
        isPrivate: false,
        select,
      });
    await publish('SELECT 1 AS v');
    const before = await rows(alice, `${WHERE}, v FROM dune.reuse.versions`);
    expect(before[0]!.v).toBe(1);
    await publish('SELECT 2 AS v');
    const after = await rows(alice, `${WHERE}, v FROM dune.reuse.versions`);
    expect(after[0]!.v).toBe(2);
    expect(after[0]!.dir).not.toBe(before[0]!.dir);
  });

  it('do not carry a private table of one context to another that names it', async () => {
    const owner = await t.createUser('owner');
    await publishTable(t, {
      schema: 'owner',
      table: 'secret',
      ownerId: owner.account.id,
      isPrivate: true,
      select: "SELECT 'hidden' AS s",
    });
    expect(await rows(owner, 'SELECT s FROM dune.owner.secret')).toEqual([{ s: 'hidden' }]);
    const other = await runSql(t, bob.key, 'SELECT s FROM dune.owner.secret');
    expect(other.status.state).toBe('QUERY_STATE_FAILED');
    expect(other.status.error.message).toMatch(/does not exist/);
  });

  it('are not reused after a run that failed while running; a refused statement leaves it usable', async () => {
    const kept = await instanceOf(alice, WHERE);
    const refused = await runSql(t, alice.key, 'SELECT 1; SELECT 2');
    expect(refused.status.state).toBe('QUERY_STATE_FAILED');
    expect(await instanceOf(alice, WHERE)).toBe(kept);
    const failed = await runSql(t, alice.key, "SELECT 'x'::INTEGER AS n");
    expect(failed.status.state).toBe('QUERY_STATE_FAILED');
    expect(await instanceOf(alice, WHERE)).not.toBe(kept);
  });

  it('still stop a result growing past its tier’s cap while it is written', async () => {
    // 64 MiB of storage: the small tier keeps 8 MiB. Without the watch on the file being
    // written this would run until the tier's timeout.
    const endless = 'SELECT i, repeat(md5(i::VARCHAR), 8) AS pad FROM range(10000000000) t(i)';
    const run = await runSql(t, alice.key, endless, { performance: 'small', dialect: 'duckdb' });
    expect(run.status.state).toBe('QUERY_STATE_FAILED');
    expect(run.status.error.message).toMatch(/^the result is larger than the small tier keeps/);
    expect(fs.existsSync(path.join(t.dir, 'results', `${run.id}.parquet`))).toBe(false);
  });
});
