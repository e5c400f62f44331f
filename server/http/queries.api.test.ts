import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

const SQL = "SELECT * FROM ethereum.blocks WHERE miner = '{{miner}}' LIMIT {{n}}";
const PARAMS = [
  { key: 'miner', type: 'text', value: '0xabc' },
  { key: 'n', type: 'number', value: '10' },
];

async function create(key: string, body: Record<string, unknown> = {}): Promise<number> {
  const r = await t.call('POST', '/api/v1/query', {
    key,
    body: { name: 'q', query_sql: 'SELECT 1', ...body },
  });
  expect(r.status, r.text).toBe(200);
  return r.json.query_id as number;
}

const get = (key: string, id: number | string, qs = '') =>
  t.call('GET', `/api/v1/query/${id}${qs}`, { key });
const patch = (key: string, id: number | string, body: unknown) =>
  t.call('PATCH', `/api/v1/query/${id}`, { key, body });
const action = (key: string, id: number | string, name: string) =>
  t.call('POST', `/api/v1/query/${id}/${name}`, { key });

describe('POST /query and GET /query/{id}', () => {
  it('creates a query and reads it back in the hosted shape, version 1', async () => {
    const u = await t.createUser('q_create');
    const r = await t.call('POST', '/api/v1/query/', {
      key: u.key,
      body: {
        name: '  Blocks by miner ',
        query_sql: SQL,
        description: 'by miner',
        tags: ['eth', ' blocks ', 'eth'],
        parameters: PARAMS,
        query_parameters: [],
      },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ query_id: expect.any(Number) });
    const g = await get(u.readKey, r.json.query_id);
    expect(g.status).toBe(200);
    expect(g.json).toEqual({
      query_id: r.json.query_id,
      name: 'Blocks by miner',
      description: 'by miner',
      tags: ['eth', 'blocks'],
      version: 1,
      parameters: PARAMS,
      query_engine: 'medium',
      query_sql: SQL,
      dialect: 'dunesql',
      is_private: false,
      is_archived: false,
      is_unsaved: false,
      is_temp: false,
      owner: 'q_create',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      max_result_age_seconds: null,
    });
  });

  it('accepts /query without the trailing slash and fills defaults', async () => {
    const u = await t.createUser('q_defaults');
    const id = await create(u.key, { query_sql: "SELECT '{{who}}'", is_private: true });
    const g = await get(u.key, id);
    expect(g.json).toMatchObject({
      description: '',
      tags: [],
      is_private: true,
      is_temp: false,
      parameters: [{ key: 'who', type: 'text', value: '' }],
    });
    expect(g.json.contributors).toBeUndefined();
  });

  it('normalizes parameter values and the date type', async () => {
    const u = await t.createUser('q_paramtypes');
    const id = await create(u.key, {
      query_sql: "SELECT {{n}}, TIMESTAMP '{{d}}'",
      parameters: [
        { key: 'n', type: 'number', value: 5 },
        { key: 'd', type: 'date', value: '2024-01-01 00:00:00' },
      ],
    });
    expect((await get(u.key, id)).json.parameters).toEqual([
      { key: 'n', type: 'number', value: '5' },
      { key: 'd', type: 'datetime', value: '2024-01-01 00:00:00' },
    ]);
  });

  it('rejects bad bodies with 400', async () => {
    const u = await t.createUser('q_badbody');
    const bad: unknown[] = [
      { query_sql: 'SELECT 1' },
      { name: 'x' },
      { name: '', query_sql: 'SELECT 1' },
      { name: '   ', query_sql: 'SELECT 1' },
      { name: 'x'.repeat(301), query_sql: 'SELECT 1' },
      { name: 5, query_sql: 'SELECT 1' },
      { name: 'x', query_sql: '' },
      { name: 'x', query_sql: '   ' },
      { name: 'x', query_sql: 'SELECT 1\u0000; DROP TABLE t' },
      { name: 'x', query_sql: 'SELECT 1', is_private: 'yes' },
      { name: 'x', query_sql: 'SELECT 1', tags: 'a' },
      { name: 'x', query_sql: 'SELECT 1', tags: Array.from({ length: 51 }, (_, i) => `t${i}`) },
      { name: 'x', query_sql: 'SELECT 1', tags: ['x'.repeat(101)] },
      { name: 'x', query_sql: 'SELECT 1', description: 'x'.repeat(10_001) },
      { name: 'x', query_sql: 'SELECT 1', parameters: {} },
      { name: 'x', query_sql: 'SELECT 1', parameters: [{ type: 'text' }] },
      { name: 'x', query_sql: 'SELECT 1', parameters: [{ key: 'a', type: 'color' }] },
      [],
      'not json',
    ];
    for (const body of bad) {
      const r = await t.call('POST', '/api/v1/query', { key: u.key, body });
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.json.error).toEqual(expect.any(String));
    }
    const huge = await t.call('POST', '/api/v1/query', {
      key: u.key,
      body: { name: 'huge', query_sql: `SELECT 1 -- ${'x'.repeat(500_000)}` },
    });
    expect(huge.status).toBe(400);
    expect(huge.json.error).toMatch(/query_sql/);
    const max = await t.call('POST', '/api/v1/query', {
      key: u.key,
      body: { name: 'max', query_sql: `SELECT 1 --${'x'.repeat(500_000 - 11)}` },
    });
    expect(max.status).toBe(200);
    expect((await t.call('GET', '/api/v1/queries', { key: u.key })).json.total).toBe(1);
  });

  it('rejects parameter definitions that do not fit the SQL with 400', async () => {
    const u = await t.createUser('q_badparams');
    const cases: [string, unknown[], RegExp][] = [
      ['SELECT 1', [{ key: 'a', type: 'a' }], /type/],
      ["SELECT '{{c}}'", [{ key: 'c', type: 'enum', value: 'x' }], /enumOptions/],
      ['SELECT {{n}}', [{ key: 'n', type: 'number', value: 'ten' }], /not a number/],
      ["SELECT '{{d}}'", [{ key: 'd', type: 'datetime', value: 'soon' }], /date-time/],
      [
        "SELECT '{{c}}'",
        [{ key: 'c', type: 'enum', value: 'z', enumOptions: ['a', 'b'] }],
        /not one of the options/,
      ],
      [
        'SELECT {{n}}',
        [
          { key: 'n', type: 'number', value: '1' },
          { key: 'n', type: 'number', value: '2' },
        ],
        /duplicate/,
      ],
    ];
    for (const [query_sql, parameters, message] of cases) {
      const r = await t.call('POST', '/api/v1/query', {
        key: u.key,
        body: { name: 'p', query_sql, parameters },
      });
      expect(r.status, query_sql).toBe(400);
      expect(r.json.error).toMatch(message);
    }
    expect((await t.call('GET', '/api/v1/queries', { key: u.key })).json.total).toBe(0);
  });

  it('answers 400 for a non-integer id and 404 for an unknown one', async () => {
    const u = await t.createUser('q_ids');
    for (const id of ['abc', '1.5', '-1', '1e3', '99999999999999999999']) {
      expect((await get(u.key, id)).status, id).toBe(400);
      expect((await patch(u.key, id, { name: 'x' })).status, id).toBe(400);
      expect((await action(u.key, id, 'archive')).status, id).toBe(400);
      expect((await t.call('GET', `/api/v1/query/${id}/versions`, { key: u.key })).status).toBe(
        400,
      );
    }
    const missing = await get(u.key, 987654);
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ error: 'Query not found or private' });
    expect((await patch(u.key, 987654, { name: 'x' })).status).toBe(404);
    expect((await action(u.key, 987654, 'private')).status).toBe(404);
  });
});

