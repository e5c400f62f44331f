import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_SQL, waitFinished } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { createQuery, upsertView } from '../test/matviews-helpers.js';
import { FAMILIES } from '../test/uploads-helpers.js';

/**
 * The answers the hosted service's official clients pin in their own end-to-end tests (status,
 * message, field), one test per place Strata once answered differently. docs/hosted-messages.md
 * lists every mirrored message.
 */
let t: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
});
afterAll(() => t.close());

/** Polls until the execution is running (not pending), so a cancel meets a running engine. */
async function waitExecuting(key: string, id: string) {
  for (;;) {
    const s = await t.call('GET', `/api/v1/execution/${id}/status`, { key });
    if (s.json.state !== 'QUERY_STATE_PENDING') return s.json;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('cancel takes effect before it is acknowledged', () => {
  it('the first status and results read after cancel say CANCELLED with cancelled_at', async () => {
    const q = await createQuery(t, alice.key, SLOW_SQL);
    const ex = await t.call('POST', `/api/v1/query/${q}/execute`, { key: alice.key });
    const id = ex.json.execution_id as string;
    expect((await waitExecuting(alice.key, id)).state).toBe('QUERY_STATE_EXECUTING');

    const c = await t.call('POST', `/api/v1/execution/${id}/cancel`, { key: alice.key });
    expect(c.json).toEqual({ success: true });
    const status = await t.call('GET', `/api/v1/execution/${id}/status`, { key: alice.key });
    expect(status.json).toMatchObject({
      state: 'QUERY_STATE_CANCELLED',
      is_execution_finished: true,
      query_id: q,
    });
    expect(status.json.cancelled_at).toMatch(/Z$/);
    expect(status.json.execution_ended_at).toMatch(/Z$/);
    const results = await t.call('GET', `/api/v1/execution/${id}/results`, { key: alice.key });
    expect(results.json).toMatchObject({ state: 'QUERY_STATE_CANCELLED' });
    expect(results.json.cancelled_at).toBe(status.json.cancelled_at);

    // The engine's unwinding never overwrites the recorded state, and its slot is freed.
    await t.deps.executions.settled(id);
    const later = await waitFinished(t, alice.key, id);
    expect(later.state).toBe('QUERY_STATE_CANCELLED');
    expect(later.cancelled_at).toBe(status.json.cancelled_at);
    const next = await t.call('POST', '/api/v1/sql/execute', {
      key: alice.key,
      body: { sql: 'SELECT 1 AS one' },
    });
    expect((await waitFinished(t, alice.key, next.json.execution_id)).state).toBe(
      'QUERY_STATE_COMPLETED',
    );
    // A second cancel of a finished execution is not a success.
    const again = await t.call('POST', `/api/v1/execution/${id}/cancel`, { key: alice.key });
    expect(again.json).toEqual({ success: false });
  });
});

describe('execute of a missing or foreign private query', () => {
  it('answers 404 {"error": "Query not found"}', async () => {
    const privateQ = await createQuery(t, bob.key, 'SELECT 1', { is_private: true });
    for (const id of [999999999, 0, privateQ]) {
      const r = await t.call('POST', `/api/v1/query/${id}/execute`, { key: alice.key });
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ error: 'Query not found' });
    }
    // Latest-result reads keep the longer text the hosted service uses there.
    const latest = await t.call('GET', `/api/v1/query/${privateQ}/results`, { key: alice.key });
    expect(latest.status).toBe(404);
    expect(latest.json).toEqual({ error: 'Query not found or private' });
  });
});

describe('datasets of type materialized_view', () => {
  it('are listed with type "materialized_view"', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS one');
    const { name } = await upsertView(t, alice.key, { name: 'result_conformance', query_id: q });
    const r = await t.call('GET', '/api/v1/datasets?type=materialized_view&limit=1', {
      key: alice.key,
    });
    expect(r.status).toBe(200);
    expect(r.json.datasets).toHaveLength(1);
    expect(r.json.datasets[0]).toMatchObject({ full_name: name, type: 'materialized_view' });
    const one = await t.call('GET', `/api/v1/datasets/${name}`, { key: alice.key });
    expect(one.json.type).toBe('materialized_view');
  });
});

describe.each(FAMILIES)('uploads messages ($name paths)', (f) => {
  const table = `conf_${f.name}`;
  it('create returns example_query ending in " limit 10"', async () => {
    const r = await t.call('POST', f.create, {
      key: alice.key,
      body: { namespace: 'alice', table_name: table, schema: [{ name: 'a', type: 'integer' }] },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      namespace: 'alice',
      table_name: table,
      full_name: `dune.alice.${table}`,
      example_query: `select * from dune.alice.${table} limit 10`,
    });
  });
  it('clear answers a message containing "successfully cleared"', async () => {
    const r = await t.call('POST', f.clear('alice', table), { key: alice.key });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ message: `Table alice.${table} successfully cleared` });
  });
  it('delete answers "Table <ns>.<t> successfully deleted"', async () => {
    const r = await t.call('DELETE', f.remove('alice', table), { key: alice.key });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ message: `Table alice.${table} successfully deleted` });
  });
});

describe('queries with parameters their SQL does not use', () => {
  it('are accepted and kept on create and update', async () => {
    const what = { key: 'What', type: 'text', value: 'name' };
    const r = await t.call('POST', '/api/v1/query/', {
      key: alice.key,
      body: { name: 'Name', query_sql: 'select 1', parameters: [what], is_private: true },
    });
    expect(r.status).toBe(200);
    const id = r.json.query_id as number;
    expect(
      (await t.call('GET', `/api/v1/query/${id}`, { key: alice.key })).json.parameters,
    ).toEqual([what]);
    const u = await t.call('PATCH', `/api/v1/query/${id}`, {
      key: alice.key,
      body: { name: 'New Name', query_sql: 'select 10;' },
    });
    expect(u.json).toEqual({ query_id: id });
    const read = (await t.call('GET', `/api/v1/query/${id}`, { key: alice.key })).json;
    expect(read).toMatchObject({ name: 'New Name', query_sql: 'select 10;', parameters: [what] });
    // Executing passes the unused parameter's value without complaint.
    const ex = await t.call('POST', `/api/v1/query/${id}/execute`, {
      key: alice.key,
      body: { query_parameters: { What: 'x' } },
    });
    expect(ex.status).toBe(200);
    expect((await waitFinished(t, alice.key, ex.json.execution_id)).state).toBe(
      'QUERY_STATE_COMPLETED',
    );
  });
});

describe('privacy of an archived query', () => {
  it('may change: private and unprivate answer {query_id}', async () => {
    const id = await createQuery(t, alice.key, 'SELECT 1');
    expect((await t.call('POST', `/api/v1/query/${id}/archive`, { key: alice.key })).status).toBe(
      200,
    );
    const p = await t.call('POST', `/api/v1/query/${id}/private`, { key: alice.key });
    expect(p.status).toBe(200);
    expect(p.json).toEqual({ query_id: id });
    expect((await t.call('GET', `/api/v1/query/${id}`, { key: alice.key })).json).toMatchObject({
      is_private: true,
      is_archived: true,
    });
    const u = await t.call('POST', `/api/v1/query/${id}/unprivate`, { key: alice.key });
    expect(u.json).toEqual({ query_id: id });
    // Other changes stay refused while archived.
    const rename = await t.call('PATCH', `/api/v1/query/${id}`, {
      key: alice.key,
      body: { name: 'x' },
    });
    expect(rename.status).toBe(403);
    expect(rename.json).toEqual({ error: 'Query is archived' });
  });
});
