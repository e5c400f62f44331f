import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

/** Signs up `handle` and returns headers carrying its session cookie. */
async function session(handle: string): Promise<Headers> {
  const r = await t.call('POST', '/api/v1/auth/signup', {
    body: { handle, password: 'a good password' },
  });
  expect(r.status).toBe(200);
  const match = /strata_session=([^;]*)/.exec(r.headers.get('set-cookie') ?? '');
  return { cookie: `strata_session=${match![1]}` };
}

const inContext = (headers: Headers, context: string): Headers => ({
  ...headers,
  'x-strata-context': context,
});

async function newKey(headers: Headers, body: Record<string, unknown>) {
  const r = await t.call('POST', '/api/v1/keys', { headers, body });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json as { key: string; id: string; prefix: string; context: string };
}

async function teamWith(handle: string, admin: Headers, members: string[] = []) {
  expect((await t.call('POST', '/api/v1/teams', { headers: admin, body: { handle } })).status).toBe(
    200,
  );
  for (const m of members) {
    const r = await t.call('POST', `/api/v1/teams/${handle}/members`, {
      headers: admin,
      body: { handle: m },
    });
    expect(r.status).toBe(200);
  }
}

describe('POST /api/v1/keys', () => {
  it('creates a key shown once that authenticates until revoked', async () => {
    const me = await session('k_user');
    const r = await t.call('POST', '/api/v1/keys', {
      headers: me,
      body: { name: 'laptop', scope: 'read_write' },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ name: 'laptop', scope: 'read_write', context: 'k_user' });
    expect(r.json.key.startsWith(r.json.prefix)).toBe(true);
    expect(r.json.prefix.length).toBeLessThan(r.json.key.length);
    expect(Date.parse(r.json.created_at)).not.toBeNaN();

    const who = await t.call('GET', '/api/whoami', { key: r.json.key });
    expect(who.status).toBe(200);
    expect(who.json).toMatchObject({
      handle: 'k_user',
      scope: 'read_write',
      api_key_id: r.json.id,
    });

    const list = await t.call('GET', '/api/v1/keys', { headers: me });
    expect(list.status).toBe(200);
    expect(list.json.keys).toHaveLength(1);
    expect(list.json.keys[0]).toMatchObject({
      id: r.json.id,
      name: 'laptop',
      prefix: r.json.prefix,
      scope: 'read_write',
      context: 'k_user',
      created_by: 'k_user',
    });
    expect(list.json.keys[0].last_used_at).not.toBeNull();
    expect(list.text).not.toContain(r.json.key);

    const del = await t.call('DELETE', `/api/v1/keys/${r.json.id}`, { headers: me });
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ ok: true });
    expect((await t.call('GET', '/api/whoami', { key: r.json.key })).status).toBe(401);
    expect((await t.call('GET', '/api/v1/keys', { headers: me })).json.keys).toEqual([]);
    expect((await t.call('DELETE', `/api/v1/keys/${r.json.id}`, { headers: me })).status).toBe(404);
  });

  it('creates a read key whose write calls answer 403', async () => {
    const me = await session('k_reader');
    const { key } = await newKey(me, { scope: 'read' });
    const who = await t.call('GET', '/api/whoami', { key });
    expect(who.json.scope).toBe('read');
    const write = await t.call('POST', '/api/v1/teams', { key, body: { handle: 'k_readteam' } });
    expect(write.status).toBe(403);
    expect(await t.deps.accounts.byHandle('k_readteam')).toBeUndefined();
  });

  it('creates team keys for a team the user administers (by body or active context)', async () => {
    const admin = await session('k_tadmin');
    await teamWith('k_team', admin);
    const byBody = await newKey(admin, { scope: 'read', context: 'K_TEAM' });
    expect(byBody.context).toBe('k_team');
    const byHeader = await newKey(inContext(admin, 'k_team'), { scope: 'read_write' });
    expect(byHeader.context).toBe('k_team');
    const who = await t.call('GET', '/api/whoami', { key: byHeader.key });
    expect(who.json).toMatchObject({ handle: 'k_team', context_type: 'team' });
    const personalFromTeam = await newKey(inContext(admin, 'k_team'), {
      scope: 'read',
      context: 'k_tadmin',
    });
    expect(personalFromTeam.context).toBe('k_tadmin');

    const teamList = await t.call('GET', '/api/v1/keys', { headers: inContext(admin, 'k_team') });
    expect(teamList.json.keys.map((k: { id: string }) => k.id).sort()).toEqual(
      [byBody.id, byHeader.id].sort(),
    );
    const personal = await t.call('GET', '/api/v1/keys', { headers: admin });
    expect(personal.json.keys.map((k: { id: string }) => k.id)).toEqual([personalFromTeam.id]);
  });

  it('answers 403 for a team where the user is a plain member, 404 for other contexts', async () => {
    const admin = await session('k_tadmin2');
    const member = await session('k_tmember');
    await session('k_stranger');
    await teamWith('k_team2', admin, ['k_tmember']);
    await teamWith('k_team_private', admin);
    const create = (headers: Headers, body: unknown) =>
      t.call('POST', '/api/v1/keys', { headers, body });
    expect((await create(member, { scope: 'read', context: 'k_team2' })).status).toBe(403);
    expect((await create(inContext(member, 'k_team2'), { scope: 'read' })).status).toBe(403);
    expect((await create(member, { scope: 'read', context: 'k_team_private' })).status).toBe(404);
    expect((await create(member, { scope: 'read', context: 'k_stranger' })).status).toBe(404);
    expect((await create(member, { scope: 'read', context: 'k_nothing' })).status).toBe(404);
    expect(
      await t.deps.keys.listForContext((await t.deps.accounts.byHandle('k_team2'))!.id),
    ).toHaveLength(0);
  });

  it('answers 403 when x-strata-context names a team the user is not in', async () => {
    const admin = await session('k_tadmin3');
    const outsider = await session('k_outsider');
    await teamWith('k_team3', admin);
    const r = await t.call('POST', '/api/v1/keys', {
      headers: inContext(outsider, 'k_team3'),
      body: { scope: 'read' },
    });
    expect(r.status).toBe(403);
    const list = await t.call('GET', '/api/v1/keys', { headers: inContext(outsider, 'k_team3') });
    expect(list.status).toBe(403);
  });

  it('answers 400 for bad input', async () => {
    const me = await session('k_badinput');
    for (const body of [
      {},
      { scope: 'admin' },
      { scope: 1 },
      { scope: 'read', name: 'n'.repeat(101) },
      { scope: 'read', name: 5 },
      { scope: 'read', context: 7 },
      { scope: 'read', context: 'c'.repeat(10_000) },
      'not json',
    ]) {
      const r = await t.call('POST', '/api/v1/keys', { headers: me, body });
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await t.call('POST', '/api/v1/keys', { headers: me })).status).toBe(400);
    expect((await t.call('GET', '/api/v1/keys', { headers: me })).json.keys).toEqual([]);
  });
});