describe('authentication and scope', () => {
  it('answers 401 without a key on every endpoint, before looking at the body', async () => {
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/v1/query', { name: 'x', query_sql: 'SELECT 1' }],
      ['POST', '/api/v1/query/', { bad: true }],
      ['GET', '/api/v1/query/1'],
      ['PATCH', '/api/v1/query/1', { name: 'x' }],
      ['POST', '/api/v1/query/1/archive'],
      ['POST', '/api/v1/query/1/unarchive'],
      ['POST', '/api/v1/query/1/private'],
      ['POST', '/api/v1/query/1/unprivate'],
      ['GET', '/api/v1/queries'],
      ['GET', '/api/v1/query/1/versions'],
      ['GET', '/api/v1/query/1/versions/1'],
    ];
    for (const [method, url, body] of calls) {
      const r = await t.call(method, url, { body });
      expect(r.status, `${method} ${url}`).toBe(401);
    }
    expect((await t.call('GET', '/api/v1/queries', { key: 'strata_bogus' })).status).toBe(401);
  });

  it('answers 403 to a read key on every write, and lets it read', async () => {
    const u = await t.createUser('q_readkey');
    const id = await create(u.key);
    const post = await t.call('POST', '/api/v1/query', {
      key: u.readKey,
      body: { name: 'x', query_sql: 'SELECT 1' },
    });
    expect(post.status).toBe(403);
    expect(post.json.error).toMatch(/read_write/);
    expect((await patch(u.readKey, id, { name: 'y' })).status).toBe(403);
    for (const a of ['archive', 'unarchive', 'private', 'unprivate']) {
      expect((await action(u.readKey, id, a)).status, a).toBe(403);
    }
    const g = await get(u.readKey, id);
    expect(g.status).toBe(200);
    expect(g.json).toMatchObject({ name: 'q', version: 1 });
  });
});

