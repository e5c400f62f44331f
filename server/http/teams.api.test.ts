import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

/** Signs up `handle` and returns headers carrying its session cookie. */
async function session(handle: string): Promise<Record<string, string>> {
  const r = await t.call('POST', '/api/v1/auth/signup', {
    body: { handle, password: 'a good password' },
  });
  expect(r.status).toBe(200);
  const match = /strata_session=([^;]*)/.exec(r.headers.get('set-cookie') ?? '');
  return { cookie: `strata_session=${match![1]}` };
}

async function createTeam(headers: Record<string, string>, handle: string) {
  const r = await t.call('POST', '/api/v1/teams', { headers, body: { handle } });
  expect(r.status).toBe(200);
  return r;
}

const members = (team: string, headers: Record<string, string>) =>
  t.call('GET', `/api/v1/teams/${team}/members`, { headers });

describe('POST /api/v1/teams', () => {
  it('creates a team whose creator is its admin, visible in /auth/me', async () => {
    const headers = await session('tc_owner');
    const r = await t.call('POST', '/api/v1/teams', {
      headers,
      body: { handle: 'tc_team', display_name: 'The Team' },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      handle: 'tc_team',
      type: 'team',
      display_name: 'The Team',
      role: 'admin',
    });
    const me = await t.call('GET', '/api/v1/auth/me', { headers });
    expect(me.json.contexts).toContainEqual({
      handle: 'tc_team',
      type: 'team',
      role: 'admin',
      display_name: 'The Team',
    });
    const inTeam = await t.call('GET', '/api/whoami', {
      headers: { ...headers, 'x-strata-context': 'tc_team' },
    });
    expect(inTeam.json.handle).toBe('tc_team');
    expect(inTeam.json.context_type).toBe('team');
  });

  it('accepts a read_write key with a creator, refuses a read key (403) and no key (401)', async () => {
    const u = await t.createUser('tc_keyuser');
    const ok = await t.call('POST', '/api/v1/teams', {
      key: u.key,
      body: { handle: 'tc_keyteam' },
    });
    expect(ok.status).toBe(200);
    const read = await t.call('POST', '/api/v1/teams', {
      key: u.readKey,
      body: { handle: 'tc_readteam' },
    });
    expect(read.status).toBe(403);
    expect(await t.deps.accounts.byHandle('tc_readteam')).toBeUndefined();
    const orphan = (await t.deps.keys.create(u.account.id, 'read_write', null)).key;
    expect(
      (await t.call('POST', '/api/v1/teams', { key: orphan, body: { handle: 'tc_orphan' } }))
        .status,
    ).toBe(403);
    const anon = await t.call('POST', '/api/v1/teams', { body: { handle: 'tc_anon' } });
    expect(anon.status).toBe(401);
  });

  it('answers 409 for a taken handle (team or user, any case)', async () => {
    const headers = await session('tc_dup');
    await createTeam(headers, 'tc_dupteam');
    for (const handle of ['tc_dupteam', 'TC_DUPTEAM', 'tc_dup']) {
      const r = await t.call('POST', '/api/v1/teams', { headers, body: { handle } });
      expect(r.status).toBe(409);
    }
  });

  it('answers 400 for bad input', async () => {
    const headers = await session('tc_bad');
    for (const body of [
      {},
      { handle: 5 },
      { handle: 'x' },
      { handle: 'bad handle' },
      { handle: 'settings' },
      { handle: 'h'.repeat(50_000) },
      { handle: 'tc_okteam', display_name: 'd'.repeat(101) },
      { handle: 'tc_okteam', display_name: false },
    ]) {
      const r = await t.call('POST', '/api/v1/teams', { headers, body });
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect(await t.deps.accounts.byHandle('tc_okteam')).toBeUndefined();
  });
});

describe('GET /api/v1/teams/{handle}/members', () => {
  it('lists members with roles and join times for a member', async () => {
    const admin = await session('tm_admin');
    const member = await session('tm_member');
    await createTeam(admin, 'tm_team');
    await t.call('POST', '/api/v1/teams/tm_team/members', {
      headers: admin,
      body: { handle: 'tm_member' },
    });
    const r = await members('tm_team', member);
    expect(r.status).toBe(200);
    expect(r.json.members).toHaveLength(2);
    expect(r.json.members[0]).toMatchObject({
      handle: 'tm_admin',
      role: 'admin',
      display_name: '',
    });
    expect(r.json.members[1]).toMatchObject({ handle: 'tm_member', role: 'member' });
    expect(Date.parse(r.json.members[1].joined_at)).not.toBeNaN();
    const byCase = await members('TM_TEAM', member);
    expect(byCase.status).toBe(200);
  });

  it('answers 404 to a non-member, for an unknown team and for a user handle', async () => {
    const admin = await session('tm_admin2');
    const outsider = await session('tm_outsider');
    await createTeam(admin, 'tm_secret');
    const hidden = await members('tm_secret', outsider);
    expect(hidden.status).toBe(404);
    const unknown = await members('tm_nope', outsider);
    expect(unknown.status).toBe(404);
    expect(hidden.json.error).toBe(unknown.json.error.replace('tm_nope', 'tm_secret'));
    expect((await members('tm_admin2', admin)).status).toBe(404);
    expect((await members('x'.repeat(5000), admin)).status).toBe(400);
  });

  it('answers 401 without a principal and accepts a read key', async () => {
    expect((await t.call('GET', '/api/v1/teams/tm_team/members')).status).toBe(401);
    const u = await t.createUser('tm_readkey');
    await t.createTeam('tm_readteam', u);
    const r = await t.call('GET', '/api/v1/teams/tm_readteam/members', { key: u.readKey });
    expect(r.status).toBe(200);
    expect(r.json.members.map((m: { handle: string }) => m.handle)).toEqual(['tm_readkey']);
  });
});

describe('POST /api/v1/teams/{handle}/members', () => {
  it('lets an admin add a member (default role member) or an admin', async () => {
    const admin = await session('ta_admin');
    await session('ta_one');
    await session('ta_two');
    await createTeam(admin, 'ta_team');
    const one = await t.call('POST', '/api/v1/teams/ta_team/members', {
      headers: admin,
      body: { handle: 'TA_ONE' },
    });
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ handle: 'ta_one', display_name: '', role: 'member' });
    expect(Date.parse(one.json.joined_at)).not.toBeNaN();
    const two = await t.call('POST', '/api/v1/teams/ta_team/members', {
      headers: admin,
      body: { handle: 'ta_two', role: 'admin' },
    });
    expect(two.json.role).toBe('admin');
    const list = await members('ta_team', admin);
    expect(list.json.members.map((m: { role: string }) => m.role)).toEqual([
      'admin',
      'member',
      'admin',
    ]);
  });

  it('answers 403 to a plain member and 404 to a non-member', async () => {
    const admin = await session('ta_admin2');
    const member = await session('ta_plain');
    const outsider = await session('ta_out');
    await session('ta_target');
    await createTeam(admin, 'ta_team2');
    await t.call('POST', '/api/v1/teams/ta_team2/members', {
      headers: admin,
      body: { handle: 'ta_plain' },
    });
    const byMember = await t.call('POST', '/api/v1/teams/ta_team2/members', {
      headers: member,
      body: { handle: 'ta_target' },
    });
    expect(byMember.status).toBe(403);
    const byOutsider = await t.call('POST', '/api/v1/teams/ta_team2/members', {
      headers: outsider,
      body: { handle: 'ta_target' },
    });
    expect(byOutsider.status).toBe(404);
    const target = (await t.deps.accounts.byHandle('ta_target'))!;
    expect(
      await t.deps.accounts.roleIn((await t.deps.accounts.byHandle('ta_team2'))!.id, target.id),
    ).toBe(undefined);
    expect((await members('ta_team2', admin)).json.members).toHaveLength(2);
  });

  it('answers 404 for an unknown user or team, 400 for a team handle, 409 for a member', async () => {
    const admin = await session('ta_admin3');
    await createTeam(admin, 'ta_team3');
    await createTeam(admin, 'ta_other');
    const add = (team: string, body: unknown) =>
      t.call('POST', `/api/v1/teams/${team}/members`, { headers: admin, body });
    expect((await add('ta_team3', { handle: 'ta_ghost' })).status).toBe(404);
    expect((await add('ta_ghostteam', { handle: 'ta_admin3' })).status).toBe(404);
    expect((await add('ta_team3', { handle: 'ta_other' })).status).toBe(400);
    const dup = await add('ta_team3', { handle: 'ta_admin3' });
    expect(dup.status).toBe(409);
    expect(dup.json.error).toMatch(/already a member/);
  });

  it('answers 400 for bad input and 403 for a read key', async () => {
    const u = await t.createUser('ta_keyadmin');
    await t.createTeam('ta_keyteam', u);
    await t.createUser('ta_keytarget');
    for (const body of [
      {},
      { handle: 3 },
      { handle: 'ta_keytarget', role: 'owner' },
      { handle: 'ta_keytarget', role: 1 },
      { handle: 'h'.repeat(10_000) },
    ]) {
      const r = await t.call('POST', '/api/v1/teams/ta_keyteam/members', { key: u.key, body });
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    const read = await t.call('POST', '/api/v1/teams/ta_keyteam/members', {
      key: u.readKey,
      body: { handle: 'ta_keytarget' },
    });
    expect(read.status).toBe(403);
    const ok = await t.call('POST', '/api/v1/teams/ta_keyteam/members', {
      key: u.key,
      body: { handle: 'ta_keytarget' },
    });
    expect(ok.status).toBe(200);
  });
});

