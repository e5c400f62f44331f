import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness.js';
import { runSql } from '../test/executions-helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

const SQL = 'SELECT n, n * n AS square FROM range({{rows}}) t(n)';
const PARAMS = [{ key: 'rows', type: 'number', value: '3' }];
const NEVER_ISSUED = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

const get = (key: string, url: string) => t.call('GET', `/api/v1${url}`, { key });
const patch = (key: string, id: number, body: unknown) =>
  t.call('PATCH', `/api/v1/query/${id}`, { key, body });

async function createQuery(key: string, body: Record<string, unknown> = {}) {
  const r = await t.call('POST', '/api/v1/query', {
    key,
    body: { name: 'Squares', query_sql: 'SELECT 1', ...body },
  });
  expect(r.status, r.text).toBe(200);
  return r.json.query_id as number;
}

describe('saving a query with the run of its text (execution_id, a Strata addition)', () => {
  it('PATCH keeps the ad-hoc run of the saved text as the latest result', async () => {
    const u = await t.createUser('adopt_patch');
    const id = await createQuery(u.key);
    const run = await runSql(t, u.key, SQL, {
      parameters: PARAMS,
      query_parameters: { rows: '5' },
    });
    expect(run.status.state).toBe('QUERY_STATE_COMPLETED');
    const before = await get(u.key, `/query/${id}/results`);
    expect(before.status).toBe(404);

    const r = await patch(u.key, id, {
      query_sql: SQL,
      parameters: PARAMS,
      execution_id: run.id.toLowerCase(),
    });
    expect(r.status, r.text).toBe(200);
    const latest = await get(u.key, `/query/${id}/results?params.rows=5`);
    expect(latest.status).toBe(200);
    expect(latest.json).toMatchObject({ execution_id: run.id, query_id: id });
    expect(latest.json.result.rows).toHaveLength(5);
    // Without values: the latest run of any values, also this one.
    expect((await get(u.key, `/query/${id}/results`)).json.execution_id).toBe(run.id);
    const status = await get(u.key, `/execution/${run.id}/status`);
    expect(status.json.query_id).toBe(id);
  });

  it('POST /query keeps the run too (a new query saved after running it)', async () => {
    const u = await t.createUser('adopt_create');
    const run = await runSql(t, u.key, SQL, { parameters: PARAMS });
    const id = await createQuery(u.key, {
      query_sql: SQL,
      parameters: PARAMS,
      execution_id: run.id,
    });
    const latest = await get(u.key, `/query/${id}/results?params.rows=3`);
    expect(latest.status, latest.text).toBe(200);
    expect(latest.json.execution_id).toBe(run.id);
  });

  it('refuses a run of different SQL with 400 and saves nothing', async () => {
    const u = await t.createUser('adopt_mismatch');
    const id = await createQuery(u.key);
    const run = await runSql(t, u.key, 'SELECT 2 AS two');
    const r = await patch(u.key, id, { query_sql: 'SELECT 3 AS three', execution_id: run.id });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/ran other SQL/);
    const q = await get(u.key, `/query/${id}`);
    expect(q.json).toMatchObject({ query_sql: 'SELECT 1', version: 1 });
    expect((await get(u.key, `/query/${id}/results`)).status).toBe(404);

    const created = await t.call('POST', '/api/v1/query', {
      key: u.key,
      body: { name: 'Other', query_sql: 'SELECT 3 AS three', execution_id: run.id },
    });
    expect(created.status).toBe(400);
    const list = await get(u.key, '/queries');
    expect(list.json.total).toBe(1);
  });

  it('refuses the same SQL with other parameter definitions that render differently', async () => {
    const u = await t.createUser('adopt_types');
    const id = await createQuery(u.key);
    // As text, {{rows}} renders as '3' (a string literal); as a number, as 3.
    const run = await runSql(t, u.key, 'SELECT {{rows}} AS v', {
      parameters: [{ key: 'rows', type: 'text', value: '3' }],
    });
    const r = await patch(u.key, id, {
      query_sql: 'SELECT {{rows}} AS v',
      parameters: PARAMS,
      execution_id: run.id,
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/ran other SQL/);
  });

  it('refuses another context’s run of the same SQL (404-like, as unknown) and a run of another query', async () => {
    const owner = await t.createUser('adopt_owner');
    const stranger = await t.createUser('adopt_stranger');
    const id = await createQuery(owner.key);
    const theirs = await runSql(t, stranger.key, 'SELECT 42 AS answer');
    const r = await patch(owner.key, id, {
      query_sql: 'SELECT 42 AS answer',
      execution_id: theirs.id,
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/no execution of this context/);
    expect((await get(owner.key, `/query/${id}`)).json.version).toBe(1);

    const other = await createQuery(owner.key, { query_sql: 'SELECT 42 AS answer' });
    const ofOther = await t.call('POST', `/api/v1/query/${other}/execute`, { key: owner.key });
    await t.deps.executions.settled(ofOther.json.execution_id);
    const r2 = await patch(owner.key, id, {
      query_sql: 'SELECT 42 AS answer',
      execution_id: ofOther.json.execution_id,
    });
    expect(r2.status).toBe(400);
    expect(r2.json.error).toMatch(/another query/);
    expect((await get(owner.key, `/query/${other}/results`)).json.execution_id).toBe(
      ofOther.json.execution_id,
    );
  });

  it('refuses an unknown or malformed id with 400', async () => {
    const u = await t.createUser('adopt_unknown');
    const id = await createQuery(u.key);
    const unknown = await patch(u.key, id, { name: 'x', execution_id: NEVER_ISSUED });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatch(/no execution of this context/);
    const malformed = await patch(u.key, id, { name: 'x', execution_id: 'not-an-id' });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toMatch(/execution_id/);
    expect((await get(u.key, `/query/${id}`)).json).toMatchObject({ name: 'Squares', version: 1 });
  });

  it('checks the query before the run: another context’s private query is 404, a public one 403, a read key 403', async () => {
    const owner = await t.createUser('adopt_private_owner');
    const other = await t.createUser('adopt_private_other');
    const secret = await createQuery(owner.key, { is_private: true });
    const open = await createQuery(owner.key);
    const run = await runSql(t, other.key, 'SELECT 1');
    expect((await patch(other.key, secret, { name: 'x', execution_id: run.id })).status).toBe(404);
    expect((await patch(other.key, open, { name: 'x', execution_id: run.id })).status).toBe(403);
    const mine = await runSql(t, owner.key, 'SELECT 1');
    expect((await patch(owner.readKey, open, { name: 'x', execution_id: mine.id })).status).toBe(
      403,
    );
  });
});
