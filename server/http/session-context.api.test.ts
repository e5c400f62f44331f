import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSql } from '../test/executions-helpers.js';
import { createTestServer, type TestServer } from '../test/harness.js';

let t: TestServer;
let cookie: string;

beforeAll(async () => {
  t = await createTestServer();
  const r = await t.call('POST', '/api/v1/auth/signup', {
    body: { handle: 'linker', password: 'correct horse battery' },
  });
  cookie = /strata_session=[^;]*/.exec(r.headers.get('set-cookie') ?? '')![0];
  const linker = (await t.deps.accounts.byHandle('linker'))!;
  await t.deps.accounts.createTeam('link_team', linker.id);
  await t.createTeam('someone_elses_team', await t.createUser('link_owner'));
});
afterAll(() => t.close());

describe('?context= for browser sessions (links cannot set x-strata-context)', () => {
  it('picks a team the user belongs to on a GET, so a CSV link of a team run works', async () => {
    const teamKey = (
      await t.deps.keys.create(
        (await t.deps.accounts.byHandle('link_team'))!.id,
        'read_write',
        (await t.deps.accounts.byHandle('linker'))!.id,
      )
    ).key;
    const { id } = await runSql(t, teamKey, 'SELECT 1 AS one');
    const personal = await t.call('GET', `/api/v1/execution/${id}/results/csv`, {
      headers: { cookie },
    });
    expect(personal.status).toBe(404);
    const viaLink = await t.call('GET', `/api/v1/execution/${id}/results/csv?context=link_team`, {
      headers: { cookie },
    });
    expect(viaLink.status).toBe(200);
    expect(viaLink.text.trim()).toBe('one\n1');
  });
  it('refuses a context the user is not in, and ignores ?context= on other methods', async () => {
    const r = await t.call('GET', '/api/v1/auth/me?context=someone_elses_team', {
      headers: { cookie },
    });
    expect(r.status).toBe(403);
    const post = await t.call('POST', '/api/v1/query?context=link_team', {
      headers: { cookie },
      body: { name: 'mine', query_sql: 'SELECT 1' },
    });
    expect(post.status).toBe(200);
    const q = await t.call('GET', `/api/v1/query/${post.json.query_id}`, { headers: { cookie } });
    expect(q.json.owner).toBe('linker');
  });
});

describe('POST /sql/execute with parameter definitions', () => {
  const key = async () =>
    (await t.deps.keys.create((await t.deps.accounts.byHandle('linker'))!.id, 'read', null)).key;
  it('types placeholders by the definitions and ignores definitions the SQL does not use', async () => {
    const r = await t.call('POST', '/api/v1/sql/execute', {
      key: await key(),
      body: {
        sql: 'SELECT {{n}} + 1 AS x, {{label}} AS label',
        parameters: [
          { key: 'n', type: 'number', value: '1' },
          { key: 'unused', type: 'number', value: '2' },
        ],
        query_parameters: { n: '41', label: 'hi' },
      },
    });
    expect(r.status).toBe(200);
    await t.deps.executions.settled(r.json.execution_id);
    const res = await t.call('GET', `/api/v1/execution/${r.json.execution_id}/results`, {
      key: await key(),
    });
    expect(res.json.result.rows).toEqual([{ x: 42, label: 'hi' }]);
  });
  it('answers 400 for a value that does not fit its type or a bad definition', async () => {
    const bad = await t.call('POST', '/api/v1/sql/execute', {
      key: await key(),
      body: {
        sql: 'SELECT {{n}} AS x',
        parameters: [{ key: 'n', type: 'number', value: '1' }],
        query_parameters: { n: '1; DROP TABLE x' },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/n/);
    const enumWithout = await t.call('POST', '/api/v1/sql/execute', {
      key: await key(),
      body: { sql: 'SELECT {{e}} AS x', parameters: [{ key: 'e', type: 'enum' }] },
    });
    expect(enumWithout.status).toBe(400);
    const wrongShape = await t.call('POST', '/api/v1/sql/execute', {
      key: await key(),
      body: { sql: 'SELECT 1', parameters: 'n' },
    });
    expect(wrongShape.status).toBe(400);
  });
});