describe('DELETE /api/v1/teams/{handle}/members/{user}', () => {
  async function team(handle: string, admin: Record<string, string>, users: string[]) {
    await createTeam(admin, handle);
    for (const u of users) {
      const r = await t.call('POST', `/api/v1/teams/${handle}/members`, {
        headers: admin,
        body: { handle: u },
      });
      expect(r.status).toBe(200);
    }
  }
  const remove = (team: string, user: string, headers: Record<string, string>) =>
    t.call('DELETE', `/api/v1/teams/${team}/members/${user}`, { headers });

  it('lets an admin remove a member, who then loses access', async () => {
    const admin = await session('td_admin');
    const member = await session('td_member');
    await team('td_team', admin, ['td_member']);
    const r = await remove('td_team', 'td_member', admin);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ok: true });
    expect((await members('td_team', member)).status).toBe(404);
    const ctx = await t.call('GET', '/api/v1/auth/me', {
      headers: { ...member, 'x-strata-context': 'td_team' },
    });
    expect(ctx.status).toBe(403);
    expect((await remove('td_team', 'td_member', admin)).status).toBe(404);
  });

  it('lets a member leave but not remove others (403)', async () => {
    const admin = await session('td_admin2');
    const a = await session('td_a');
    await session('td_b');
    await team('td_team2', admin, ['td_a', 'td_b']);
    expect((await remove('td_team2', 'td_b', a)).status).toBe(403);
    expect((await remove('td_team2', 'td_admin2', a)).status).toBe(403);
    expect((await remove('td_team2', 'td_a', a)).status).toBe(200);
    const left = await members('td_team2', admin);
    expect(left.json.members.map((m: { handle: string }) => m.handle)).toEqual([
      'td_admin2',
      'td_b',
    ]);
  });

  it('answers 409 for the last admin, and lets an admin leave when another remains', async () => {
    const admin = await session('td_admin3');
    const second = await session('td_second');
    await team('td_team3', admin, []);
    const last = await remove('td_team3', 'td_admin3', admin);
    expect(last.status).toBe(409);
    expect(last.json).toEqual({ error: 'a team needs at least one admin' });
    await t.call('POST', '/api/v1/teams/td_team3/members', {
      headers: admin,
      body: { handle: 'td_second', role: 'admin' },
    });
    expect((await remove('td_team3', 'td_admin3', admin)).status).toBe(200);
    expect((await remove('td_team3', 'td_second', second)).status).toBe(409);
    expect((await members('td_team3', second)).json.members).toHaveLength(1);
  });

  it('answers 404 for a non-member target, unknown user, unknown team or outsider', async () => {
    const admin = await session('td_admin4');
    const outsider = await session('td_outsider');
    await team('td_team4', admin, []);
    expect((await remove('td_team4', 'td_outsider', admin)).status).toBe(404);
    expect((await remove('td_team4', 'td_nobody', admin)).status).toBe(404);
    expect((await remove('td_noteam', 'td_admin4', admin)).status).toBe(404);
    expect((await remove('td_team4', 'td_admin4', outsider)).status).toBe(404);
    expect((await remove('td_team4', 'td_outsider', outsider)).status).toBe(404);
  });

  it('answers 401 without a principal and 403 for a read key', async () => {
    const u = await t.createUser('td_keyadmin');
    const other = await t.createUser('td_keymember');
    const teamAccount = (await t.createTeam('td_keyteam', u)).account;
    await t.deps.accounts.addMember(teamAccount.id, other.account.id, 'member');
    expect((await t.call('DELETE', '/api/v1/teams/td_keyteam/members/td_keymember')).status).toBe(
      401,
    );
    const read = await t.call('DELETE', '/api/v1/teams/td_keyteam/members/td_keymember', {
      key: u.readKey,
    });
    expect(read.status).toBe(403);
    expect(await t.deps.accounts.roleIn(teamAccount.id, other.account.id)).toBe('member');
  });
});

describe('OpenAPI document', () => {
  it('documents the team routes under the teams tag', async () => {
    const r = await t.call('GET', '/api/v1/openapi.json');
    expect(r.json.paths['/api/v1/teams'].post.tags).toEqual(['teams']);
    expect(r.json.paths['/api/v1/teams/{handle}/members'].get.tags).toEqual(['teams']);
    expect(r.json.paths['/api/v1/teams/{handle}/members/{user}'].delete.tags).toEqual(['teams']);
  });
});
