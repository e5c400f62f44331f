import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSql } from '../test/executions-helpers.js';
import { createTestServer } from '../test/harness.js';
import { QUERY_VERSIONS_KEPT } from '../usage/storage.js';

/** What a context stores is counted and bounded: query versions, results, tables. */
const usage = async (t: Awaited<ReturnType<typeof createTestServer>>, key: string) =>
  (await t.call('GET', '/api/v1/usage', { key })).json;

describe('query versions', () => {
  it('count toward the plan, are pruned past the newest 100, and stop at the quota', async () => {
    const t = await createTestServer({
      plan: { creditsIncluded: 100, creditsLimit: 1000, storageBytes: 400_000 },
    });
    try {
      const u = await t.createUser('writer');
      const sql = (i: number) => `SELECT ${i} -- ${'x'.repeat(1000)}`;
      const created = await t.call('POST', '/api/v1/query', {
        key: u.key,
        body: { name: 'q', query_sql: sql(0) },
      });
      const id = created.json.query_id as number;
      for (let i = 1; i <= QUERY_VERSIONS_KEPT + 20; i++) {
        const r = await t.call('PATCH', `/api/v1/query/${id}`, {
          key: u.key,
          body: { query_sql: sql(i) },
        });
        expect(r.status).toBe(200);
      }
      const versions = await t.call('GET', `/api/v1/query/${id}/versions`, { key: u.key });
      expect(versions.json.versions).toHaveLength(QUERY_VERSIONS_KEPT);
      expect(versions.json.versions.at(-1).version).toBe(22);
      expect((await t.call('GET', `/api/v1/query/${id}/versions/1`, { key: u.key })).status).toBe(
        404,
      );
      const used = await usage(t, u.key);
      expect(used.storage.query_versions_bytes).toBeGreaterThan(QUERY_VERSIONS_KEPT * 1000);
      expect(used.storage.query_versions_bytes).toBeLessThan((QUERY_VERSIONS_KEPT + 1) * 1100);
      expect(used.bytes_used).toBe(used.storage.query_versions_bytes);

      // New queries of ~100 KB each fill the rest of the plan; then a save is refused whole.
      const big = `SELECT 1 -- ${'y'.repeat(100_000)}`;
      let refused: { status: number; json: { error: string } } | undefined;
      for (let i = 0; i < 10 && !refused; i++) {
        const r = await t.call('POST', '/api/v1/query', {
          key: u.key,
          body: { name: `big ${i}`, query_sql: big },
        });
        if (r.status !== 200) refused = r;
      }
      expect(refused?.status).toBe(402);
      expect(refused?.json.error).toMatch(/^storage quota reached: saving this version takes/);
      const after = await usage(t, u.key);
      expect(after.bytes_used).toBeLessThanOrEqual(400_000);
      const list = await t.call('GET', '/api/v1/queries?limit=100', { key: u.key });
      expect(list.json.total).toBe(1 + Math.floor((400_000 - used.bytes_used) / 100_030));
    } finally {
      await t.close();
    }
  });
});

describe('the storage plan', () => {
  it('counts tables and query versions, not results: a save fits when results alone pass it', async () => {
    const t = await createTestServer({
      plan: { creditsIncluded: 100, creditsLimit: 1000, storageBytes: 50_000 },
    });
    try {
      const u = await t.createUser('runner');
      const { status } = await runSql(
        t,
        u.key,
        'SELECT i, md5(i::VARCHAR) AS h FROM range(20000) t(i)',
        { dialect: 'duckdb' },
      );
      expect(status.state).toBe('QUERY_STATE_COMPLETED');
      const before = await usage(t, u.key);
      expect(before.storage.results_bytes).toBeGreaterThan(50_000);
      const saved = await t.call('POST', '/api/v1/query', {
        key: u.key,
        body: { name: 'fits', query_sql: `SELECT 1 -- ${'x'.repeat(20_000)}` },
      });
      expect(saved.status).toBe(200);
      const after = await usage(t, u.key);
      expect(after.bytes_used).toBe(after.storage.query_versions_bytes);
      // The plan still bounds what it counts.
      const over = await t.call('POST', '/api/v1/query', {
        key: u.key,
        body: { name: 'too big', query_sql: `SELECT 1 -- ${'x'.repeat(40_000)}` },
      });
      expect(over.status).toBe(402);
    } finally {
      await t.close();
    }
  });
});

describe('execution results', () => {
  it("fail with a clear error past the tier's cap, and nothing is kept", async () => {
    // 64 MiB of results per context: small keeps 8 MiB, large 32 MiB.
    const t = await createTestServer({ resultStorageBytes: 64 * 1024 ** 2 });
    try {
      const u = await t.createUser('hoarder');
      const wide = 'SELECT i, repeat(md5(i::VARCHAR), 8) AS pad FROM range(50000) t(i)';
      const duckdb = { dialect: 'duckdb' };
      const { id, status } = await runSql(t, u.readKey, wide, { performance: 'small', ...duckdb });
      expect(status.state).toBe('QUERY_STATE_FAILED');
      expect(status.error.message).toBe(
        'the result is larger than the small tier keeps (8 MiB); select fewer rows or columns, aggregate, or run it on a larger tier',
      );
      expect(fs.existsSync(path.join(t.dir, 'results', `${id}.parquet`))).toBe(false);
      expect((await usage(t, u.key)).storage.results_bytes).toBe(0);
      // The same query fits the large tier's share.
      const large = await runSql(t, u.readKey, wide, { performance: 'large', ...duckdb });
      expect(large.status.state).toBe('QUERY_STATE_COMPLETED');
    } finally {
      await t.close();
    }
  });

  it('keep within their allowance: the oldest results expire to make room', async () => {
    const t = await createTestServer({ resultStorageBytes: 40 * 1024 ** 2 });
    try {
      const u = await t.createUser('runner');
      const sql = 'SELECT i, repeat(md5(i::VARCHAR), 4) AS pad FROM range(60000) t(i)';
      const runs = [];
      for (let i = 0; i < 6; i++)
        runs.push(await runSql(t, u.key, `${sql} -- ${i}`, { dialect: 'duckdb' }));
      for (const r of runs)
        expect(r.status.state, JSON.stringify(r.status.error)).toBe('QUERY_STATE_COMPLETED');
      const size = runs[0]!.status.result_metadata.total_result_set_bytes as number;
      expect(size).toBeGreaterThan(5 * 1024 ** 2);
      const states = await Promise.all(
        runs.map(
          async (r) =>
            (await t.call('GET', `/api/v1/execution/${r.id}/status`, { key: u.key })).json.state,
        ),
      );
      const kept = Math.floor((40 * 1024 ** 2) / size);
      expect(states).toEqual([
        ...Array(6 - kept).fill('QUERY_STATE_EXPIRED'),
        ...Array(kept).fill('QUERY_STATE_COMPLETED'),
      ]);
      const used = await usage(t, u.key);
      expect(used.storage.results_bytes).toBeLessThanOrEqual(40 * 1024 ** 2);
      expect(used.storage.results_bytes).toBe(kept * size);
      const files = fs.readdirSync(path.join(t.dir, 'results'));
      expect(files).toHaveLength(kept);
    } finally {
      await t.close();
    }
  });
});