describe('PATCH, archive, privacy and versions', () => {
  it('changes only the given fields and bumps the version each time', async () => {
    const u = await t.createUser('q_patch');
    const id = await create(u.key, {
      name: 'orig',
      description: 'desc',
      query_sql: SQL,
      parameters: PARAMS,
      tags: ['a', 'b'],
    });
    const p1 = await patch(u.key, id, { name: 'renamed' });
    expect(p1.status).toBe(200);
    expect(p1.json).toEqual({ query_id: id });
    let g = (await get(u.key, id)).json;
    expect(g).toMatchObject({
      name: 'renamed',
      description: 'desc',
      query_sql: SQL,
      parameters: PARAMS,
      tags: ['a', 'b'],
      version: 2,
    });
    expect(g.updated_at >= g.created_at).toBe(true);

    await patch(u.key, id, { tags: [], description: '' });
    g = (await get(u.key, id)).json;
    expect(g).toMatchObject({ tags: [], description: '', name: 'renamed', version: 3 });

    // New SQL without {{n}}: as on the hosted service, the unused definition is kept; a new
    // placeholder becomes a text parameter.
    await patch(u.key, id, { query_sql: "SELECT '{{miner}}', '{{extra}}'" });
    g = (await get(u.key, id)).json;
    expect(g.parameters).toEqual([...PARAMS, { key: 'extra', type: 'text', value: '' }]);
    expect(g.version).toBe(4);

    // Parameters given explicitly may include ones the SQL does not use.
    const kept = await patch(u.key, id, { parameters: PARAMS });
    expect(kept.status).toBe(200);
    g = (await get(u.key, id)).json;
    expect(g.parameters).toEqual([...PARAMS, { key: 'extra', type: 'text', value: '' }]);
    const badEnum = await patch(u.key, id, {
      query_sql: "SELECT '{{c}}'",
      parameters: [{ key: 'c', type: 'enum', value: 'a' }],
    });
    expect(badEnum.status).toBe(400);
    expect((await patch(u.key, id, { query_sql: 'SELECT 1', parameters: [] })).status).toBe(200);
    g = (await get(u.key, id)).json;
    expect(g).toMatchObject({ query_sql: 'SELECT 1', parameters: [], version: 6 });
  });

  it('rejects an empty or invalid PATCH with 400 and leaves the query as it was', async () => {
    const u = await t.createUser('q_patchbad');
    const id = await create(u.key);
    for (const body of [
      {},
      { unknown_field: 1 },
      { name: '' },
      { name: 7 },
      { is_private: 'true' },
      { tags: [1] },
      { query_sql: 'x'.repeat(500_001) },
      { query_sql: 'SELECT 2\u0000' },
      'nope',
    ]) {
      const r = await patch(u.key, id, body);
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await get(u.key, id)).json).toMatchObject({ name: 'q', version: 1 });
  });

  it('archives, unarchives, privates and unprivates, one version each', async () => {
    const u = await t.createUser('q_actions');
    const id = await create(u.key);
    const steps: [string, Record<string, boolean>][] = [
      ['private', { is_private: true, is_archived: false }],
      ['archive', { is_private: true, is_archived: true }],
      ['unarchive', { is_private: true, is_archived: false }],
      ['unprivate', { is_private: false, is_archived: false }],
    ];
    let version = 1;
    for (const [name, flags] of steps) {
      const r = await action(u.key, id, name);
      expect(r.status, name).toBe(200);
      expect(r.json).toEqual({ query_id: id });
      version++;
      expect((await get(u.key, id)).json).toMatchObject({ ...flags, version });
    }
    const list = await t.call('GET', `/api/v1/query/${id}/versions`, { key: u.readKey });
    expect(list.status).toBe(200);
    expect(list.json.total).toBe(5);
    expect(list.json.versions.map((v: { version: number }) => v.version)).toEqual([5, 4, 3, 2, 1]);
    expect(list.json.versions[0]).toEqual({
      version: 5,
      author: 'q_actions',
      created_at: expect.any(String),
      name: 'q',
    });
    const v3 = await t.call('GET', `/api/v1/query/${id}/versions/3`, { key: u.readKey });
    expect(v3.status).toBe(200);
    expect(v3.json).toEqual({
      query_id: id,
      version: 3,
      author: 'q_actions',
      created_at: expect.any(String),
      name: 'q',
      description: '',
      query_sql: 'SELECT 1',
      dialect: 'dunesql',
      parameters: [],
      tags: [],
      is_private: true,
      is_archived: true,
    });
    expect((await t.call('GET', `/api/v1/query/${id}/versions/6`, { key: u.key })).status).toBe(
      404,
    );
    expect((await t.call('GET', `/api/v1/query/${id}/versions/x`, { key: u.key })).status).toBe(
      400,
    );
  });

  it('keeps each version’s content', async () => {
    const u = await t.createUser('q_history');
    const id = await create(u.key, { name: 'v1', query_sql: 'SELECT 1', tags: ['one'] });
    await patch(u.key, id, { name: 'v2', query_sql: 'SELECT 2' });
    await patch(u.key, id, { tags: ['three'] });
    const read = async (v: number) =>
      (await t.call('GET', `/api/v1/query/${id}/versions/${v}`, { key: u.key })).json;
    expect(await read(1)).toMatchObject({ name: 'v1', query_sql: 'SELECT 1', tags: ['one'] });
    expect(await read(2)).toMatchObject({ name: 'v2', query_sql: 'SELECT 2', tags: ['one'] });
    expect(await read(3)).toMatchObject({ name: 'v2', query_sql: 'SELECT 2', tags: ['three'] });
    const list = await t.call('GET', `/api/v1/query/${id}/versions`, { key: u.key });
    expect(list.json.versions.map((v: { name: string }) => v.name)).toEqual(['v2', 'v2', 'v1']);
  });

  it('keeps the dialect a query is saved in; a change of dialect is a version of its own', async () => {
    const u = await t.createUser('q_dialect');
    const id = await create(u.key, { query_sql: 'SELECT 7 / 2', dialect: 'duckdb' });
    expect((await get(u.key, id)).json).toMatchObject({ dialect: 'duckdb', version: 1 });
    // Other changes leave it as it is.
    await patch(u.key, id, { name: 'renamed', query_sql: 'SELECT 9 / 2' });
    expect((await get(u.key, id)).json).toMatchObject({ dialect: 'duckdb', version: 2 });
    expect((await patch(u.key, id, { dialect: 'dunesql' })).status).toBe(200);
    expect((await get(u.key, id)).json).toMatchObject({
      dialect: 'dunesql',
      query_sql: 'SELECT 9 / 2',
      version: 3,
    });
    const read = async (v: number) =>
      (await t.call('GET', `/api/v1/query/${id}/versions/${v}`, { key: u.key })).json;
    expect((await read(1)).dialect).toBe('duckdb');
    expect((await read(2)).dialect).toBe('duckdb');
    expect((await read(3)).dialect).toBe('dunesql');
  });

  it('refuses a dialect it does not know, naming the ones it does, and saves nothing', async () => {
    const u = await t.createUser('q_dialect_bad');
    const allowed = 'dialect: must be one of: dunesql, duckdb';
    for (const dialect of ['trino', 'DuneSQL', '', 5, null, ['duckdb']]) {
      const created = await t.call('POST', '/api/v1/query', {
        key: u.key,
        body: { name: 'q', query_sql: 'SELECT 1', dialect },
      });
      expect(created.status, JSON.stringify(dialect)).toBe(400);
      expect(created.json.error).toBe(`Invalid request body payload: ${allowed}`);
    }
    expect((await t.call('GET', '/api/v1/queries', { key: u.key })).json.total).toBe(0);
    const id = await create(u.key);
    const changed = await patch(u.key, id, { dialect: 'sqlite' });
    expect(changed.status).toBe(400);
    expect(changed.json.error).toBe(`Invalid request body payload: ${allowed}`);
    expect((await get(u.key, id)).json).toMatchObject({ dialect: 'dunesql', version: 1 });
  });

  it('refuses to edit an archived query except to unarchive it or change its privacy', async () => {
    const u = await t.createUser('q_archived');
    const id = await create(u.key);
    expect((await action(u.key, id, 'archive')).status).toBe(200);
    const r = await patch(u.key, id, { name: 'changed' });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ error: 'Query is archived' });
    expect((await patch(u.key, id, { is_archived: true, name: 'x' })).status).toBe(403);
    expect((await patch(u.key, id, { is_private: true, name: 'x' })).status).toBe(403);
    // Archiving again is a no-op.
    expect((await action(u.key, id, 'archive')).status).toBe(200);
    expect((await get(u.key, id)).json).toMatchObject({ name: 'q', is_archived: true, version: 2 });
    // Privacy may change while archived, as on the hosted service; setting it again is a no-op.
    expect((await action(u.key, id, 'private')).json).toEqual({ query_id: id });
    expect((await action(u.key, id, 'private')).status).toBe(200);
    expect((await get(u.key, id)).json).toMatchObject({
      is_private: true,
      is_archived: true,
      version: 3,
    });
    expect((await action(u.key, id, 'unprivate')).status).toBe(200);
    expect((await get(u.key, id)).json).toMatchObject({ is_private: false, version: 4 });
    // Reading still works; a PATCH that unarchives may change other fields too.
    const un = await patch(u.key, id, { is_archived: false, name: 'back' });
    expect(un.status).toBe(200);
    expect((await get(u.key, id)).json).toMatchObject({
      name: 'back',
      is_archived: false,
      version: 5,
    });
  });
});

