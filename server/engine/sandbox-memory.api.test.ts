import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSql, waitFinished } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { spillRoot } from './sandbox-instances.js';
import { TIERS } from './tiers.js';

/** The small tier with 32 MB of memory: queries of a few million rows must spill. */
const tiers = { ...TIERS, small: { ...TIERS.small, memoryLimit: '32MB' } };
/** A hash aggregate of 3 million groups: about 50 MB of spill at 32 MB of memory. */
const SPILLING =
  'SELECT count(*) AS n, sum(c) AS s FROM (SELECT i, count(*) AS c FROM range(3000000) t(i) GROUP BY i)';
/** One list of 10 million values: a single allocation of 80 MB, which cannot be spilled. */
const UNSPILLABLE = 'SELECT len(list(i)) AS n FROM range(10000000) t(i)';

let t: TestServer;
let alice: TestUser;
beforeAll(async () => {
  t = await createTestServer({ tiers, maxSpillBytes: 1024 ** 3 });
  alice = await t.createUser('alice');
});
afterAll(() => t.close());

/** Resolves once `dir` no longer exists (the sandbox removes it after the run has ended). */
async function gone(dir: string, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (fs.existsSync(dir) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 10));
  return !fs.existsSync(dir);
}

/**
 * The folder of the instance that spills under `root` (each instance has one, `<id>/spill` its
 * spill folder, which DuckDB makes at the first spill), once one does.
 */
