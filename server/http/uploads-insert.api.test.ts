import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSql } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { FAMILIES, createTable, csvRows, insertCsv } from '../test/uploads-helpers.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestServer({ maxUploadBytes: 4096 });
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
});
afterAll(() => t.close());

/** The rows of a query run from `key`'s context (or the error of its execution). */
async function query(key: string, sql: string) {
  const { id, status } = await runSql(t, key, sql);
  if (status.state !== 'QUERY_STATE_COMPLETED') return { error: status.error?.message as string };
  const r = await t.call('GET', `/api/v1/execution/${id}/results`, { key });
  return { rows: r.json.result.rows as Record<string, unknown>[] };
}

describe.each(FAMILIES)('insert ($name paths)', (f) => {
  const table = `ins_${f.name}`;
  beforeAll(() => createTable(t, alice.key, 'alice', table));

  it('appends CSV rows (header in any order, missing nullable columns NULL)', async () => {
    const r = await t.call('POST', f.insert('alice', table), {
      key: alice.key,
      raw: { body: 'amount,id\n1.5,1\n2.5,2\n', contentType: 'text/csv; charset=utf-8' },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ name: `dune.alice.${table}`, rows_written: 2, bytes_written: 22 });
    expect(r.headers.get('deprecation')).toBe(f.name === 'deprecated' ? 'true' : null);
  });

  it('appends NDJSON rows', async () => {
    const body = '{"id": 3, "name": "c", "ts": "2024-05-01T12:00:00+02:00"}\n{"id": 4}\n';
    const r = await t.call('POST', f.insert('Alice', table.toUpperCase()), {
      key: alice.key,
      raw: { body, contentType: 'application/x-ndjson' },
    });
    expect(r.status).toBe(200);
    expect(r.json.rows_written).toBe(2);
    const out = await query(
      alice.key,
      `select id, name, amount, ts from dune.alice.${table} order by id`,
    );
    expect(out.error).toBeUndefined();
    expect(out.rows).toEqual([
      { id: 1, name: null, amount: 1.5, ts: null },
      { id: 2, name: null, amount: 2.5, ts: null },
      { id: 3, name: 'c', amount: null, ts: '2024-05-01 10:00:00.000' },
      { id: 4, name: null, amount: null, ts: null },
    ]);
  });

  it('fails a bad row halfway with its line and column, leaving the table unchanged', async () => {
    const before = (await t.deps.lake.get('dune', 'alice', table))!;
    const csv = 'id,amount\n10,1\n11,2\n12,not-a-number\n13,4\n';
    const r = await insertCsv(t, alice.key, 'alice', table, csv);
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('line 4, column "amount": "not-a-number" is not a number');
    const after = (await t.deps.lake.get('dune', 'alice', table))!;
    expect(after.row_count).toBe(before.row_count);
    expect(after.snapshot).toBe(before.snapshot);
    const out = await query(
      alice.key,
      `select count(*) as n, max(id) as top from dune.alice.${table}`,
    );
    expect(out.rows).toEqual([{ n: 4, top: 4 }]);
  });

  it.each([
    [
      'a NULL in a non-null column',
      'id,name\n1,a\n,b\n',
      /^line 3, column "id": a value is required/,
    ],
    [
      'too few fields',
      'id,name,amount\n1,a,1\n2,b\n',
      /^line 3, column "amount": expected 3 fields/,
    ],
    ['too many fields', 'id,name\n1,a,x\n', /^line 2: expected 2 fields, found 3/],
    [
      'a bad timestamp',
      'id,ts\n1,2024-01-01\n2,noon\n',
      /^line 3, column "ts": "noon" is not an ISO 8601 timestamp/,
    ],
    [
      'a fraction in a bigint',
      'id\n1\n2.5\n',
      /^line 3, column "id": "2.5" is not a 64-bit integer/,
    ],
    [
      'an unknown column',
      'id,colour\n1,red\n',
      /^line 1, column "colour": not a column of the table/,
    ],
    ['a missing non-null column', 'name\nx\n', /^line 1, column "id": missing from the header/],
    ['an empty body', '', /the CSV is empty/],
  ])('answers 400 for %s', async (_, csv, message) => {
    const r = await t.call('POST', f.insert('alice', table), {
      key: alice.key,
      raw: { body: csv, contentType: 'text/csv' },
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(message);
  });

  it('replaces the rows in one step with ?replace=true, and keeps them when a row does not fit', async () => {
    const rep = `${table}_rep`;
    await createTable(t, alice.key, 'alice', rep);
    await insertCsv(t, alice.key, 'alice', rep, 'id\n1\n2\n');
    const bad = await t.call('POST', `${f.insert('alice', rep)}?replace=true`, {
      key: alice.key,
      raw: { body: 'id\n7\nseven\n', contentType: 'text/csv' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/^line 3, column "id"/);
    expect((await query(alice.key, `select id from dune.alice.${rep} order by id`)).rows).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
    const ok = await t.call('POST', `${f.insert('alice', rep)}?replace=true`, {
      key: alice.key,
      raw: { body: 'id\n7\n8\n9\n', contentType: 'text/csv' },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.rows_written).toBe(3);
    expect((await query(alice.key, `select id from dune.alice.${rep} order by id`)).rows).toEqual([
      { id: 7 },
      { id: 8 },
      { id: 9 },
    ]);
    const wrong = await t.call('POST', `${f.insert('alice', rep)}?replace=yes`, {
      key: alice.key,
      raw: { body: 'id\n1\n', contentType: 'text/csv' },
    });
    expect(wrong.status).toBe(400);
  });

  it('answers 400 for another content type, with or without a body', async () => {
    for (const contentType of ['application/json', 'text/plain']) {
      const r = await t.call('POST', f.insert('alice', table), {
        key: alice.key,
        raw: { body: '{"id": 1}', contentType },
      });
      expect(r.status).toBe(400);
      expect(r.json.error).toMatch(/Content-Type must be text\/csv or application\/x-ndjson/);
    }
    const none = await t.call('POST', f.insert('alice', table), { key: alice.key });
    expect(none.status).toBe(400);
  });

  it('answers 413 past MAX_UPLOAD_BYTES, writing nothing', async () => {
    const before = (await t.deps.lake.get('dune', 'alice', table))!;
    const r = await insertCsv(t, alice.key, 'alice', table, csvRows(200));
    expect(r.status).toBe(413);
    expect(r.json.error).toMatch(/larger than the limit of 4096 bytes/);
    expect((await t.deps.lake.get('dune', 'alice', table))!.snapshot).toBe(before.snapshot);
  });

  it('answers 401, 403 (read key, public table of another context) and 404', async () => {
    const csv = 'id\n1\n';
    const ct = 'text/csv';
    expect(
      (await t.call('POST', f.insert('alice', table), { raw: { body: csv, contentType: ct } }))
        .status,
    ).toBe(401);
    const read = await t.call('POST', f.insert('alice', table), {
      key: alice.readKey,
      raw: { body: csv, contentType: ct },
    });
    expect(read.status).toBe(403);
    const other = await t.call('POST', f.insert('alice', table), {
      key: bob.key,
      raw: { body: csv, contentType: ct },
    });
    expect(other.status).toBe(403);
    expect(other.json.error).toMatch(/only the owner context/);
    const unknown = await t.call('POST', f.insert('alice', 'nope'), {
      key: alice.key,
      raw: { body: csv, contentType: ct },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('private tables', () => {
  beforeAll(async () => {
    await createTable(t, alice.key, 'alice', 'secret', { is_private: true });
    await createTable(t, alice.key, 'alice', 'visible');
    await insertCsv(t, alice.key, 'alice', 'secret', 'id,name\n1,hidden\n');
    await insertCsv(t, alice.key, 'alice', 'visible', 'id,name\n7,shown\n');
  });

  it('are queryable from the owner context only; elsewhere they fail like unknown tables', async () => {
    expect((await query(alice.key, 'select name from dune.alice.secret')).rows).toEqual([
      { name: 'hidden' },
    ]);
    expect((await query(bob.key, 'select name from dune.alice.visible')).rows).toEqual([
      { name: 'shown' },
    ]);
    const hidden = await query(bob.key, 'select * from dune.alice.secret');
    const unknown = await query(bob.key, 'select * from dune.alice.unknown_table');
    expect(hidden.error).toMatch(/does not exist/);
    expect(hidden.error!.replaceAll('secret', 'X')).toBe(
      unknown.error!.replaceAll('unknown_table', 'X'),
    );
  });

  it('answer 404 to another context for insert, clear and delete', async () => {
    for (const [method, url] of [
      ['POST', FAMILIES[0]!.insert('alice', 'secret')],
      ['POST', FAMILIES[0]!.clear('alice', 'secret')],
      ['DELETE', FAMILIES[0]!.remove('alice', 'secret')],
    ] as const) {
      const r = await t.call(method, url, {
        key: bob.key,
        raw: { body: 'id\n1\n', contentType: 'text/csv' },
      });
      expect(r.status).toBe(404);
    }
  });
});

describe('varbinary and 256-bit integers', () => {
  it('accept 0x hex and base64, and digits within range', async () => {
    const schema = [
      { name: 'b', type: 'varbinary' },
      { name: 'u', type: 'uint256' },
      { name: 'i', type: 'int256' },
    ];
    await createTable(t, alice.key, 'alice', 'wide', { schema });
    const max = (2n ** 256n - 1n).toString();
    const ok = await insertCsv(
      t,
      alice.key,
      'alice',
      'wide',
      `b,u,i\n0xCAFE,${max},-12\nyv4=,0,7\n`,
    );
    expect(ok.status).toBe(200);
    const out = await query(alice.key, 'select b, u, i from dune.alice.wide order by i');
    expect(out.rows).toEqual([
      { b: '0xcafe', u: max, i: '-12' },
      { b: '0xcafe', u: '0', i: '7' },
    ]);
    const bad = await insertCsv(t, alice.key, 'alice', 'wide', 'b,u,i\n0xCAF,1,1\n');
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/^line 2, column "b"/);

    // NDJSON integers past 2^64, unquoted as Python's json writes them, keep every digit.
    const wei = '7786596450288373164569331648084';
    const nd = await t.call('POST', FAMILIES[0]!.insert('alice', 'wide'), {
      key: alice.key,
      raw: { body: `{"u": ${wei}, "i": -${wei}}\n`, contentType: 'application/x-ndjson' },
    });
    expect(nd.status, nd.text).toBe(200);
    const back = await query(alice.key, `select u, i from dune.alice.wide where u = '${wei}'`);
    expect(back.rows).toEqual([{ u: wei, i: `-${wei}` }]);
  });
});

describe('over real HTTP (the Node request is streamed to disk)', () => {
  it('inserts a streamed body, and answers 413 past the limit', async () => {
    await createTable(t, alice.key, 'alice', 'streamed');
    const server = await t.listen();
    try {
      const post = (body: string) =>
        fetch(`${server.url}${FAMILIES[0]!.insert('alice', 'streamed')}`, {
          method: 'POST',
          headers: { 'x-service-api-key': alice.key, 'content-type': 'text/csv' },
          body,
        });
      const ok = await post(csvRows(20));
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ rows_written: 20 });
      const big = await post(csvRows(200));
      expect(big.status).toBe(413);
      expect((await t.deps.lake.get('dune', 'alice', 'streamed'))!.row_count).toBe(20);
    } finally {
      await server.close();
    }
  });
});
