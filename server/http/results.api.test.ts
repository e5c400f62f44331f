import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExecutionsRepo } from '../executions/executions-repo.js';
import { RESTART_MESSAGE } from '../executions/executions-service.js';
import { runSql, waitFinished } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { parseJsonExact } from '../../shared/exact-json.js';
import { buildDeps } from '../wire.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let big: string;

beforeAll(async () => {
  t = await createTestServer({ maxDatapointsPerRequest: 1000, maxPageRows: 400 });
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
  big = (
    await runSql(
      t,
      alice.key,
      "SELECT range AS n, 'row ' || range AS label, CASE WHEN range % 10 = 0 THEN NULL ELSE range * 1.5 END AS x FROM range(1000)",
    )
  ).id;
});
afterAll(() => t.close());

const results = (id: string, qs = '', key = alice.key) =>
  t.call('GET', `/api/v1/execution/${id}/results${qs}`, { key });

describe('GET /execution/{id}/results', () => {
  it('pages with limit and offset, next_offset and next_uri', async () => {
    const r = await results(big, '?limit=10&offset=20');
    expect(r.status).toBe(200);
    expect(r.json.result.rows).toHaveLength(10);
    expect(r.json.result.rows[0]).toEqual({ n: 20, label: 'row 20', x: null });
    expect(r.json.result.metadata).toMatchObject({
      row_count: 10,
      total_row_count: 1000,
      column_names: ['n', 'label', 'x'],
    });
    expect(r.json.next_offset).toBe(30);
    expect(r.json.next_uri).toMatch(
      /\/api\/v1\/execution\/[0-9A-Z]+\/results\?limit=10&offset=30$/,
    );
    const last = await results(big, '?limit=10&offset=990');
    expect(last.json.next_offset).toBeUndefined();
    expect(last.json.next_uri).toBeUndefined();
    const past = await results(big, '?offset=5000');
    expect(past.json.result.rows).toEqual([]);
    expect(past.json.result.metadata.total_row_count).toBe(1000);
  });
  it('clamps huge limits to the datapoint cap and says so', async () => {
    const r = await results(big, '?limit=99999999999');
    expect(r.status).toBe(200);
    expect(r.headers.get('x-service-page-limit')).toBe('333'); // 1000 cells / 3 columns
    expect(r.json.result.rows).toHaveLength(333);
    expect(r.json.next_offset).toBe(333);
    const lifted = await results(big, '?ignore_max_datapoints_per_request=true');
    expect(lifted.json.result.rows).toHaveLength(400); // MAX_PAGE_ROWS
  });
  it('walks every page to the end through next_uri', async () => {
    let url: string | undefined = `/api/v1/execution/${big}/results?limit=300`;
    const seen: number[] = [];
    while (url) {
      const r = await t.call('GET', url.replace(/^https?:\/\/[^/]+/, ''), { key: alice.key });
      seen.push(...r.json.result.rows.map((row: { n: number }) => row.n));
      url = r.json.next_uri;
    }
    expect(seen).toEqual([...Array(1000).keys()]);
  });
  it('keeps rows with equal sort keys in result order, so pages neither repeat nor skip rows', async () => {
    const seen: number[] = [];
    for (let offset = 0; offset < 1000; offset += 70) {
      const r = await results(
        big,
        `?sort_by=${encodeURIComponent('x desc nulls last')}&columns=n&limit=70&offset=${offset}`,
      );
      seen.push(...r.json.result.rows.map((row: { n: number }) => row.n));
    }
    const nulls = [...Array(100).keys()].map((i) => i * 10);
    const rest = [...Array(1000).keys()].filter((n) => n % 10 !== 0).reverse();
    expect(seen).toEqual([...rest, ...nulls]);
  });
  it('pages results whose columns are named like the paging internals', async () => {
    const { id } = await runSql(
      t,
      alice.key,
      'SELECT range AS file_row_number, range * 2 AS __strata_row_json FROM range(10) ORDER BY range DESC',
    );
    const r = await results(id, '?limit=3&offset=2');
    expect(r.json.result.rows).toEqual([
      { file_row_number: 7, __strata_row_json: 14 },
      { file_row_number: 6, __strata_row_json: 12 },
      { file_row_number: 5, __strata_row_json: 10 },
    ]);
    expect(r.json.next_offset).toBe(5);
  });
  it('projects columns, sorts and filters on the server', async () => {
    const r = await results(
      big,
      `?columns=n,x&sort_by=${encodeURIComponent('n desc')}&filters=${encodeURIComponent("n < 100 AND (label LIKE 'row 9%' OR x IS NULL)")}&limit=5`,
    );
    expect(r.status).toBe(200);
    expect(r.json.result.metadata.column_names).toEqual(['n', 'x']);
    expect(r.json.result.rows).toEqual([
      { n: 99, x: 148.5 },
      { n: 98, x: 147 },
      { n: 97, x: 145.5 },
      { n: 96, x: 144 },
      { n: 95, x: 142.5 },
    ]);
    expect(r.json.result.metadata.total_row_count).toBe(20); // 9, 90..99 and the NULLs at 0, 10, ..., 80 (90 counted once)
  });
  it('samples', async () => {
    const r = await results(big, '?sample_count=50');
    expect(r.json.result.rows).toHaveLength(50);
    expect((await results(big, '?sample_count=5&limit=5')).status).toBe(400);
  });
  it('answers 400 for bad paging parameters and unsafe filters', async () => {
    for (const qs of [
      '?limit=abc',
      '?limit=0',
      '?offset=-1',
      '?columns=nope',
      '?sort_by=n%20sideways',
      `?filters=${encodeURIComponent('n = 1; drop table x')}`,
      `?filters=${encodeURIComponent('NOT n = 1')}`,
    ]) {
      const r = await results(big, qs);
      expect(r.status, qs).toBe(400);
      expect(typeof r.json.error).toBe('string');
    }
  });
  it('is private to the context that ran it', async () => {
    expect((await results(big, '', bob.key)).status).toBe(404);
    expect((await t.call('GET', `/api/v1/execution/${big}/results`)).status).toBe(401);
  });
  it('returns the envelope without result while the execution is not finished, and the error when failed', async () => {
    const failed = await runSql(t, alice.key, 'SELECT nope');
    const r = await results(failed.id);
    expect(r.json.state).toBe('QUERY_STATE_FAILED');
    expect(r.json.result).toBeUndefined();
    expect(r.json.error.type).toBe('FAILED_TYPE_EXECUTION_FAILED');
  });
});

