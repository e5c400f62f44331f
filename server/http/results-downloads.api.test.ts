import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { tableFromIPC, type Table } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRowSql } from '../engine/results.js';
import { quoteLiteral } from '../engine/duck.js';
import { runSql, waitFinished } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { parseJsonExact } from '../../shared/exact-json.js';

/**
 * Results for data tools (Strata extension): /results/parquet and /results/arrow beside
 * /results/csv, read back here by DuckDB (Parquet) and by Apache Arrow's reader (Arrow), and
 * compared with the JSON read of the same shape.
 */
let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let big: string;
let scratch: string;
const reader = await DuckDBInstance.create(':memory:');

const MIXED = `SELECT range AS n, 'row ' || range AS label,
  CASE WHEN range % 10 = 0 THEN NULL ELSE range * 1.5 END AS x,
  CASE WHEN range % 3 = 0 THEN NULL ELSE 'a text longer than twelve bytes, ' || range END AS note,
  range % 2 = 0 AS even
FROM range(3000)`;

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
  big = (await runSql(t, alice.key, MIXED)).id;
  scratch = fs.mkdtempSync(path.join(t.dir, 'downloads-'));
});
afterAll(async () => {
  reader.closeSync();
  await t.close();
});

/** GET `url` as bytes, with its status and headers. */
async function download(url: string, key = alice.key) {
  const res = await t.app.request(url, { headers: { 'x-service-api-key': key } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: new TextDecoder().decode(bytes) };
}

/** The JSON read of the same shape: column names, types and every row. */
async function jsonRead(id: string, qs: string) {
  const r = await t.call('GET', `/api/v1/execution/${id}/results?limit=10000&${qs}`, {
    key: alice.key,
  });
  expect(r.status).toBe(200);
  const body = parseJsonExact(r.text) as {
    result: {
      rows: Record<string, unknown>[];
      metadata: { column_names: string[]; column_types: string[] };
    };
  };
  return body.result;
}

/**
 * A downloaded Parquet file's rows as the JSON read writes them (the server's own row
 * expression), each column typed as execution `id`'s result has it.
 */
async function parquetRowsAsJson(bytes: Uint8Array, id: string) {
  const e = (await t.deps.executions.get(id))!;
  const types = new Map(e.column_names!.map((n, i) => [n, e.column_types![i]!]));
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.parquet`);
  fs.writeFileSync(file, bytes);
  const conn = await reader.connect();
  try {
    const described = await conn.runAndReadAll(
      `DESCRIBE SELECT * FROM read_parquet(${quoteLiteral(file)})`,
    );
    const names = described.getRowObjectsJson().map((r) => String(r.column_name));
    const columns = names.map((name) => ({ name, type: types.get(name)! }));
    const rows = await conn.runAndReadAll(
      `SELECT ${jsonRowSql(columns)} FROM read_parquet(${quoteLiteral(file)})`,
    );
    return {
      names,
      rows: rows.getRowObjectsJson().map((r) => parseJsonExact(String(r.j))),
    };
  } finally {
    conn.closeSync();
  }
}

/** Every row of an Arrow table with plain values (BigInt as Number, for these small results). */
const arrowRows = (table: Table) =>
  table
    .toArray()
    .map((row: { toJSON(): Record<string, unknown> }) =>
      Object.fromEntries(
        Object.entries(row.toJSON()).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v]),
      ),
    );

describe('GET /execution/{id}/results/parquet', () => {
  it('sends the whole stored result as it is, with its media type and file name', async () => {
    const r = await download(`/api/v1/execution/${big}/results/parquet`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/vnd.apache.parquet');
    expect(r.headers.get('content-disposition')).toBe(
      `attachment; filename="result-${big}.parquet"`,
    );
    expect(r.headers.get('content-length')).toBe(String(r.bytes.length));
    const stored = fs.readFileSync(path.join(t.deps.executions.resultsDir, `${big}.parquet`));
    expect(Buffer.from(r.bytes).equals(stored)).toBe(true);
    // ...and the stored file is still there for the next read
    expect((await download(`/api/v1/execution/${big}/results/parquet`)).bytes.length).toBe(
      stored.length,
    );
    const json = await jsonRead(big, '');
    const back = await parquetRowsAsJson(r.bytes, big);
    expect(back.names).toEqual(json.metadata.column_names);
    expect(back.rows).toEqual(json.rows);
  });

  it('applies filters, sort_by and columns as the JSON read does', async () => {
    const shape = `filters=${encodeURIComponent('n < 500 AND (x IS NULL OR even = true)')}&sort_by=${encodeURIComponent('x desc nulls last, n')}&columns=x,n,note`;
    const r = await download(`/api/v1/execution/${big}/results/parquet?${shape}`);
    expect(r.status).toBe(200);
    const json = await jsonRead(big, shape);
    expect(json.rows.length).toBeGreaterThan(200);
    const back = await parquetRowsAsJson(r.bytes, big);
    expect(back.names).toEqual(['x', 'n', 'note']);
    expect(back.rows).toEqual(json.rows);
    // every column in its place is the whole result: the stored file
    const all = await download(
      `/api/v1/execution/${big}/results/parquet?columns=n,label,x,note,even`,
    );
    const stored = fs.readFileSync(path.join(t.deps.executions.resultsDir, `${big}.parquet`));
    expect(Buffer.from(all.bytes).equals(stored)).toBe(true);
  });

  it('writes the compression asked for', async () => {
    for (const compression of ['zstd', 'uncompressed']) {
      const r = await download(
        `/api/v1/execution/${big}/results/parquet?compression=${compression}`,
      );
      expect(r.status).toBe(200);
      const file = path.join(scratch, `${compression}.parquet`);
      fs.writeFileSync(file, r.bytes);
      const conn = await reader.connect();
      const meta = await conn.runAndReadAll(
        `SELECT DISTINCT compression FROM parquet_metadata(${quoteLiteral(file)})`,
      );
      conn.closeSync();
      expect(meta.getRowObjectsJson().map((m) => String(m.compression).toLowerCase())).toEqual([
        compression,
      ]);
      const back = await parquetRowsAsJson(r.bytes, big);
      expect(back.rows).toEqual((await jsonRead(big, '')).rows);
    }
  });
  it('keeps the stored file when a download is not read through; deletes a written one', async () => {
    const stored = path.join(t.deps.executions.resultsDir, `${big}.parquet`);
    const pages = path.join(t.config.scratchDir, 'pages');
    const written = () => fs.readdirSync(pages).filter((f) => f.endsWith('.parquet'));
    for (const qs of ['', '?sort_by=n+desc']) {
      const head = await t.app.request(`/api/v1/execution/${big}/results/parquet${qs}`, {
        method: 'HEAD',
        headers: { 'x-service-api-key': alice.key },
      });
      expect(head.status).toBe(200);
      const res = await t.app.request(`/api/v1/execution/${big}/results/parquet${qs}`, {
        headers: { 'x-service-api-key': alice.key },
      });
      const reader = res.body!.getReader();
      await reader.read();
      await reader.cancel(); // the client goes away mid-download
    }
    expect(fs.existsSync(stored)).toBe(true);
    expect(written()).toEqual([]);
    expect((await download(`/api/v1/execution/${big}/results/parquet`)).status).toBe(200);
  });
});

describe('GET /execution/{id}/results/arrow', () => {
  it('sends every row as an Arrow IPC stream, the same rows as the JSON read', async () => {
    const r = await download(`/api/v1/execution/${big}/results/arrow`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/vnd.apache.arrow.stream');
    expect(r.headers.get('content-disposition')).toBe(
      `attachment; filename="result-${big}.arrows"`,
    );
    const table = tableFromIPC(r.bytes);
    expect(table.schema.fields.map((f) => `${f.name}:${String(f.type)}`)).toEqual([
      'n:Int64',
      'label:Utf8',
      'x:Decimal[21e+1]',
      'note:Utf8',
      'even:Bool',
    ]);
    const json = await jsonRead(big, 'columns=n,label,note,even');
    const rows = arrowRows(table).map(({ x: _x, ...rest }) => rest);
    expect(rows).toEqual(json.rows);
    expect(table.getChild('x')!.nullCount).toBe(300);
  });

  it('applies filters, sort_by and columns as the JSON read does', async () => {
    const shape = `filters=${encodeURIComponent("note LIKE '%1%' OR n < 5")}&sort_by=${encodeURIComponent('even, n desc')}&columns=note,n`;
    const r = await download(`/api/v1/execution/${big}/results/arrow?${shape}`);
    expect(r.status).toBe(200);
    const table = tableFromIPC(r.bytes);
    expect(table.schema.fields.map((f) => f.name)).toEqual(['note', 'n']);
    const json = await jsonRead(big, shape);
    expect(json.rows.length).toBeGreaterThan(1000);
    expect(arrowRows(table)).toEqual(json.rows);
  });

  it('keeps each type Arrow has, and sends the others as the CSV read’s text', async () => {
    const { id } = await runSql(
      t,
      alice.key,
      `SELECT range::TINYINT AS i8, range::UINTEGER AS u32, range::FLOAT AS f32,
        (range / 8)::DECIMAL(4,3) AS d16, (range * 1000.5)::DECIMAL(18,1) AS d64,
        (range * 1000000000000.25)::DECIMAL(38,2) AS d128,
        DATE '2024-03-05' + range::INT AS day, TIMESTAMP '2024-03-05 20:50:59.125' AS at,
        TIMESTAMPTZ '2024-03-05 20:50:59+00' AS instant, TIME '12:34:56' AS clock,
        CASE WHEN range = 1 THEN NULL ELSE range = 0 END AS flag,
        from_hex('00ff' || repeat('ab', range::INT * 10)) AS bytes,
        [range, range + 1] AS pair, {'id': range} AS obj, sum(range) OVER () AS total,
        INTERVAL 3 DAY AS span
      FROM range(3)`,
      { dialect: 'duckdb' },
    );
    const r = await download(`/api/v1/execution/${id}/results/arrow`);
    expect(r.status, r.text).toBe(200);
    const table = tableFromIPC(r.bytes);
    expect(table.schema.fields.map((f) => `${f.name}:${String(f.type)}`)).toEqual([
      'i8:Int8',
      'u32:Uint32',
      'f32:Float32',
      'd16:Decimal[4e+3]',
      'd64:Decimal[18e+1]',
      'd128:Decimal[38e+2]',
      'day:Date32<DAY>',
      'at:Timestamp<MICROSECOND>',
      'instant:Timestamp<MICROSECOND, UTC>',
      'clock:Time64<MICROSECOND>',
      'flag:Bool',
      'bytes:Binary',
      'pair:Utf8',
      'obj:Utf8',
      'total:Utf8',
      'span:Utf8',
    ]);
    const col = (name: string) => table.getChild(name)!.toArray() as unknown as ArrayLike<unknown>;
    expect(Array.from(col('i8'))).toEqual([0, 1, 2]);
    expect(table.getChild('flag')!.toJSON()).toEqual([true, null, false]);
    // a decimal's 128-bit unscaled integer, as four 32-bit words
    const unscaled = (name: string, i: number) => {
      const words = table.getChild(name)!.get(i) as Uint32Array;
      return BigInt.asIntN(
        128,
        words.reduceRight((acc, w) => (acc << 32n) | BigInt(w), 0n),
      );
    };
    expect(unscaled('d16', 2)).toBe(250n);
    expect(unscaled('d64', 2)).toBe(20010n);
    expect(unscaled('d128', 2)).toBe(200000000000050n);
    expect(table.getChild('day')!.get(1)).toBe(Date.UTC(2024, 2, 6));
    expect(Number(table.getChild('at')!.data[0]!.values[0])).toBe(
      Date.UTC(2024, 2, 5, 20, 50, 59, 125) * 1000,
    );
    expect(Buffer.from(table.getChild('bytes')!.get(2) as Uint8Array).toString('hex')).toBe(
      `00ff${'ab'.repeat(20)}`,
    );
    expect(table.getChild('pair')!.get(1)).toBe('[1,2]');
    expect(table.getChild('obj')!.get(1)).toBe('{"id":1}');
    expect(table.getChild('total')!.get(0)).toBe('3');
    const csv = await t.call('GET', `/api/v1/execution/${id}/results/csv?columns=span`, {
      key: alice.key,
    });
    expect(table.getChild('span')!.get(0)).toBe(csv.text.split('\n')[1]);
  });

  it('sends the columns of a result with no rows', async () => {
    const { id } = await runSql(t, alice.key, 'SELECT 1 AS one, 2 AS two WHERE false');
    const r = await download(`/api/v1/execution/${id}/results/arrow`);
    expect(r.status).toBe(200);
    const table = tableFromIPC(r.bytes);
    expect(table.numRows).toBe(0);
    expect(table.schema.fields.map((f) => f.name)).toEqual(['one', 'two']);
  });
});

describe('results named like the internals', () => {
  it('sorts a result with a file_row_number column by its own values', async () => {
    const { id } = await runSql(
      t,
      alice.key,
      'SELECT range AS file_row_number, range % 3 AS m FROM range(9) ORDER BY range DESC',
    );
    const shape = `sort_by=m&columns=file_row_number`;
    const json = await jsonRead(id, shape);
    const arrow = await download(`/api/v1/execution/${id}/results/arrow?${shape}`);
    expect(arrowRows(tableFromIPC(arrow.bytes))).toEqual(json.rows);
    const parquet = await download(`/api/v1/execution/${id}/results/parquet?${shape}`);
    expect((await parquetRowsAsJson(parquet.bytes, id)).rows).toEqual(json.rows);
    expect(json.rows.map((r) => r.file_row_number)).toEqual([6, 3, 0, 7, 4, 1, 8, 5, 2]);
  });
});

describe('GET /query/{id}/results/parquet and /arrow', () => {
  it('downloads the latest result of the parameter set named by params.<name>', async () => {
    const created = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: {
        name: 'downloads',
        query_sql: 'SELECT range + {{n}} AS v FROM range(4)',
        parameters: [{ key: 'n', type: 'number', value: '0' }],
      },
    });
    const id = created.json.query_id;
    for (const n of [10, 20]) {
      const e = await t.call('POST', `/api/v1/query/${id}/execute`, {
        key: alice.key,
        body: { query_parameters: { n } },
      });
      await waitFinished(t, alice.key, e.json.execution_id);
    }
    const parquet = await download(
      `/api/v1/query/${id}/results/parquet?params.n=10&sort_by=v+desc`,
    );
    expect(parquet.status).toBe(200);
    const latest = await t.call('GET', `/api/v1/query/${id}/results?params.n=10&limit=1`, {
      key: alice.key,
    });
    const back = await parquetRowsAsJson(parquet.bytes, latest.json.execution_id);
    expect(back.rows).toEqual([{ v: 13 }, { v: 12 }, { v: 11 }, { v: 10 }]);
    const arrow = await download(`/api/v1/query/${id}/results/arrow?filters=v+>+21`);
    expect(arrowRows(tableFromIPC(arrow.bytes))).toEqual([{ v: 22 }, { v: 23 }]);
    // another context reads a public query's latest result, not a private one's
    const theirs = await download(`/api/v1/query/${id}/results/arrow`, bob.key);
    expect(arrowRows(tableFromIPC(theirs.bytes))).toEqual([20, 21, 22, 23].map((v) => ({ v })));
    await t.call('POST', `/api/v1/query/${id}/private`, { key: alice.key });
    for (const format of ['parquet', 'arrow'])
      expect((await download(`/api/v1/query/${id}/results/${format}`, bob.key)).status).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('lists the downloads as Strata extensions with their media types', async () => {
    const doc = (await t.call('GET', '/api/v1/openapi.json')).json;
    for (const base of [
      '/api/v1/execution/{execution_id}/results',
      '/api/v1/query/{query_id}/results',
    ]) {
      for (const [format, type] of [
        ['parquet', 'application/vnd.apache.parquet'],
        ['arrow', 'application/vnd.apache.arrow.stream'],
      ]) {
        const op = doc.paths[`${base}/${format}`].get;
        expect(op.summary).toMatch(/\(Strata extension\)$/);
        expect(Object.keys(op.responses[200].content)).toEqual([type]);
        const names = op.parameters.map((p: { name: string }) => p.name);
        expect(names).toEqual(expect.arrayContaining(['columns', 'sort_by', 'filters']));
        expect(names.includes('compression')).toBe(format === 'parquet');
        expect(names).not.toContain('limit');
      }
    }
  });
});

describe('errors', () => {
  const formats = ['parquet', 'arrow'];

  it('answers 404 for an unknown execution and for another context’s', async () => {
    for (const format of formats) {
      const unknown = await download(
        `/api/v1/execution/01J0000000000000000000000Z/results/${format}`,
      );
      expect(unknown.status).toBe(404);
      const theirs = await download(`/api/v1/execution/${big}/results/${format}`, bob.key);
      expect(theirs.status).toBe(404);
      expect(JSON.parse(theirs.text)).toEqual({ error: expect.any(String) });
      expect(theirs.text).toBe(
        (await t.call('GET', `/api/v1/execution/${big}/results/csv`, { key: bob.key })).text,
      );
    }
  });

  it('answers 401 without a key', async () => {
    const res = await t.app.request(`/api/v1/execution/${big}/results/parquet`);
    expect(res.status).toBe(401);
  });

  it('answers 400 for a failed and an expired result, as CSV does', async () => {
    // expiry sweeps every result of its server: one of its own
    const s = await createTestServer();
    try {
      const u = await s.createUser('carol');
      const failed = await runSql(s, u.key, 'SELECT nope');
      const expired = await runSql(s, u.key, 'SELECT 1 AS one');
      await s.deps.executions.sweepExpired(new Date(Date.parse(expired.status.expires_at) + 1000));
      for (const format of formats) {
        const get = (id: string) =>
          s.call('GET', `/api/v1/execution/${id}/results/${format}`, { key: u.key });
        const f = await get(failed.id);
        expect(f.status).toBe(400);
        expect(f.json.error).toMatch(/the execution failed: .*nope/);
        const e = await get(expired.id);
        expect(e.status).toBe(400);
        expect(e.json.error).toMatch(/no result to read \(state QUERY_STATE_EXPIRED\)/);
      }
    } finally {
      await s.close();
    }
  });

  it('answers 400 for bad filters, sort_by and columns, and leaves no file behind', async () => {
    const pages = path.join(t.config.scratchDir, 'pages');
    const before = fs.readdirSync(pages).length;
    for (const format of formats) {
      for (const [qs, message] of [
        ['filters=nope+>+1', /unknown column "nope"/],
        ['filters=' + encodeURIComponent("label > DATE '2024-13-01'"), /filters/],
        ['sort_by=n+sideways', /sort_by/],
        ['columns=n,zzz', /unknown column "zzz"/],
      ] as const) {
        const r = await download(`/api/v1/execution/${big}/results/${format}?${qs}`);
        expect(r.status, `${format} ${qs}`).toBe(400);
        expect(JSON.parse(r.text).error).toMatch(message);
      }
    }
    expect(fs.readdirSync(pages).length).toBe(before);
  });

  it('answers 400 for a parameter the format does not take', async () => {
    for (const [format, qs, name] of [
      ['parquet', 'limit=10', 'limit'],
      ['parquet', 'offset=10', 'offset'],
      ['parquet', 'sample_count=10', 'sample_count'],
      ['parquet', 'compresion=zstd', 'compresion'],
      ['arrow', 'compression=zstd', 'compression'],
      ['arrow', 'ignore_max_datapoints_per_request=true', 'ignore_max_datapoints_per_request'],
    ] as const) {
      const r = await download(`/api/v1/execution/${big}/results/${format}?${qs}`);
      expect(r.status, `${format} ${qs}`).toBe(400);
      expect(JSON.parse(r.text).error).toMatch(new RegExp(`^${name} is not a parameter of`));
    }
    const bad = await download(`/api/v1/execution/${big}/results/parquet?compression=brotli`);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).error).toMatch(/compression/);
    // the key and the context of a link are not format parameters
    const linked = await t.app.request(
      `/api/v1/execution/${big}/results/arrow?api_key=${alice.key}&context=alice`,
    );
    expect(linked.status, await linked.clone().text()).toBe(200);
  });
});