describe('contexts', () => {
  let owner: TestUser;
  let team: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    owner = await t.createUser('q_owner');
    team = await t.createTeam('q_team', owner);
    stranger = await t.createUser('q_stranger');
  });

  it('gives a query created with a team key to the team, managed only from the team', async () => {
    const pub = await create(team.key, { name: 'team public' });
    const priv = await create(team.key, { name: 'team private', is_private: true });
    expect((await get(team.readKey, pub)).json.owner).toBe('q_team');
    expect((await get(team.key, priv)).json.owner).toBe('q_team');

    // The owner's personal key is another context: it can read the public one but not change it.
    expect((await get(owner.key, pub)).status).toBe(200);
    const p = await patch(owner.key, pub, { name: 'hijack' });
    expect(p.status).toBe(403);
    expect(p.json).toEqual({ error: 'Query is managed in the context of its owner' });
    expect((await action(owner.key, pub, 'archive')).status).toBe(403);
    expect((await get(owner.key, priv)).status).toBe(404);
    expect((await patch(owner.key, priv, { name: 'hijack' })).status).toBe(404);
    expect((await action(owner.key, priv, 'unprivate')).status).toBe(404);

    // From the team context it works.
    expect((await patch(team.key, pub, { name: 'renamed' })).status).toBe(200);
    expect((await get(owner.key, pub)).json.name).toBe('renamed');
  });

  it('hides another context’s private query everywhere (404)', async () => {
    const id = await create(owner.key, { name: 'secret', is_private: true });
    for (const url of [
      `/api/v1/query/${id}`,
      `/api/v1/query/${id}/versions`,
      `/api/v1/query/${id}/versions/1`,
    ]) {
      const r = await t.call('GET', url, { key: stranger.key });
      expect(r.status, url).toBe(404);
      expect(r.json).toEqual({ error: 'Query not found or private' });
    }
    expect((await patch(stranger.key, id, { name: 'x' })).status).toBe(404);
    expect((await action(stranger.key, id, 'archive')).status).toBe(404);
    const scoped = await t.call('GET', '/api/v1/queries?scope=public&q=secret', {
      key: stranger.key,
    });
    expect(scoped.json.total).toBe(0);
    // Made public, the stranger can read it and its versions.
    await action(owner.key, id, 'unprivate');
    expect((await get(stranger.key, id)).status).toBe(200);
    expect(
      (await t.call('GET', `/api/v1/query/${id}/versions`, { key: stranger.key })).json.total,
    ).toBe(2);
  });

  it('keeps temporary queries out of the list and away from other contexts', async () => {
    const u = await t.createUser('q_temp');
    const saved = await create(u.key, { name: 'saved' });
    const temp = await create(u.key, { name: 'temp', is_temp: true });
    const g = await get(u.key, temp);
    expect(g.json).toMatchObject({ is_temp: true, is_unsaved: true, is_private: false });
    const list = await t.call('GET', '/api/v1/queries', { key: u.key });
    expect(list.json.total).toBe(1);
    expect(list.json.queries.map((q: { id: number }) => q.id)).toEqual([saved]);
    expect((await get(stranger.key, temp)).status).toBe(404);
    const pub = await t.call('GET', '/api/v1/queries?scope=public&q=temp', { key: u.key });
    expect(pub.json.queries.map((q: { id: number }) => q.id)).not.toContain(temp);
  });

  it('counts contributors from version authors when asked', async () => {
    const member = await t.createUser('q_member');
    await t.deps.accounts.setMember(team.account.id, member.account.id, 'member');
    const memberTeamKey = (
      await t.deps.keys.create(team.account.id, 'read_write', member.account.id)
    ).key;
    const id = await create(team.key, { name: 'shared' });
    await patch(memberTeamKey, id, { name: 'shared 2' });
    await patch(memberTeamKey, id, { description: 'more' });
    const r = await get(team.readKey, id, '?include_contributors=true');
    expect(r.status).toBe(200);
    expect(r.json.contributors).toEqual([
      { handle: 'q_member', contribution_count: 2 },
      { handle: 'q_owner', contribution_count: 1 },
    ]);
    expect((await get(team.readKey, id, '?include_contributors=false')).json.contributors).toBe(
      undefined,
    );
    expect((await get(team.readKey, id, '?include_contributors=maybe')).status).toBe(400);
  });
});