describe('JSON values of every type', () => {
  it('maps DuckDB types to predictable JSON and names them in column_types', async () => {
    const { id } = await runSql(
      t,
      alice.key,
      `SELECT 9007199254740993::BIGINT AS big, 170141183460469231731687303715884105727::HUGEINT AS huge,
        12.50::DECIMAL(10,2) AS dec, 'nan'::DOUBLE AS nan, TIMESTAMP '2024-03-05 20:50:59.123' AS ts,
        DATE '2024-03-05' AS d, '\\x01\\xff'::BLOB AS bin, [1, 2] AS list, {'a': 1, 'b': 'x'} AS obj, true AS flag,
        NULL::VARCHAR AS nothing, '' AS empty`,
      { dialect: 'duckdb' },
    );
    const r = await results(id);
    expect(r.json.result.rows[0]).toEqual({
      big: expect.any(Number), // exact digits checked in the text below
      huge: '170141183460469231731687303715884105727',
      dec: 12.5,
      nan: 'NaN',
      ts: '2024-03-05 20:50:59.123',
      d: '2024-03-05',
      bin: '0x01ff',
      list: [1, 2],
      obj: { a: 1, b: 'x' },
      flag: true,
      nothing: null,
      empty: '',
    });
    expect(r.text).toContain('"big":9007199254740993');
    expect(r.json.result.metadata.column_types).toEqual([
      'bigint',
      'int128',
      'decimal(10,2)',
      'double',
      'timestamp(3)',
      'date',
      'varbinary',
      'array(integer)',
      'row(a integer, b varchar)',
      'boolean',
      'varchar',
      'varchar',
    ]);
  });
});

describe('wide numbers', () => {
  it('writes every digit of a 30-digit value and of 64-bit integers, in JSON and CSV', async () => {
    const { id } = await runSql(
      t,
      alice.key,
      `SELECT 123456789012345678901234567890::HUGEINT AS huge,
        123456789012345678901234567890::DECIMAL(38,0) AS dec,
        9223372036854775807::BIGINT AS b, 18446744073709551615::UBIGINT AS u,
        -12345678901234567890.123456789::DECIMAL(38,9) AS frac`,
    );
    const r = await results(id);
    expect(r.json.result.metadata.column_types).toEqual([
      'int128',
      'decimal(38,0)',
      'bigint',
      'decimal(20,0)',
      'decimal(38,9)',
    ]);
    // 128-bit integers are strings of digits; bigints and decimals JSON numbers with every digit
    expect(r.text).toContain(
      '{"huge":"123456789012345678901234567890","dec":123456789012345678901234567890,' +
        '"b":9223372036854775807,"u":18446744073709551615,"frac":-12345678901234567890.123456789}',
    );
    // JSON.parse rounds those numbers; the app's parser keeps their digits
    expect(r.json.result.rows[0].b).toBe(9223372036854775808);
    expect(parseJsonExact<typeof r.json>(r.text).result.rows[0]).toEqual({
      huge: '123456789012345678901234567890',
      dec: '123456789012345678901234567890',
      b: '9223372036854775807',
      u: '18446744073709551615',
      frac: '-12345678901234567890.123456789',
    });
    const csv = await t.call('GET', `/api/v1/execution/${id}/results/csv`, { key: alice.key });
    expect(csv.text).toBe(
      'huge,dec,b,u,frac\n123456789012345678901234567890,123456789012345678901234567890,' +
        '9223372036854775807,18446744073709551615,-12345678901234567890.123456789\n',
    );
  });
});

