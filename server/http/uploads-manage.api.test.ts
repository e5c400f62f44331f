import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSql, waitFinished } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { FAMILIES, createTable, csvRows, insertCsv } from '../test/uploads-helpers.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
});
afterAll(() => t.close());

const rowsOf = async (key: string, sql: string) => {
  const { id, status } = await runSql(t, key, sql);
  expect(status.state).toBe('QUERY_STATE_COMPLETED');
  return (await t.call('GET', `/api/v1/execution/${id}/results`, { key })).json.result.rows;
};

describe.each(FAMILIES)('CSV upload, clear, delete and list ($name paths)', (f) => {
  const name = `prices_${f.name}`;
  const table = `dataset_${name}`;

  it('uploads a CSV as dune.<ns>.dataset_<name> with inferred types', async () => {
    const r = await t.call('POST', f.csv, {
      key: alice.key,
      body: {
        table_name: name,
        data: 'Day,Price,Ok\n2024-01-01,1.5,true\n2024-01-02,2,false\n',
        description: 'p',
      },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ success: true, table_name: table, full_name: `dune.alice.${table}` });
    expect(r.headers.get('sunset') !== null).toBe(f.name === 'deprecated');
    const list = await t.call('GET', f.list, { key: alice.key });
    const entry = list.json.tables.find(
      (x: { full_name: string }) => x.full_name === `dune.alice.${table}`,
    );
    expect(entry.columns.map((c: { name: string; type: string }) => `${c.name}:${c.type}`)).toEqual(
      ['day:date', 'price:double', 'ok:boolean'],
    );
    expect(entry).toMatchObject({
      is_private: false,
      owner: { handle: 'alice', type: 'user' },
      row_count: 2,
    });
    expect(entry.table_size_bytes).toMatch(/^[1-9][0-9]*$/);
  });

  it('replaces the table (schema and rows) when the same name is uploaded again', async () => {
    const r = await t.call('POST', f.csv, {
      key: alice.key,
      body: { table_name: table, data: 'label\nx\ny\nz\n', is_private: true },
    });
    expect(r.status).toBe(200);
    expect(r.json.table_name).toBe(table);
    expect(
      await rowsOf(alice.key, `select count(*) as n, min(label) as l from dune.alice.${table}`),
    ).toEqual([{ n: 3, l: 'x' }]);
  });

  it('answers 400 for a bad CSV and missing fields, 401 and 403', async () => {
    const bad = await t.call('POST', f.csv, {
      key: alice.key,
      body: { table_name: 'x', data: '' },
    });
    expect(bad.status).toBe(400);
    const badName = await t.call('POST', f.csv, {
      key: alice.key,
      body: { table_name: 'x', data: 'a b\n1\n' },
    });
    expect(badName.json.error).toMatch(/invalid column name "a b"/);
    expect((await t.call('POST', f.csv, { key: alice.key, body: { data: 'a\n1\n' } })).status).toBe(
      400,
    );
    expect(
      (await t.call('POST', f.csv, { body: { table_name: 'x', data: 'a\n1\n' } })).status,
    ).toBe(401);
    const read = await t.call('POST', f.csv, {
      key: alice.readKey,
      body: { table_name: 'x', data: 'a\n1\n' },
    });
    expect(read.status).toBe(403);
  });

  it('clears the rows and keeps the columns', async () => {
    const r = await t.call('POST', f.clear('alice', table), { key: alice.key });
    expect(r.status).toBe(200);
    expect(r.json.message).toMatch(/cleared/);
    expect(await rowsOf(alice.key, `select count(*) as n from dune.alice.${table}`)).toEqual([
      { n: 0 },
    ]);
    expect((await t.deps.lake.get('dune', 'alice', table))!.columns.map((c) => c.name)).toEqual([
      'label',
    ]);
  });

  it('deletes the table; then it is 404 and gone from the list', async () => {
    const r = await t.call('DELETE', f.remove('alice', table), { key: alice.key });
    expect(r.status).toBe(200);
    expect(r.json.message).toMatch(/deleted/);
    expect((await t.call('DELETE', f.remove('alice', table), { key: alice.key })).status).toBe(404);
    expect((await t.call('POST', f.clear('alice', table), { key: alice.key })).status).toBe(404);
    const list = await t.call('GET', f.list, { key: alice.key });
    expect(list.json.tables.map((x: { full_name: string }) => x.full_name)).not.toContain(
      `dune.alice.${table}`,
    );
  });

  it('answers 401, 403 (read key; public table of another context) for clear and delete', async () => {
    await createTable(t, alice.key, 'alice', `keep_${f.name}`);
    for (const [method, url] of [
      ['POST', f.clear('alice', `keep_${f.name}`)],
      ['DELETE', f.remove('alice', `keep_${f.name}`)],
    ] as const) {
      expect((await t.call(method, url)).status).toBe(401);
      expect((await t.call(method, url, { key: alice.readKey })).status).toBe(403);
      expect((await t.call(method, url, { key: bob.key })).status).toBe(403);
    }
  });

  it('lists with limit and offset (next_offset while more follow); 401 without a key', async () => {
    const u = await t.createUser(`lister_${f.name.slice(0, 3)}`);
    for (const n of ['c', 'a', 'b']) await createTable(t, u.key, u.account.handle, n);
    const first = await t.call('GET', `${f.list}?limit=2`, { key: u.readKey });
    expect(first.status).toBe(200);
    expect(first.json.tables.map((x: { full_name: string }) => x.full_name.split('.')[2])).toEqual([
      'a',
      'b',
    ]);
    expect(first.json.next_offset).toBe(2);
    const last = await t.call('GET', `${f.list}?limit=2&offset=2`, { key: u.readKey });
    expect(last.json.tables).toHaveLength(1);
    expect(last.json).not.toHaveProperty('next_offset');
    expect(
      (await t.call('GET', `${f.list}?offset=-5&limit=100000`, { key: u.key })).json.tables,
    ).toHaveLength(3);
    expect((await t.call('GET', `${f.list}?limit=abc`, { key: u.key })).status).toBe(400);
    expect((await t.call('GET', f.list)).status).toBe(401);
  });
});