async function spillingInstance(root: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = fs.readdirSync(root).find((d) => fs.existsSync(path.join(root, d, 'spill')));
    if (found) return path.join(root, found);
    if (Date.now() > deadline) throw new Error(`no instance spilled under ${root}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The instance folders under `root` made while `during` runs (a fresh instance makes one). */
async function madeDuring<T>(root: string, during: () => Promise<T>): Promise<[T, string[]]> {
  const made: string[] = [];
  const watcher = fs.watch(root, (_, name) => name && made.push(path.join(root, name)));
  try {
    return [await during(), made];
  } finally {
    watcher.close();
  }
}

describe('a query larger than its tier’s memory', () => {
  it('finishes by spilling to its instance’s folder under DATA_DIR/tmp, removed after the run', async () => {
    const root = spillRoot(path.join(t.dir, 'tmp'));
    const r = await t.call('POST', '/api/v1/sql/execute', {
      key: alice.key,
      body: { sql: SPILLING, performance: 'small' },
    });
    const id = r.json.execution_id as string;
    const folder = await spillingInstance(root);
    const status = await waitFinished(t, alice.key, id, 60_000);
    expect(status.state).toBe('QUERY_STATE_COMPLETED');
    const page = await t.call('GET', `/api/v1/execution/${id}/results`, { key: alice.key });
    // sum() is a 128-bit integer: a string of digits.
    expect(page.json.result.rows).toEqual([{ n: 3_000_000, s: '3000000' }]);
    // An instance that spilled serves no other run: it is closed and its folder removed.
    expect(await gone(folder)).toBe(true);
  });

  it('fails with a message naming the tier’s memory limit when it cannot spill, and the next run works', async () => {
    const root = spillRoot(path.join(t.dir, 'tmp'));
    const carol = await t.createUser('carol-oom');
    const [{ status }, made] = await madeDuring(root, () =>
      runSql(t, carol.key, UNSPILLABLE, { performance: 'small' }),
    );
    expect(status.state).toBe('QUERY_STATE_FAILED');
    expect(status.error.type).toBe('FAILED_TYPE_EXECUTION_FAILED');
    expect(status.error.message).toMatch(
      /^the query needed more than the small tier's memory limit of 32MB, after spilling to disk what it could; run it on a larger tier .*\. Out of Memory Error: failed to allocate data of size/,
    );
    expect(status.error.message).not.toMatch(/SET |PRAGMA/);
    // the failed run's instance is closed (its folder goes) once the engine is idle
    expect(made.length).toBeGreaterThan(0);
    for (const folder of made) expect(await gone(folder)).toBe(true);
    const next = await runSql(t, carol.key, 'SELECT 42 AS answer', { performance: 'small' });
    expect(next.status.state).toBe('QUERY_STATE_COMPLETED');
  });

  it('removes the spill folder of a run cancelled while it spills', async () => {
    const root = spillRoot(path.join(t.dir, 'tmp'));
    const dave = await t.createUser('dave-cancel');
    const r = await t.call('POST', '/api/v1/sql/execute', {
      key: dave.key,
      body: { sql: SPILLING.replace('3000000', '300000000'), performance: 'small' },
    });
    const id = r.json.execution_id as string;
    const folder = await spillingInstance(root);
    const cancel = await t.call('POST', `/api/v1/execution/${id}/cancel`, { key: dave.key });
    expect(cancel.json).toEqual({ success: true });
    expect((await waitFinished(t, dave.key, id)).state).toBe('QUERY_STATE_CANCELLED');
    expect(await gone(folder)).toBe(true);
  });

  it('runs with its spill folder and limit set and locked, and reads no other folder', async () => {
    const root = spillRoot(path.join(t.dir, 'tmp'));
    const other = path.join(root, '01OTHEREXECUTION0000000000');
    fs.mkdirSync(path.join(other, 'spill'), { recursive: true });
    fs.writeFileSync(path.join(other, 'spill', 'blocks.tmp'), 'someone else’s spilled rows');
    fs.writeFileSync(path.join(other, 'result.parquet'), 'someone else’s result');
    try {
      const { id, status } = await runSql(
        t,
        alice.key,
        `SELECT current_setting('temp_directory') AS dir, current_setting('max_temp_directory_size') AS max,
           current_setting('lock_configuration') AS locked, current_setting('enable_external_access') AS external`,
      );
      expect(status.state).toBe('QUERY_STATE_COMPLETED');
      const page = await t.call('GET', `/api/v1/execution/${id}/results`, { key: alice.key });
      const [row] = page.json.result.rows;
      expect(row).toEqual({
        dir: expect.any(String),
        max: '1.0 GiB',
        locked: true,
        external: false,
      });
      expect(path.relative(root, row.dir)).toMatch(/^[0-9A-Z]{26}\/spill$/);
      for (const sql of [
        `SELECT * FROM read_text('${other}/spill/blocks.tmp')`,
        `SELECT * FROM read_text('${other}/result.parquet')`,
        `SELECT * FROM glob('${root}/*')`,
        `SELECT * FROM glob('${path.dirname(row.dir)}/*')`,
        `SELECT * FROM read_text('${root}/../../strata.db')`,
      ]) {
        const run = await runSql(t, alice.key, sql);
        expect(run.status.state, sql).toBe('QUERY_STATE_FAILED');
        expect(run.status.error.message, sql).toMatch(/Permission Error/);
      }
      for (const sql of ["SET temp_directory = '/tmp'", "SET max_temp_directory_size = '1TB'"]) {
        const run = await runSql(t, alice.key, sql);
        expect(run.status.error.message, sql).toMatch(/only read statements/);
      }
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('MAX_SPILL_BYTES', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await createTestServer({ tiers, maxSpillBytes: 2 * 1024 ** 2 });
  });
  afterAll(() => small.close());

  it('fails a query that needs more disk than it allows with a message naming both limits', async () => {
    const bob = await small.createUser('bob');
    const root = spillRoot(path.join(small.dir, 'tmp'));
    const [{ status }, made] = await madeDuring(root, () =>
      runSql(small, bob.key, SPILLING, { performance: 'small' }),
    );
    expect(status.state).toBe('QUERY_STATE_FAILED');
    expect(status.error.type).toBe('FAILED_TYPE_EXECUTION_FAILED');
    expect(status.error.message).toMatch(
      /^the query needed more than the small tier's memory limit of 32MB and more than the 2 MiB of disk an execution may spill to; .*Out of Memory Error: failed to offload data block/,
    );
    expect(made.length).toBeGreaterThan(0);
    for (const folder of made) expect(await gone(folder)).toBe(true);
    const next = await runSql(small, bob.key, 'SELECT 1 AS one', { performance: 'small' });
    expect(next.status.state).toBe('QUERY_STATE_COMPLETED');
  });
});

describe('DATA_DIR/tmp/spill at start', () => {
  it('is emptied of what a previous process left', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-spill-'));
    const left = path.join(spillRoot(path.join(dir, 'tmp')), '01LEFTBYACRASH000000000000');
    fs.mkdirSync(left, { recursive: true });
    fs.writeFileSync(path.join(left, 'duckdb_temp_storage_DEFAULT-0.tmp'), 'x'.repeat(1024));
    const restarted = await createTestServer({}, { dataDir: dir });
    try {
      expect(fs.readdirSync(spillRoot(path.join(dir, 'tmp')))).toEqual([]);
    } finally {
      await restarted.close();
    }
  });
});