describe('timestamps', () => {
  it('labels only instants UTC: a naive TIMESTAMP and a wall time AT TIME ZONE carry no zone', async () => {
    const { id } = await runSql(
      t,
      alice.key,
      `SELECT TIMESTAMP '2024-03-05 20:50:59.123' AS naive,
        TIMESTAMPTZ '2024-03-05 22:50:59.5+02' AS instant,
        TIMESTAMPTZ '2024-03-05 20:50:59.5+00' AT TIME ZONE 'America/New_York' AS wall`,
    );
    const r = await results(id);
    expect(r.json.result.rows[0]).toEqual({
      naive: '2024-03-05 20:50:59.123',
      instant: '2024-03-05 20:50:59.500 UTC',
      wall: '2024-03-05 15:50:59.500',
    });
    expect(r.json.result.metadata.column_types).toEqual([
      'timestamp(3)',
      'timestamp(3) with time zone',
      'timestamp(3)',
    ]);
    const csv = await t.call('GET', `/api/v1/execution/${id}/results/csv`, { key: alice.key });
    expect(csv.text).toBe(
      'naive,instant,wall\n2024-03-05 20:50:59.123,2024-03-05 20:50:59.500 UTC,2024-03-05 15:50:59.500\n',
    );
  });
});

describe('column types of aggregates', () => {
  it('names sum(bigint), a 128-bit integer in DuckDB, int128 and sends its digits', async () => {
    const { id } = await runSql(
      t,
      alice.key,
      'SELECT sum(range) AS total, count(*) AS n, avg(range) AS mean FROM range(1000)',
    );
    const r = await results(id);
    expect(r.json.result.metadata.column_types).toEqual(['int128', 'bigint', 'double']);
    expect(r.json.result.rows[0]).toEqual({ total: '499500', n: 1000, mean: 499.5 });
  });
});

describe('CSV', () => {
  it('serves a page as CSV with paging headers', async () => {
    const r = await t.call(
      'GET',
      `/api/v1/execution/${big}/results/csv?limit=3&offset=9&columns=n,x`,
      { key: alice.key },
    );
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/text\/csv/);
    expect(r.text).toBe('n,x\n9,13.5\n10,\n11,16.5\n');
    expect(r.headers.get('x-service-next-offset')).toBe('12');
    expect(r.headers.get('x-dune-next-offset')).toBe('12');
    expect(r.headers.get('x-service-next-uri')).toMatch(/offset=12/);
  });
  it('serves the whole result without a limit, and errors as JSON', async () => {
    const r = await t.call('GET', `/api/v1/execution/${big}/results/csv`, { key: alice.key });
    expect(r.text.trim().split('\n')).toHaveLength(1001);
    expect(r.headers.get('x-service-next-offset')).toBeNull();
    const failed = await runSql(t, alice.key, 'SELECT nope');
    const bad = await t.call('GET', `/api/v1/execution/${failed.id}/results/csv`, {
      key: alice.key,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/failed/);
  });
});