describe('running queries', () => {
  const slow = (table: string) =>
    `select count(*) as n from dune.alice.${table} a, dune.alice.${table} b, range(60) r
     where a.id + b.id + r.range > 0`;

  async function startSlow(table: string) {
    const r = await t.call('POST', '/api/v1/sql/execute', {
      key: alice.key,
      body: { sql: slow(table) },
    });
    for (;;) {
      const s = await t.call('GET', `/api/v1/execution/${r.json.execution_id}/status`, {
        key: alice.key,
      });
      if (s.json.state !== 'QUERY_STATE_PENDING') return r.json.execution_id as string;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  it.each(['delete', 'clear'])(
    'keep reading their snapshot when a %s happens meanwhile',
    async (op) => {
      const table = `busy_${op}`;
      await createTable(t, alice.key, 'alice', table);
      expect((await insertCsv(t, alice.key, 'alice', table, csvRows(2000))).status).toBe(200);
      const snapshot = t.deps.lake.snapshotDir(
        (await t.deps.lake.get('dune', 'alice', table))!.snapshot!,
      );
      const id = await startSlow(table);
      const r =
        op === 'delete'
          ? await t.call('DELETE', FAMILIES[0]!.remove('alice', table), { key: alice.key })
          : await t.call('POST', FAMILIES[0]!.clear('alice', table), { key: alice.key });
      expect(r.status).toBe(200);
      const running = await t.call('GET', `/api/v1/execution/${id}/status`, { key: alice.key });
      expect(running.json.state).toBe('QUERY_STATE_EXECUTING');
      expect(fs.existsSync(snapshot)).toBe(true);
      const done = await waitFinished(t, alice.key, id, 60_000);
      expect(done.state).toBe('QUERY_STATE_COMPLETED');
      const res = await t.call('GET', `/api/v1/execution/${id}/results`, { key: alice.key });
      expect(res.json.result.rows).toEqual([{ n: 2000 * 2000 * 60 }]);
      for (let i = 0; i < 100 && fs.existsSync(snapshot); i++)
        await new Promise((s) => setTimeout(s, 20));
      expect(fs.existsSync(snapshot)).toBe(false);
    },
  );
});

describe('storage', () => {
  it('counts the Parquet bytes of uploads in usage', async () => {
    const u = await t.createUser('usage_user');
    await createTable(t, u.key, 'usage_user', 'u1');
    await insertCsv(t, u.key, 'usage_user', 'u1', csvRows(100));
    const size = (await t.deps.lake.get('dune', 'usage_user', 'u1'))!.size_bytes;
    expect(size).toBeGreaterThan(0);
    const usage = await t.call('GET', '/api/v1/usage', { key: u.key });
    expect(usage.json.bytes_used).toBe(size);
  });
});