describe('key management needs a session', () => {
  it('answers 403 with an API key and 401 with nothing', async () => {
    const u = await t.createUser('k_keyonly');
    const message = { error: 'API keys are managed from a signed-in session' };
    const list = await t.call('GET', '/api/v1/keys', { key: u.key });
    expect(list.status).toBe(403);
    expect(list.json).toEqual(message);
    const create = await t.call('POST', '/api/v1/keys', {
      key: u.key,
      body: { scope: 'read_write' },
    });
    expect(create.json).toEqual(message);
    const keyId = (await t.deps.keys.listForContext(u.account.id))[0]!.id;
    const del = await t.call('DELETE', `/api/v1/keys/${keyId}`, { key: u.key });
    expect(del.status).toBe(403);
    expect(await t.deps.keys.byId(keyId)).toBeDefined();
    expect((await t.call('GET', '/api/v1/keys')).status).toBe(401);
    expect((await t.call('POST', '/api/v1/keys', { body: { scope: 'read' } })).status).toBe(401);
    expect((await t.call('DELETE', `/api/v1/keys/${keyId}`)).status).toBe(401);
  });
});

describe('DELETE /api/v1/keys/{id}', () => {
  it("answers 404 for an unknown id or another context's key, and leaves it working", async () => {
    const a = await session('k_del_a');
    const b = await session('k_del_b');
    const keyA = await newKey(a, { scope: 'read' });
    expect((await t.call('DELETE', `/api/v1/keys/${keyA.id}`, { headers: b })).status).toBe(404);
    await teamWith('k_del_team', a);
    const fromTeam = await t.call('DELETE', `/api/v1/keys/${keyA.id}`, {
      headers: inContext(a, 'k_del_team'),
    });
    expect(fromTeam.status).toBe(404);
    expect((await t.call('GET', '/api/whoami', { key: keyA.key })).status).toBe(200);
    expect((await t.call('DELETE', '/api/v1/keys/01NOTAKEY', { headers: a })).status).toBe(404);
    expect(
      (await t.call('DELETE', `/api/v1/keys/${'x'.repeat(5000)}`, { headers: a })).status,
    ).toBe(400);
  });

  it('lets team admins revoke team keys; plain members may list but not revoke', async () => {
    const admin = await session('k_rev_admin');
    const member = await session('k_rev_member');
    await teamWith('k_rev_team', admin, ['k_rev_member']);
    const teamKey = await newKey(inContext(admin, 'k_rev_team'), { scope: 'read', name: 'ci' });
    const list = await t.call('GET', '/api/v1/keys', { headers: inContext(member, 'k_rev_team') });
    expect(list.status).toBe(200);
    expect(list.json.keys).toEqual([
      expect.objectContaining({ id: teamKey.id, context: 'k_rev_team', created_by: 'k_rev_admin' }),
    ]);
    const byMember = await t.call('DELETE', `/api/v1/keys/${teamKey.id}`, {
      headers: inContext(member, 'k_rev_team'),
    });
    expect(byMember.status).toBe(403);
    expect((await t.call('GET', '/api/whoami', { key: teamKey.key })).status).toBe(200);
    const byAdmin = await t.call('DELETE', `/api/v1/keys/${teamKey.id}`, {
      headers: inContext(admin, 'k_rev_team'),
    });
    expect(byAdmin.status).toBe(200);
    expect((await t.call('GET', '/api/whoami', { key: teamKey.key })).status).toBe(401);
  });
});

describe('OpenAPI document', () => {
  it('documents the key routes under the keys tag', async () => {
    const r = await t.call('GET', '/api/v1/openapi.json');
    expect(r.json.paths['/api/v1/keys'].get.tags).toEqual(['keys']);
    expect(r.json.paths['/api/v1/keys'].post.tags).toEqual(['keys']);
    expect(r.json.paths['/api/v1/keys/{id}'].delete.tags).toEqual(['keys']);
  });
});