describe('GET /query/{id}/results (latest result)', () => {
  it('returns the latest result, per parameter set with params.<name>', async () => {
    const created = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: {
        name: 'latest',
        query_sql: 'SELECT {{n}} AS n',
        parameters: [{ key: 'n', type: 'number', value: '1' }],
      },
    });
    const id = created.json.query_id;
    expect((await t.call('GET', `/api/v1/query/${id}/results`, { key: alice.key })).status).toBe(
      404,
    );
    for (const n of [5, 6]) {
      const e = await t.call('POST', `/api/v1/query/${id}/execute`, {
        key: alice.key,
        body: { query_parameters: { n } },
      });
      await waitFinished(t, alice.key, e.json.execution_id);
    }
    const latest = await t.call('GET', `/api/v1/query/${id}/results`, { key: alice.key });
    expect(latest.json.result.rows).toEqual([{ n: 6 }]);
    const five = await t.call('GET', `/api/v1/query/${id}/results?params.n=5`, { key: alice.key });
    expect(five.json.result.rows).toEqual([{ n: 5 }]);
    expect(
      (await t.call('GET', `/api/v1/query/${id}/results?params.n=7`, { key: alice.key })).status,
    ).toBe(404);
    expect(
      (await t.call('GET', `/api/v1/query/${id}/results?params.zzz=7`, { key: alice.key })).status,
    ).toBe(404);
    const csv = await t.call('GET', `/api/v1/query/${id}/results/csv?params.n=5`, {
      key: alice.key,
    });
    expect(csv.text).toBe('n\n5\n');
    // Another context reads the owner's latest run of a public query...
    expect(
      (await t.call('GET', `/api/v1/query/${id}/results`, { key: bob.key })).json.result.rows,
    ).toEqual([{ n: 6 }]);
    // ...but a private query stays hidden.
    await t.call('POST', `/api/v1/query/${id}/private`, { key: alice.key });
    expect((await t.call('GET', `/api/v1/query/${id}/results`, { key: bob.key })).status).toBe(404);
  });

  it('finds the latest run of a multiselect value list given as repeated params.<name>', async () => {
    const created = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: {
        name: 'latest multiselect',
        query_sql:
          "SELECT count(*) AS n FROM (VALUES ('a'), ('b'), ('c')) v(x) WHERE x IN ({{xs}})",
        parameters: [
          {
            key: 'xs',
            type: 'enum',
            value: 'a',
            enumOptions: ['a', 'b', 'c'],
            isMultiselect: true,
          },
        ],
      },
    });
    expect(created.status).toBe(200);
    const id = created.json.query_id;
    for (const xs of [['a', 'b'], ['c']]) {
      const e = await t.call('POST', `/api/v1/query/${id}/execute`, {
        key: alice.key,
        body: { query_parameters: { xs } },
      });
      await waitFinished(t, alice.key, e.json.execution_id);
    }
    const ab = await t.call('GET', `/api/v1/query/${id}/results?params.xs=a&params.xs=b`, {
      key: alice.key,
    });
    expect(ab.json.result.rows).toEqual([{ n: 2 }]);
    const c = await t.call('GET', `/api/v1/query/${id}/results?params.xs=c`, { key: alice.key });
    expect(c.json.result.rows).toEqual([{ n: 1 }]);
    // The comma-joined form is one value, "a,b", which is not an option.
    expect(
      (await t.call('GET', `/api/v1/query/${id}/results?params.xs=a,b`, { key: alice.key })).status,
    ).toBe(404);
  });
  it('never shows another context’s run of a public query (it may have read private tables)', async () => {
    const created = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: { name: 'shared', query_sql: 'SELECT 1 AS one' },
    });
    const id = created.json.query_id;
    const e = await t.call('POST', `/api/v1/query/${id}/execute`, { key: bob.key });
    await waitFinished(t, bob.key, e.json.execution_id);
    expect((await t.call('GET', `/api/v1/query/${id}/results`, { key: alice.key })).status).toBe(
      404,
    );
    expect((await t.call('GET', `/api/v1/query/${id}/results`, { key: bob.key })).status).toBe(200);
  });
});

