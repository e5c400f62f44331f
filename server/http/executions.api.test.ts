import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_SQL, publishTable, runSql, waitFinished } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import fs from 'node:fs';
import { openStore } from '../store/open.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
  await publishTable(t, {
    schema: 'alice',
    table: 'secret',
    ownerId: alice.account.id,
    isPrivate: true,
    select: "SELECT 42 AS answer, 'hidden' AS note",
  });
  await publishTable(t, {
    schema: 'alice',
    table: 'open',
    ownerId: alice.account.id,
    isPrivate: false,
    select: 'SELECT range AS n FROM range(5)',
  });
});
afterAll(() => t.close());

async function createQuery(key: string, body: Record<string, unknown>) {
  const r = await t.call('POST', '/api/v1/query', { key, body });
  expect(r.status).toBe(200);
  return r.json.query_id as number;
}

describe('POST /sql/execute and status', () => {
  it('runs SQL to completion with the documented status fields', async () => {
    const r = await t.call('POST', '/api/v1/sql/execute', {
      key: alice.readKey,
      body: { sql: 'SELECT 1 AS one', performance: 'small' },
    });
    expect(r.status).toBe(200);
    expect(r.json.execution_id).toMatch(/^01[0-9A-Z]{24}$/);
    expect(r.json.state).toBe('QUERY_STATE_PENDING');
    const s = await waitFinished(t, alice.readKey, r.json.execution_id);
    expect(s).toMatchObject({
      execution_id: r.json.execution_id,
      query_id: 0,
      state: 'QUERY_STATE_COMPLETED',
      is_execution_finished: true,
      max_inflight_interactive_executions: 2,
      max_inflight_interactive_reached: 0,
      result_metadata: {
        column_names: ['one'],
        column_types: ['integer'],
        total_row_count: 1,
        datapoint_count: 1,
      },
    });
    expect(s.execution_cost_credits).toBeGreaterThan(0);
    for (const f of ['submitted_at', 'execution_started_at', 'execution_ended_at', 'expires_at'])
      expect(s[f]).toMatch(/Z$/);
    expect(s.cancelled_at).toBeUndefined();
    expect(s.error).toBeUndefined();
  });
  it('rejects bad bodies and tiers with 400, and no key with 401', async () => {
    expect((await t.call('POST', '/api/v1/sql/execute', { key: alice.key, body: {} })).status).toBe(
      400,
    );
    expect(
      (await t.call('POST', '/api/v1/sql/execute', { key: alice.key, body: { sql: 5 } })).status,
    ).toBe(400);
    expect(
      (
        await t.call('POST', '/api/v1/sql/execute', {
          key: alice.key,
          body: { sql: 'select 1', performance: 'huge' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call('POST', '/api/v1/sql/execute', {
          key: alice.key,
          body: { sql: 'x'.repeat(600_000) },
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.call('POST', '/api/v1/sql/execute', { key: alice.key, body: '{not json' })).status,
    ).toBe(400);
    expect(
      (await t.call('POST', '/api/v1/sql/execute', { body: { sql: 'select 1' } })).status,
    ).toBe(401);
  });
  it('reads SQL sent without a dialect as DuneSQL, and records the dialect of each run', async () => {
    const plain = await runSql(t, alice.key, 'SELECT 7 / 2 AS x');
    const duck = await runSql(t, alice.key, 'SELECT 7 / 2 AS x', { dialect: 'duckdb' });
    const dune = await runSql(t, alice.key, 'SELECT 7 / 2 AS x', { dialect: 'dunesql' });
    const recorded = async (id: string) => (await t.deps.executions.get(id))!.dialect;
    expect([await recorded(plain.id), await recorded(duck.id), await recorded(dune.id)]).toEqual([
      'dunesql',
      'duckdb',
      'dunesql',
    ]);
    // Trino's integer division in DuneSQL, DuckDB's in DuckDB, whichever node ran them.
    const x = async (id: string) =>
      (await t.call('GET', `/api/v1/execution/${id}/results`, { key: alice.key })).json.result
        .rows[0].x;
    expect([await x(plain.id), await x(duck.id), await x(dune.id)]).toEqual([3, 3.5, 3]);
  });
  it('refuses a dialect it does not know with 400 naming the ones it does', async () => {
    for (const dialect of ['trino', 'DUCKDB', 5, null, { name: 'duckdb' }]) {
      const r = await t.call('POST', '/api/v1/sql/execute', {
        key: alice.key,
        body: { sql: 'SELECT 1', dialect },
      });
      expect(r.status, JSON.stringify(dialect)).toBe(400);
      expect(r.json).toEqual({
        error: 'Invalid request body payload: dialect: must be one of: dunesql, duckdb',
      });
    }
  });
  it('answers 400 for a malformed execution id and 404 for another context’s execution', async () => {
    const bad = await t.call('GET', '/api/v1/execution/nope/status', { key: alice.key });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('The requested execution ID (ID: nope) is invalid.');
    const { id } = await runSql(t, alice.key, 'SELECT 1');
    expect((await t.call('GET', `/api/v1/execution/${id}/status`, { key: bob.key })).status).toBe(
      404,
    );
    expect(
      (
        await t.call('GET', `/api/v1/execution/01ARZ3NDEKTSV4RRFFQ69G5FAV/status`, {
          key: alice.key,
        })
      ).status,
    ).toBe(404);
  });
  it('long-polls with wait_ms: answers at the end of the run, or when the wait is over', async () => {
    const fast = await t.call('POST', '/api/v1/sql/execute', {
      key: alice.key,
      body: { sql: 'SELECT 42 AS answer' },
    });
    const done = await t.call(
      'GET',
      `/api/v1/execution/${fast.json.execution_id}/status?wait_ms=30000`,
      { key: alice.key },
    );
    expect(done.json.state).toBe('QUERY_STATE_COMPLETED');
    const slow = await t.call('POST', '/api/v1/sql/execute', {
      key: alice.key,
      body: { sql: SLOW_SQL },
    });
    const id = slow.json.execution_id;
    const before = Date.now();
    const waited = await t.call('GET', `/api/v1/execution/${id}/status?wait_ms=300`, {
      key: alice.key,
    });
    expect(Date.now() - before).toBeGreaterThanOrEqual(290);
    expect(waited.json.is_execution_finished).toBe(false);
    const pending = t.call('GET', `/api/v1/execution/${id}/status?wait_ms=30000`, {
      key: alice.key,
    });
    await t.call('POST', `/api/v1/execution/${id}/cancel`, { key: alice.key });
    expect((await pending).json.state).toBe('QUERY_STATE_CANCELLED');
    for (const bad of ['30001', '-1', 'soon', '1.5']) {
      const r = await t.call('GET', `/api/v1/execution/${id}/status?wait_ms=${bad}`, {
        key: alice.key,
      });
      expect(r.status).toBe(400);
      expect(r.json.error).toMatch(/wait_ms/);
    }
  });
  it('makes duplicate column names unique, case-insensitively, and keeps every value', async () => {
    const { id, status } = await runSql(t, alice.key, 'SELECT 1 AS a, 2 AS a, 3 AS A, 4 AS b');
    expect(status.state).toBe('QUERY_STATE_COMPLETED');
    const r = await t.call('GET', `/api/v1/execution/${id}/results`, { key: alice.key });
    expect(r.json.result.metadata.column_names).toEqual(['a', 'a_1', 'A_2', 'b']);
    expect(r.json.result.rows).toEqual([{ a: 1, a_1: 2, A_2: 3, b: 4 }]);
  });

  it('reports a syntax error with its line and column in the SQL as written', async () => {
    const { status } = await runSql(t, alice.key, 'SELECT 1,\n  2 FORM x');
    expect(status.state).toBe('QUERY_STATE_FAILED');
    expect(status.error.type).toBe('syntax_error');
    expect(status.error.metadata).toEqual({ line: 2, column: 10 }); // DuckDB points at "x": FORM reads as an alias
    expect(status.result_metadata).toBeUndefined();
  });
  it('locates a statement that ends too early at its last token', async () => {
    const { status } = await runSql(t, alice.key, 'SELECT n\nFROM range(3) t(n)\nWHERE  ', {
      dialect: 'duckdb',
    });
    expect(status.error).toEqual({
      type: 'syntax_error',
      message: 'Parser Error: syntax error at end of input',
      metadata: { line: 3, column: 1 },
    });
  });
  it('reports other failures as FAILED_TYPE_EXECUTION_FAILED with DuckDB’s message', async () => {
    // DuckDB SQL: 1/0 is NULL there, so error() is what fails (DuneSQL fails on the division)
    const { status } = await runSql(t, alice.key, "SELECT 1/0::INTEGER AS x, error('boom')", {
      dialect: 'duckdb',
    });
    expect(status.state).toBe('QUERY_STATE_FAILED');
    expect(status.error.type).toBe('FAILED_TYPE_EXECUTION_FAILED');
    expect(status.error.message).toMatch(/boom/);
  });
});

describe('the sandbox', () => {
  const refused: [string, string, RegExp][] = [
    ['reading a file', "SELECT * FROM read_csv('/etc/passwd')", /Permission Error|disabled/],
    [
      'reading a URL',
      "SELECT * FROM read_parquet('https://example.com/x.parquet')",
      /Permission Error|disabled/,
    ],
    [
      'reading the metadata store',
      "SELECT * FROM read_text('strata.db')",
      /Permission Error|disabled/,
    ],
    ['ATTACH', "ATTACH '/tmp/x.db' AS x", /only read statements/],
    ['COPY', "COPY (SELECT 1) TO '/tmp/out.csv'", /only read statements/],
    ['INSTALL', 'INSTALL httpfs', /only read statements/],
    ['LOAD', 'LOAD httpfs', /only read statements/],
    ['SET', 'SET threads = 8', /only read statements/],
    ['PRAGMA', 'PRAGMA version', /only read statements/],
    ['CREATE', 'CREATE TABLE t AS SELECT 1', /only read statements/],
    ['INSERT', 'INSERT INTO dune.alice.open VALUES (1)', /only read statements/],
    ['DELETE', 'DELETE FROM dune.alice.open', /only read statements/],
    ['two statements', 'SELECT 1; SELECT 2', /only one statement/],
    ['blanks only', '   ', /the query is empty/],
    ['a comment only', '-- SELECT 1', /the query is empty/],
    ['semicolons only', ' ; ;', /the query is empty/],
    [
      'a configuration change through a function',
      "SELECT * FROM duckdb_settings() WHERE name = 'x'; SET enable_external_access = true",
      /only one statement/,
    ],
  ];
  for (const [what, sql, message] of refused) {
    it(`refuses ${what}`, async () => {
      const { status } = await runSql(t, alice.key, sql);
      expect(status.state).toBe('QUERY_STATE_FAILED');
      expect(status.error.message).toMatch(message);
    });
  }
  it('lets the owner read its private table and hides it from other contexts', async () => {
    const own = await runSql(t, alice.key, 'SELECT answer FROM dune.alice.secret');
    expect(own.status.state).toBe('QUERY_STATE_COMPLETED');
    const other = await runSql(t, bob.key, 'SELECT answer FROM dune.alice.secret');
    expect(other.status.state).toBe('QUERY_STATE_FAILED');
    expect(other.status.error.message).toMatch(/does not exist/);
    const open = await runSql(t, bob.key, 'SELECT count(*) AS n FROM dune.alice.open');
    expect(open.status.state).toBe('QUERY_STATE_COMPLETED');
  });
  it('does not let another context read a private snapshot by its path', async () => {
    const table = (await t.deps.lake.get('dune', 'alice', 'secret'))!;
    const file = `${t.deps.lake.snapshotDir(table.snapshot!)}/data.parquet`;
    const { status } = await runSql(t, bob.key, `SELECT * FROM read_parquet('${file}')`);
    expect(status.state).toBe('QUERY_STATE_FAILED');
    expect(status.error.message).toMatch(/Permission Error|disabled/);
  });
  it('lists the tables the caller may read in information_schema, named in the SQL or not', async () => {
    const sql =
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'alice' ORDER BY 1";
    const names = async (key: string) => {
      const { status } = await runSql(t, key, sql);
      expect(status.state).toBe('QUERY_STATE_COMPLETED');
      const r = await t.call('GET', `/api/v1/execution/${status.execution_id}/results`, { key });
      return (r.json.result.rows as { table_name: string }[]).map((row) => row.table_name);
    };
    expect(await names(alice.key)).toEqual(['open', 'secret']);
    expect(await names(bob.key)).toEqual(['open']);
  });
  it('refuses SQL with a NUL character, which would cut the statement short, with 400', async () => {
    const r = await t.call('POST', '/api/v1/sql/execute', {
      key: alice.key,
      body: { sql: 'SELECT 1 AS one\u0000; SELECT 2' },
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/sql: SQL must not contain a NUL character/);
  });
  it('fails the run of a saved query whose SQL holds a NUL (stored before the rule)', async () => {
    const q = await t.call('POST', '/api/v1/query', {
      key: alice.key,
      body: { name: 'old nul', query_sql: 'SELECT 1 AS one' },
    });
    expect(q.status).toBe(200);
    await t.deps.store.db
      .updateTable('queries')
      .set({ query_sql: 'SELECT 1 AS one\u0000; SELECT 2' })
      .where('id', '=', q.json.query_id)
      .execute();
    const run = await t.call('POST', `/api/v1/query/${q.json.query_id}/execute`, {
      key: alice.key,
      body: {},
    });
    expect(run.status).toBe(200);
    const status = await waitFinished(t, alice.key, run.json.execution_id);
    expect(status.state).toBe('QUERY_STATE_FAILED');
    // On PostgreSQL the store keeps the NUL as U+FFFD, so the engine names the second statement.
    expect(status.error.message).toMatch(/NUL character|only one statement/);
  });
  it('refuses SQL parameters other than {{name}}', async () => {
    const { status } = await runSql(t, alice.key, 'SELECT $1');
    expect(status.state).toBe('QUERY_STATE_FAILED');
  });
});

describe('POST /query/{id}/execute', () => {
  it('runs a saved query with typed parameters, from the body or the query string', async () => {
    const id = await createQuery(alice.key, {
      name: 'params',
      query_sql: "SELECT {{n}} * 2 AS doubled, '{{who}}' AS who",
      parameters: [
        { key: 'n', type: 'number', value: '1' },
        { key: 'who', type: 'text', value: 'x' },
      ],
    });
    const r = await t.call('POST', `/api/v1/query/${id}/execute`, {
      key: alice.readKey,
      body: { query_parameters: { n: 21, who: "o'brien" }, performance: 'medium' },
    });
    expect(r.status).toBe(200);
    await waitFinished(t, alice.key, r.json.execution_id);
    const res = await t.call('GET', `/api/v1/execution/${r.json.execution_id}/results`, {
      key: alice.key,
    });
    expect(res.json.result.rows).toEqual([{ doubled: 42, who: "o'brien" }]);
    expect(res.json.query_id).toBe(id);

    const qs = encodeURIComponent(JSON.stringify({ n: 5 }));
    const r2 = await t.call(
      'POST',
      `/api/v1/query/${id}/execute?performance=small&query_parameters=${qs}`,
      { key: alice.key },
    );
    expect(r2.status).toBe(200);
    await waitFinished(t, alice.key, r2.json.execution_id);
    const res2 = await t.call('GET', `/api/v1/execution/${r2.json.execution_id}/results`, {
      key: alice.key,
    });
    expect(res2.json.result.rows).toEqual([{ doubled: 10, who: 'x' }]);

    const arr = await t.call('POST', `/api/v1/query/${id}/execute`, {
      key: alice.key,
      body: { query_parameters: [{ key: 'n', value: '3' }] },
    });
    expect(arr.status).toBe(200);
  });
  it('answers 400 for unknown or ill-typed parameters, 404 for unknown or private queries, 403 when archived', async () => {
    const id = await createQuery(alice.key, {
      name: 'p',
      query_sql: 'SELECT {{n}} AS n',
      parameters: [{ key: 'n', type: 'number', value: '1' }],
    });
    const unknown = await t.call('POST', `/api/v1/query/${id}/execute`, {
      key: alice.key,
      body: { query_parameters: { zzz: 1 } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toBe('unknown parameters (zzz)');
    const typed = await t.call('POST', `/api/v1/query/${id}/execute`, {
      key: alice.key,
      body: { query_parameters: { n: '1 OR 1=1' } },
    });
    expect(typed.status).toBe(400);
    expect((await t.call('POST', '/api/v1/query/999999/execute', { key: alice.key })).status).toBe(
      404,
    );
    expect((await t.call('POST', '/api/v1/query/abc/execute', { key: alice.key })).status).toBe(
      400,
    );
    const priv = await createQuery(alice.key, {
      name: 'private',
      query_sql: 'SELECT 1',
      is_private: true,
    });
    expect((await t.call('POST', `/api/v1/query/${priv}/execute`, { key: bob.key })).status).toBe(
      404,
    );
    await t.call('POST', `/api/v1/query/${id}/archive`, { key: alice.key });
    const archived = await t.call('POST', `/api/v1/query/${id}/execute`, { key: alice.key });
    expect(archived.status).toBe(403);
    expect(archived.json.error).toMatch(/archived/);
  });
  it('lets another context run a public query', async () => {
    const id = await createQuery(alice.key, { name: 'public', query_sql: 'SELECT 7 AS seven' });
    const r = await t.call('POST', `/api/v1/query/${id}/execute`, { key: bob.key });
    expect(r.status).toBe(200);
    expect((await waitFinished(t, bob.key, r.json.execution_id)).state).toBe(
      'QUERY_STATE_COMPLETED',
    );
  });
});

describe('queueing and cancelling', () => {
  it('queues past the context’s limit with a queue position, and cancels pending and running executions', async () => {
    const s = await createTestServer({ maxConcurrentExecutions: 1 });
    try {
      const u = await s.createUser('queuer');
      const first = await s.call('POST', '/api/v1/sql/execute', {
        key: u.key,
        body: { sql: SLOW_SQL },
      });
      const second = await s.call('POST', '/api/v1/sql/execute', {
        key: u.key,
        body: { sql: 'SELECT 1' },
      });
      let st1 = await s.call('GET', `/api/v1/execution/${first.json.execution_id}/status`, {
        key: u.key,
      });
      while (st1.json.state === 'QUERY_STATE_PENDING') {
        await new Promise((r) => setTimeout(r, 5));
        st1 = await s.call('GET', `/api/v1/execution/${first.json.execution_id}/status`, {
          key: u.key,
        });
      }
      const st2 = await s.call('GET', `/api/v1/execution/${second.json.execution_id}/status`, {
        key: u.key,
      });
      expect(st1.json.state).toBe('QUERY_STATE_EXECUTING');
      expect(st1.json.max_inflight_interactive_reached).toBe(1);
      expect(st2.json.state).toBe('QUERY_STATE_PENDING');
      expect(st2.json.queue_position).toBe(1);

      const c2 = await s.call('POST', `/api/v1/execution/${second.json.execution_id}/cancel`, {
        key: u.key,
      });
      expect(c2.json).toEqual({ success: true });
      const after2 = await s.call('GET', `/api/v1/execution/${second.json.execution_id}/status`, {
        key: u.key,
      });
      expect(after2.json).toMatchObject({
        state: 'QUERY_STATE_CANCELLED',
        is_execution_finished: true,
      });
      expect(after2.json.cancelled_at).toBeDefined();
      expect(after2.json.execution_ended_at).toBeUndefined();

      const c1 = await s.call('POST', `/api/v1/execution/${first.json.execution_id}/cancel`, {
        key: u.key,
      });
      expect(c1.json).toEqual({ success: true });
      const after1 = await waitFinished(s, u.key, first.json.execution_id);
      expect(after1.state).toBe('QUERY_STATE_CANCELLED');
      expect(after1.execution_ended_at).toBeDefined();
      const again = await s.call('POST', `/api/v1/execution/${first.json.execution_id}/cancel`, {
        key: u.key,
      });
      expect(again.json).toEqual({ success: false });
      const other = await s.createUser('other');
      expect(
        (
          await s.call('POST', `/api/v1/execution/${first.json.execution_id}/cancel`, {
            key: other.key,
          })
        ).status,
      ).toBe(404);
    } finally {
      await s.close();
    }
  });
  it('answers 402 once the context is over its billing-cycle limit', async () => {
    const s = await createTestServer({
      plan: { creditsIncluded: 0, creditsLimit: 0.001, storageBytes: 0 },
    });
    try {
      const u = await s.createUser('spender');
      await runSql(s, u.key, 'SELECT 1');
      const r = await s.call('POST', '/api/v1/sql/execute', {
        key: u.key,
        body: { sql: 'SELECT 1' },
      });
      expect(r.status).toBe(402);
      expect(r.json.error).toMatch(/limits per billing cycle/);
    } finally {
      await s.close();
    }
  });
});

describe('stopping the service', () => {
  it('interrupts a running execution and records it as cancelled before the database closes', async () => {
    // One node: the run must be on the node that stops.
    const s = await createTestServer({}, { peer: false });
    const user = await s.createUser('stopper');
    const r = await s.call('POST', '/api/v1/sql/execute', {
      key: user.key,
      body: { sql: SLOW_SQL },
    });
    expect(r.status).toBe(200);
    const id = r.json.execution_id as string;
    for (let i = 0; i < 500; i++) {
      const st = await s.call('GET', `/api/v1/execution/${id}/status`, { key: user.key });
      if (st.json.state === 'QUERY_STATE_EXECUTING') break;
      await new Promise((done) => setTimeout(done, 10));
    }
    await s.deps.close();
    const store = await openStore(s.config);
    const row = await store.db
      .selectFrom('executions')
      .select('state')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await store.close();
    fs.rmSync(s.dir, { recursive: true, force: true });
    expect(row.state).toBe('QUERY_STATE_CANCELLED');
  });
});
