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
  expect(status.state, JSON.stringify(status.error)).toBe('QUERY_STATE_COMPLETED');
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
      body: { table_name: 'a-b', data: 'a\n1\n' },
    });
    expect(badName.json.error).toMatch(/invalid table name "dataset_a-b"/);
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

describe.each(FAMILIES)('CSV upload of real-shaped data ($name paths)', (f) => {
  const MAX_UINT256 = (2n ** 256n - 1n).toString();
  /** Token transfers as a block explorer exports them: wei values past 64 bits, hex hashes. */
  const TRANSFERS = [
    ['Block Number', 'Tx Hash', 'Token', 'Value (wei)', 'Cost Total $'],
    [
      '18000000',
      '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060',
      '0xaa',
      '7786596450288373164569331648084',
      '12.5',
    ],
    [
      '18000017',
      '0x2c7536e3605d9c16a7a3d7b1898e529396a65c23a39a8d3c4b1c2d1ad1d1f0aa',
      '0x1f',
      '100000000000000000000000000000',
      '0.75',
    ],
    [
      '18000034',
      '0x0b0b5c7f2b2d0a0a3c4e7f9e0d1c2b3a49586776655443322110ffeeddccbbaa',
      '0x00',
      MAX_UINT256,
      '',
    ],
    [
      '18000051',
      '0xffee000000000000000000000000000000000000000000000000000000000001',
      '0xaa',
      '1',
      '3',
    ],
  ];
  const data = TRANSFERS.map((r) => r.join(',')).join('\n') + '\n';
  const table = `dataset_transfers_${f.name}`;

  it('keeps wei values exact (uint256), takes hex as varbinary and cleans the headers', async () => {
    const r = await t.call('POST', f.csv, {
      key: alice.key,
      body: { table_name: `transfers_${f.name}`, data },
    });
    expect(r.status, r.text).toBe(200);
    const list = await t.call('GET', f.list, { key: alice.key });
    const entry = list.json.tables.find(
      (x: { full_name: string }) => x.full_name === `dune.alice.${table}`,
    );
    expect(entry.columns).toEqual([
      {
        name: 'block_number',
        type: 'bigint',
        nullable: true,
        metadata: { description: 'Block Number' },
      },
      { name: 'tx_hash', type: 'varbinary', nullable: true, metadata: { description: 'Tx Hash' } },
      { name: 'token', type: 'varbinary', nullable: true, metadata: {} },
      {
        name: 'value_wei',
        type: 'uint256',
        nullable: true,
        metadata: { description: 'Value (wei)' },
      },
      {
        name: 'cost_total',
        type: 'double',
        nullable: true,
        metadata: { description: 'Cost Total $' },
      },
    ]);
    const rows = await rowsOf(
      alice.key,
      `select tx_hash, token, value_wei, cost_total from dune.alice.${table} order by block_number`,
    );
    expect(rows.map((x: Record<string, unknown>) => x.value_wei)).toEqual(
      TRANSFERS.slice(1).map((x) => x[3]),
    );
    expect(rows.map((x: Record<string, unknown>) => x.tx_hash)).toEqual(
      TRANSFERS.slice(1).map((x) => x[1]),
    );
    expect(rows.map((x: Record<string, unknown>) => x.token)).toEqual([
      '0xaa',
      '0x1f',
      '0x00',
      '0xaa',
    ]);
    const [sum] = await rowsOf(
      alice.key,
      `select sum(value_wei) as total from dune.alice.${table} where value_wei < 1e40`,
    );
    expect(String(sum.total)).toBe('7886596450288373164569331648085');
  });

  it('shows the original headers as column descriptions in the dataset browser', async () => {
    const r = await t.call('GET', `/api/v1/datasets/dune.alice.${table}`, { key: alice.key });
    expect(r.status, r.text).toBe(200);
    const cols = r.json.columns as { name: string; metadata: { description: string } }[];
    expect(cols.map((c) => [c.name, c.metadata.description])).toEqual([
      ['block_number', 'Block Number'],
      ['tx_hash', 'Tx Hash'],
      ['token', ''],
      ['value_wei', 'Value (wei)'],
      ['cost_total', 'Cost Total $'],
    ]);
  });

  it('loads the same export again through insert, its headers naming the cleaned columns', async () => {
    const r = await t.call('POST', f.insert('alice', table), {
      key: alice.key,
      raw: { body: data, contentType: 'text/csv' },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.rows_written).toBe(4);
    const entry = await t.deps.lake.get('dune', 'alice', table);
    expect(entry!.columns.map((c) => c.description)).toEqual([
      'Block Number',
      'Tx Hash',
      '',
      'Value (wei)',
      'Cost Total $',
    ]);
  });

  it('gives colliding, empty and long headers distinct valid names', async () => {
    const long = 'Ünïcödé '.repeat(20);
    const r = await t.call('POST', f.csv, {
      key: alice.key,
      body: { table_name: `odd_${f.name}`, data: `a b,a_b,,${long}\n1,2,3,4\n` },
    });
    expect(r.status, r.text).toBe(200);
    const entry = await t.deps.lake.get('dune', 'alice', `dataset_odd_${f.name}`);
    const names = entry!.columns.map((c) => c.name);
    expect(names.slice(0, 3)).toEqual(['a_b', 'a_b_2', 'column_3']);
    expect(names[3]).toMatch(/^unicode_unicode_/);
    expect(names[3]!.length).toBeLessThanOrEqual(128);
    expect(entry!.columns[3]!.description).toBe(long.trim());
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