describe('next_uri', () => {
  let server: { url: string; close: () => Promise<void> };
  beforeAll(async () => {
    server = await t.listen();
  });
  afterAll(() => server.close());

  const junk = 'j'.repeat(200 * 1024);
  const entries = (uri: string | null) => [...new URL(uri!).searchParams];
  const get = (
    path: string,
    headers: Record<string, string> = { 'x-service-api-key': alice.key },
  ) => fetch(`${server.url}${path}`, { headers });
  /** Every header of an answer is under 8 KB (Node's fetch takes 16 KB of headers in all). */
  const headersFit = (res: Response) => {
    for (const [name, value] of res.headers) expect(value.length, name).toBeLessThan(8 * 1024);
  };

  it('carries only the parameters that shape the page, not a 200 KB unknown one', async () => {
    const shape =
      'limit=3&columns=n,x&filters=n+>+5&sort_by=n+desc&allow_partial_results=true' +
      '&ignore_max_datapoints_per_request=true';
    const expected = [
      ['limit', '3'],
      ['columns', 'n,x'],
      ['filters', 'n > 5'],
      ['sort_by', 'n desc'],
      ['allow_partial_results', 'true'],
      ['ignore_max_datapoints_per_request', 'true'],
      ['offset', '12'],
    ];
    // params.<name> picks a latest result: a read by id does not take it.
    const query = `?junk=${junk}&${shape}&offset=9&params.n=5`;
    const csv = await get(`/api/v1/execution/${big}/results/csv${query}`);
    expect(csv.status).toBe(200);
    expect(await csv.text()).toBe('n,x\n990,\n989,1483.5\n988,1482.0\n');
    headersFit(csv);
    for (const prefix of ['x-service', 'x-dune'])
      expect(entries(csv.headers.get(`${prefix}-next-uri`))).toEqual(expected);
    const json = await get(`/api/v1/execution/${big}/results${query}`);
    expect(json.status).toBe(200);
    headersFit(json);
    const body = (await json.json()) as { next_uri: string };
    expect(entries(body.next_uri)).toEqual(expected);
  });

  it('keeps params.<name> of a latest result, and api_key only when it is the key used', async () => {
    const created = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: {
        name: 'paged latest',
        query_sql: 'SELECT range + {{n}} AS v FROM range(10)',
        parameters: [{ key: 'n', type: 'number', value: '0' }],
      },
    });
    const id = created.json.query_id;
    const e = await t.call('POST', `/api/v1/query/${id}/execute`, {
      key: alice.key,
      body: { query_parameters: { n: 5 } },
    });
    await waitFinished(t, alice.key, e.json.execution_id);
    // By the key in the URL: the next page needs it.
    const byQueryKey = await get(
      `/api/v1/query/${id}/results/csv?params.n=5&limit=2&junk=${junk}&api_key=${alice.key}`,
      {},
    );
    expect(await byQueryKey.text()).toBe('v\n5\n6\n');
    headersFit(byQueryKey);
    expect(entries(byQueryKey.headers.get('x-service-next-uri'))).toEqual([
      ['params.n', '5'],
      ['limit', '2'],
      ['api_key', alice.key],
      ['offset', '2'],
    ]);
    // By a header key: an api_key in the URL was not used, and is not carried.
    const byHeader = await get(`/api/v1/query/${id}/results?params.n=5&limit=2&api_key=${junk}`);
    expect(entries(((await byHeader.json()) as { next_uri: string }).next_uri)).toEqual([
      ['params.n', '5'],
      ['limit', '2'],
      ['offset', '2'],
    ]);
  });
});

describe('expiry and restart', () => {
  it('expires results after expires_at and deletes their files', async () => {
    const { id, status } = await runSql(t, alice.key, 'SELECT 1 AS one');
    const file = path.join(t.deps.executions.resultsDir, `${id}.parquet`);
    expect(fs.existsSync(file)).toBe(true);
    expect(
      await t.deps.executions.sweepExpired(new Date(Date.parse(status.expires_at) + 1000)),
    ).toBeGreaterThan(0);
    expect(fs.existsSync(file)).toBe(false);
    const after = await t.call('GET', `/api/v1/execution/${id}/status`, { key: alice.key });
    expect(after.json).toMatchObject({ state: 'QUERY_STATE_EXPIRED', is_execution_finished: true });
    expect(after.json.result_metadata).toBeUndefined();
    expect((await results(id)).json.result).toBeUndefined();
  });
  it('marks executions that were pending or running when the process died as failed', async () => {
    const s = await createTestServer();
    const u = await s.createUser('crasher');
    await new ExecutionsRepo(s.deps.store).insert(
      {
        id: '01J0000000000000000000000A',
        query_id: 0,
        query_version: null,
        context_id: u.account.id,
        user_id: u.account.id,
        api_key_id: null,
        source: 'api',
        sql: 'SELECT 1',
        dialect: 'duckdb',
        parameters: {},
        params_key: '',
        performance: 'medium',
      },
      { runnerNode: null, writtenSql: 'SELECT 1', marks: [] },
    );
    const done = (await runSql(s, u.key, 'SELECT 2 AS two')).id;
    await s.deps.close();
    const reopened = await buildDeps(s.config);
    try {
      const crashed = (await reopened.executions.get('01J0000000000000000000000A'))!;
      expect(crashed.state).toBe('QUERY_STATE_FAILED');
      expect(crashed.error?.message).toBe(RESTART_MESSAGE);
      expect((await reopened.executions.get(done))!.state).toBe('QUERY_STATE_COMPLETED');
    } finally {
      await reopened.close();
      fs.rmSync(s.dir, { recursive: true, force: true });
    }
  });
});