describe('GET /queries', () => {
  let u: TestUser;
  const ids: number[] = [];
  beforeAll(async () => {
    u = await t.createUser('q_lister');
    const specs = [
      { name: 'Alpha volume', tags: ['dex', 'eth'], description: 'daily' },
      { name: 'Beta gas', tags: ['gas', 'eth'] },
      { name: 'Gamma', tags: ['dex'], description: 'Uniswap VOLUME by pool' },
      { name: 'Delta private', tags: ['eth'], is_private: true },
      { name: 'Epsilon', tags: [] },
    ];
    for (const s of specs) ids.push(await create(u.key, s));
  });

  it('lists the context’s queries newest updated first, with paging and total', async () => {
    const all = await t.call('GET', '/api/v1/queries', { key: u.readKey });
    expect(all.status).toBe(200);
    expect(all.json.total).toBe(5);
    expect(all.json.queries.map((q: { id: number }) => q.id)).toEqual([...ids].reverse());
    expect(all.json.queries[0]).toEqual({
      id: ids[4],
      name: 'Epsilon',
      description: '',
      owner: 'q_lister',
      tags: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
      is_private: false,
      is_archived: false,
      version: 1,
    });
    const page = await t.call('GET', '/api/v1/queries?limit=2&offset=1', { key: u.key });
    expect(page.json.total).toBe(5);
    expect(page.json.queries.map((q: { id: number }) => q.id)).toEqual([ids[3], ids[2]]);
    const past = await t.call('GET', '/api/v1/queries?offset=10', { key: u.key });
    expect(past.json).toEqual({ queries: [], total: 5 });
    expect((await t.call('GET', '/api/v1/queries?limit=5000', { key: u.key })).status).toBe(200);

    await patch(u.key, ids[0]!, { description: 'daily, updated' });
    const after = await t.call('GET', '/api/v1/queries?limit=1', { key: u.key });
    expect(after.json.queries[0]).toMatchObject({ id: ids[0], version: 2 });
  });

  it('rejects bad paging with 400', async () => {
    for (const qs of ['offset=-1', 'limit=-5', 'limit=abc', 'offset=1.5', 'scope=everyone']) {
      const r = await t.call('GET', `/api/v1/queries?${qs}`, { key: u.key });
      expect(r.status, qs).toBe(400);
    }
  });

  it('filters by text, tags and archived state', async () => {
    const names = async (qs: string) =>
      (await t.call('GET', `/api/v1/queries?${qs}`, { key: u.key })).json.queries
        .map((q: { name: string }) => q.name)
        .sort();
    expect(await names('q=volume')).toEqual(['Alpha volume', 'Gamma']);
    expect(await names('q=ALPHA')).toEqual(['Alpha volume']);
    expect(await names('q=%25')).toEqual([]);
    expect(await names('tags=eth')).toEqual(['Alpha volume', 'Beta gas', 'Delta private']);
    expect(await names('tags=eth,DEX')).toEqual(['Alpha volume']);
    expect(await names('tags=dex&q=uniswap')).toEqual(['Gamma']);
    expect(await names('tags=nope')).toEqual([]);

    await action(u.key, ids[1]!, 'archive');
    expect(await names('tags=gas')).toEqual(['Beta gas']);
    expect(await names('tags=gas&include_archived=false')).toEqual([]);
    const total = async (qs: string) =>
      (await t.call('GET', `/api/v1/queries?${qs}`, { key: u.key })).json.total;
    expect(await total('include_archived=false')).toBe(4);
    expect(await total('')).toBe(5);
  });

  it('filters by tags when another query of the context has a tag with a NUL in it', async () => {
    const v = await t.createUser('q_nul_tags');
    await create(v.key, { name: 'With NUL', tags: ['a\u0000b'] });
    await create(v.key, { name: 'Plain', tags: ['plain'] });
    const r = await t.call('GET', '/api/v1/queries?tags=plain', { key: v.key });
    expect(r.status, r.text).toBe(200);
    expect(r.json.queries.map((q: { name: string }) => q.name)).toEqual(['Plain']);
  });

  it('lists public, non-archived queries of every context with scope=public', async () => {
    const other = await t.createUser('q_lister_other');
    const otherPub = await create(other.key, { name: 'Zeta shared', tags: ['scopetest'] });
    await create(other.key, { name: 'Zeta hidden', tags: ['scopetest'], is_private: true });
    const archived = await create(other.key, { name: 'Zeta old', tags: ['scopetest'] });
    await action(other.key, archived, 'archive');
    await create(other.key, { name: 'Zeta temp', tags: ['scopetest'], is_temp: true });
    const mine = await create(u.key, { name: 'Zeta mine', tags: ['scopetest'] });

    const r = await t.call('GET', '/api/v1/queries?scope=public&tags=scopetest', { key: u.key });
    expect(r.status).toBe(200);
    expect(r.json.total).toBe(2);
    expect(r.json.queries.map((q: { id: number }) => q.id).sort()).toEqual([otherPub, mine].sort());
    expect(r.json.queries.find((q: { id: number }) => q.id === otherPub).owner).toBe(
      'q_lister_other',
    );
    const own = await t.call('GET', '/api/v1/queries?tags=scopetest', { key: u.key });
    expect(own.json.total).toBe(1);
  });
});

describe('OpenAPI', () => {
  it('documents the query routes under the queries tag', async () => {
    const doc = (await t.call('GET', '/api/v1/openapi.json')).json;
    for (const path of [
      '/api/v1/query',
      '/api/v1/query/{query_id}',
      '/api/v1/query/{query_id}/archive',
      '/api/v1/queries',
      '/api/v1/query/{query_id}/versions/{version}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/v1/query/{query_id}'].get.tags).toEqual(['queries']);
    expect(doc.components.schemas.GetQueryResponse).toBeDefined();
    expect(doc.components.schemas.Parameter).toBeDefined();
  });
});
