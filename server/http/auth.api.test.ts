import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../auth/passwords.js';
import { createTestServer, type TestServer } from '../test/harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

const PASSWORD = 'correct horse';

/** The strata_session value from a response's set-cookie header. */
function sessionCookie(headers: Headers): string {
  const match = /strata_session=([^;]*)/.exec(headers.get('set-cookie') ?? '');
  if (!match?.[1]) throw new Error('no session cookie set');
  return `strata_session=${match[1]}`;
}

async function signup(handle: string, extra: Record<string, unknown> = {}) {
  const r = await t.call('POST', '/api/v1/auth/signup', {
    body: { handle, password: PASSWORD, ...extra },
  });
  expect(r.status).toBe(200);
  return { ...r, cookie: sessionCookie(r.headers) };
}

describe('POST /api/v1/auth/signup', () => {
  it('creates the user, answers the me body and sets a strict httpOnly session cookie', async () => {
    const r = await signup('signup_ok', { display_name: 'Sign Up' });
    const id = (await t.deps.accounts.byHandle('signup_ok'))!.id;
    expect(r.json).toEqual({
      user: { id, handle: 'signup_ok', display_name: 'Sign Up' },
      active_context: { handle: 'signup_ok', type: 'user' },
      contexts: [{ handle: 'signup_ok', type: 'user', role: 'owner', display_name: 'Sign Up' }],
    });
    const cookie = r.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/);
    const me = await t.call('GET', '/api/v1/auth/me', { headers: { cookie: r.cookie } });
    expect(me.status).toBe(200);
    expect(me.json).toEqual(r.json);
  });

  it('stores only a scrypt hash of the password', async () => {
    await signup('signup_hash');
    const hash = await t.deps.accounts.passwordHash(
      (await t.deps.accounts.byHandle('signup_hash'))!.id,
    );
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain(PASSWORD);
  });

  it('marks the cookie Secure when the request is https', async () => {
    const r = await t.call('POST', 'https://strata.example/api/v1/auth/signup', {
      body: { handle: 'signup_https', password: PASSWORD },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('set-cookie')).toMatch(/Secure/);
  });

  it('answers 409 for a taken handle, in any case, also one taken by a team', async () => {
    await signup('signup_taken');
    for (const handle of ['signup_taken', 'SIGNUP_TAKEN']) {
      const r = await t.call('POST', '/api/v1/auth/signup', {
        body: { handle, password: PASSWORD },
      });
      expect(r.status).toBe(409);
      expect(r.json.error).toMatch(/taken/);
    }
    const owner = await t.createUser('signup_team_owner');
    await t.createTeam('signup_team', owner);
    const r = await t.call('POST', '/api/v1/auth/signup', {
      body: { handle: 'signup_team', password: PASSWORD },
    });
    expect(r.status).toBe(409);
  });

  it('answers 400 for an invalid handle, password or body', async () => {
    const bad: unknown[] = [
      { handle: 'x', password: PASSWORD },
      { handle: 'has space', password: PASSWORD },
      { handle: '-dash', password: PASSWORD },
      { handle: 'admin', password: PASSWORD },
      { handle: 'a'.repeat(40), password: PASSWORD },
      { handle: 'h'.repeat(100_000), password: PASSWORD },
      { handle: 'okhandle', password: 'short77' },
      { handle: 'okhandle', password: 'p'.repeat(201) },
      { handle: 'okhandle', password: PASSWORD, display_name: 'd'.repeat(101) },
      { handle: 'okhandle', password: PASSWORD, display_name: 7 },
      { handle: 42, password: PASSWORD },
      { handle: 'okhandle', password: 12345678 },
      { handle: 'okhandle' },
      { password: PASSWORD },
      {},
      [],
    ];
    for (const body of bad) {
      const r = await t.call('POST', '/api/v1/auth/signup', { body });
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof r.json.error).toBe('string');
      expect(r.headers.get('set-cookie')).toBeNull();
    }
    expect(await t.deps.accounts.byHandle('okhandle')).toBeUndefined();
    const noBody = await t.call('POST', '/api/v1/auth/signup');
    expect(noBody.status).toBe(400);
    const broken = await t.call('POST', '/api/v1/auth/signup', { body: '{"handle":' });
    expect(broken.status).toBe(400);
  });

  it('accepts a password of exactly 8 and 200 characters', async () => {
    for (const [handle, password] of [
      ['pw_min', 'kq7!mZ2p'],
      ['pw_max', `${PASSWORD} battery staple `.repeat(7).slice(0, 200)],
    ] as const) {
      const r = await t.call('POST', '/api/v1/auth/signup', { body: { handle, password } });
      expect(r.status).toBe(200);
    }
  });
});

describe('sign-up disabled', () => {
  it('answers 403 when SIGNUP_ENABLED is off, and sign-in still works', async () => {
    const off = await createTestServer({ signupEnabled: false });
    try {
      const r = await off.call('POST', '/api/v1/auth/signup', {
        body: { handle: 'nosignup', password: PASSWORD },
      });
      expect(r.status).toBe(403);
      expect(r.json).toEqual({ error: 'sign-up is disabled' });
      expect(await off.deps.accounts.byHandle('nosignup')).toBeUndefined();
      await off.deps.accounts.createUser('cli_made', await hashPassword(PASSWORD));
      const signin = await off.call('POST', '/api/v1/auth/signin', {
        body: { handle: 'cli_made', password: PASSWORD },
      });
      expect(signin.status).toBe(200);
      expect(signin.json.user.handle).toBe('cli_made');
    } finally {
      await off.close();
    }
  });
});

describe('POST /api/v1/auth/signin', () => {
  it('signs in with the right password and sets a new session cookie', async () => {
    const up = await signup('signin_ok');
    const r = await t.call('POST', '/api/v1/auth/signin', {
      body: { handle: 'signin_ok', password: PASSWORD },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual(up.json);
    const cookie = sessionCookie(r.headers);
    expect(cookie).not.toBe(up.cookie);
    expect(r.headers.get('set-cookie')).toMatch(/HttpOnly/);
    expect(r.headers.get('set-cookie')).toMatch(/SameSite=Strict/);
    const me = await t.call('GET', '/api/v1/auth/me', { headers: { cookie } });
    expect(me.json.user.handle).toBe('signin_ok');
  });

  it('accepts the handle in another case', async () => {
    await signup('signin_case');
    const r = await t.call('POST', '/api/v1/auth/signin', {
      body: { handle: 'SIGNIN_CASE', password: PASSWORD },
    });
    expect(r.status).toBe(200);
    expect(r.json.user.handle).toBe('signin_case');
  });

  it('answers 401 with one message for a wrong password, unknown user, passwordless user or team', async () => {
    await signup('signin_bad');
    const owner = await t.createUser('signin_nopw');
    await t.createTeam('signin_team', owner);
    const attempts = [
      { handle: 'signin_bad', password: 'wrong password' },
      { handle: 'signin_nobody', password: PASSWORD },
      { handle: 'signin_nopw', password: PASSWORD },
      { handle: 'signin_team', password: PASSWORD },
    ];
    for (const body of attempts) {
      const r = await t.call('POST', '/api/v1/auth/signin', { body });
      expect(r.status, body.handle).toBe(401);
      expect(r.json).toEqual({ error: 'invalid handle or password' });
      expect(r.headers.get('set-cookie')).toBeNull();
    }
  });

  it('answers 400 for a bad body', async () => {
    for (const body of [
      {},
      { handle: 'x' },
      { password: PASSWORD },
      { handle: 1, password: PASSWORD },
      { handle: 'signin_bad', password: '' },
      { handle: 'signin_bad', password: 'p'.repeat(100_000) },
    ]) {
      const r = await t.call('POST', '/api/v1/auth/signin', { body });
      expect(r.status).toBe(400);
    }
  });
});

describe('POST /api/v1/auth/signout', () => {
  it('destroys the session and clears the cookie', async () => {
    const { cookie } = await signup('signout_ok');
    const r = await t.call('POST', '/api/v1/auth/signout', { headers: { cookie } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ok: true });
    expect(r.headers.get('set-cookie')).toMatch(/strata_session=;.*Max-Age=0/);
    const me = await t.call('GET', '/api/v1/auth/me', { headers: { cookie } });
    expect(me.status).toBe(401);
  });

  it('answers 200 when not signed in', async () => {
    const r = await t.call('POST', '/api/v1/auth/signout');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ok: true });
  });
});

describe('GET /api/v1/auth/me', () => {
  it('answers 401 without a principal or with an unknown session', async () => {
    expect((await t.call('GET', '/api/v1/auth/me')).status).toBe(401);
    const r = await t.call('GET', '/api/v1/auth/me', {
      headers: { cookie: 'strata_session=not-a-session' },
    });
    expect(r.status).toBe(401);
    const huge = await t.call('GET', '/api/v1/auth/me', {
      headers: { cookie: `strata_session=${'x'.repeat(5000)}` },
    });
    expect(huge.status).toBe(401);
  });

  it('lists the personal context first, then teams by handle with roles', async () => {
    const { cookie } = await signup('me_teams');
    const me = (await t.deps.accounts.byHandle('me_teams'))!;
    const other = await t.createUser('me_other');
    await t.deps.accounts.createTeam('me_zeta', me.id, 'Zeta');
    await t.createTeam('me_alpha', other);
    await t.deps.accounts.addMember(
      (await t.deps.accounts.byHandle('me_alpha'))!.id,
      me.id,
      'member',
    );
    await t.createTeam('me_hidden', other);
    const r = await t.call('GET', '/api/v1/auth/me', { headers: { cookie } });
    expect(r.status).toBe(200);
    expect(r.json.contexts).toEqual([
      { handle: 'me_teams', type: 'user', role: 'owner', display_name: '' },
      { handle: 'me_alpha', type: 'team', role: 'member', display_name: '' },
      { handle: 'me_zeta', type: 'team', role: 'admin', display_name: 'Zeta' },
    ]);
    expect(r.json.active_context).toEqual({ handle: 'me_teams', type: 'user' });

    const inTeam = await t.call('GET', '/api/v1/auth/me', {
      headers: { cookie, 'x-strata-context': 'me_zeta' },
    });
    expect(inTeam.json.active_context).toEqual({ handle: 'me_zeta', type: 'team' });
    expect(inTeam.json.user.handle).toBe('me_teams');
  });

  it('answers 403 when x-strata-context names a team the user is not in', async () => {
    const { cookie } = await signup('me_outsider');
    const other = await t.createUser('me_owner2');
    await t.createTeam('me_private_team', other);
    for (const ctx of ['me_private_team', 'me_owner2', 'no_such_context']) {
      const r = await t.call('GET', '/api/v1/auth/me', {
        headers: { cookie, 'x-strata-context': ctx },
      });
      expect(r.status).toBe(403);
    }
  });

  it('with an API key: the key creator and only the key context', async () => {
    const u = await t.createUser('me_key_user');
    const team = await t.createTeam('me_key_team', u);
    const personal = await t.call('GET', '/api/v1/auth/me', { key: u.readKey });
    expect(personal.status).toBe(200);
    expect(personal.json).toEqual({
      user: { id: u.account.id, handle: 'me_key_user', display_name: '' },
      active_context: { handle: 'me_key_user', type: 'user' },
      contexts: [{ handle: 'me_key_user', type: 'user', role: 'owner', display_name: '' }],
    });
    const teamMe = await t.call('GET', '/api/v1/auth/me', { key: team.key });
    expect(teamMe.json.user.handle).toBe('me_key_user');
    expect(teamMe.json.contexts).toEqual([
      { handle: 'me_key_team', type: 'team', role: 'admin', display_name: '' },
    ]);
    const orphan = (await t.deps.keys.create(team.account.id, 'read', null)).key;
    const r = await t.call('GET', '/api/v1/auth/me', { key: orphan });
    expect(r.status).toBe(200);
    expect(r.json.user).toBeNull();
    expect(r.json.active_context).toEqual({ handle: 'me_key_team', type: 'team' });
    expect(r.json.contexts).toHaveLength(1);
  });
});

describe('OpenAPI document', () => {
  it('documents the auth routes under the auth tag', async () => {
    const r = await t.call('GET', '/api/v1/openapi.json');
    for (const path of ['/auth/signup', '/auth/signin', '/auth/signout', '/auth/me']) {
      const ops = r.json.paths[`/api/v1${path}`];
      expect(ops, path).toBeDefined();
      const op = ops.post ?? ops.get;
      expect(op.tags).toEqual(['auth']);
    }
  });
});

describe('sign-in throttling', () => {
  let p: TestServer; // behind a trusted proxy: x-forwarded-for picks the client IP
  let direct: TestServer; // no trusted proxy: x-forwarded-for is ignored
  let ipSeq = 0;
  const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

  beforeAll(async () => {
    p = await createTestServer({ trustProxy: true });
    direct = await createTestServer();
    const hash = await hashPassword(PASSWORD);
    for (const s of [p, direct]) {
      for (const h of ['thr_a', 'thr_b', 'thr_c', 'thr_d', 'thr_e', 'thr_f', 'thr_g', 'thr_h'])
        await s.deps.accounts.createUser(h, hash);
    }
  });
  afterAll(async () => {
    await p.close();
    await direct.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const signin = (s: TestServer, handle: string, password: string, ip?: string) =>
    s.call('POST', '/api/v1/auth/signin', {
      body: { handle, password },
      headers: ip ? { 'x-forwarded-for': ip } : {},
    });

  function expectThrottled(r: Awaited<ReturnType<TestServer['call']>>, minutes = 15) {
    expect(r.status).toBe(429);
    expect(r.json).toEqual({
      error: `too many failed sign-in attempts; try again in ${minutes} minutes`,
    });
    const retry = Number(r.headers.get('retry-after'));
    expect(retry).toBeGreaterThan((minutes - 1) * 60);
    expect(retry).toBeLessThanOrEqual(minutes * 60);
    expect(r.headers.get('set-cookie')).toBeNull();
  }

  it('refuses a handle after 10 failures, even with the right password and from any IP', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await signin(p, 'thr_a', 'wrong', freshIp())).status).toBe(401);
    }
    expectThrottled(await signin(p, 'thr_a', PASSWORD, freshIp()));
    // The handle is matched case-insensitively.
    expectThrottled(await signin(p, 'THR_A', PASSWORD, freshIp()));
    // Other handles are not affected.
    expect((await signin(p, 'thr_b', PASSWORD, freshIp())).status).toBe(200);
  });

  it('a successful sign-in clears the handle counter', async () => {
    for (let i = 0; i < 9; i++) {
      expect((await signin(p, 'thr_c', 'wrong', freshIp())).status).toBe(401);
    }
    expect((await signin(p, 'Thr_C', PASSWORD, freshIp())).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect((await signin(p, 'thr_c', 'wrong', freshIp())).status).toBe(401);
    }
    expectThrottled(await signin(p, 'thr_c', PASSWORD, freshIp()));
  });

  it('refuses an IP after 50 failures across handles; the first forwarded address counts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 50; i++) {
      const r = await signin(p, `thr_nobody_${i}`, 'wrong', `${ip}, 192.168.0.${i}`);
      expect(r.status).toBe(401);
    }
    expectThrottled(await signin(p, 'thr_d', PASSWORD, ip));
    expectThrottled(await signin(p, 'thr_d', PASSWORD, `${ip}, 192.168.1.1`));
    // The handle itself has no failures: from another IP it signs in.
    expect((await signin(p, 'thr_d', PASSWORD, freshIp())).status).toBe(200);
  });

  it('ignores x-forwarded-for without TRUST_PROXY (all callers share the socket address)', async () => {
    for (let i = 0; i < 50; i++) {
      const r = await signin(direct, `thr_ghost_${i}`, 'wrong', freshIp());
      expect(r.status).toBe(401);
    }
    expectThrottled(await signin(direct, 'thr_e', PASSWORD, freshIp()));
  });

  it('parallel attempts cannot get past the limit', async () => {
    const ip = freshIp();
    const all = await Promise.all(
      Array.from({ length: 25 }, () => signin(p, 'thr_g', 'wrong', ip)),
    );
    const statuses = all.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('successes from one IP do not use up its failure allowance', async () => {
    const ip = freshIp();
    for (let i = 0; i < 12; i++) expect((await signin(p, 'thr_h', PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < 50; i++) {
      expect((await signin(p, `thr_h_nobody_${i}`, 'wrong', ip)).status).toBe(401);
    }
    expectThrottled(await signin(p, 'thr_h', PASSWORD, ip));
  });

  it('lets the handle in again after 15 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-05-01T10:00:00Z') });
    for (let i = 0; i < 10; i++) {
      expect((await signin(p, 'thr_f', 'wrong', freshIp())).status).toBe(401);
    }
    vi.setSystemTime(new Date('2031-05-01T10:13:30Z'));
    const r = await signin(p, 'thr_f', PASSWORD, freshIp());
    expectThrottled(r, 2);
    expect(r.headers.get('retry-after')).toBe('90');
    vi.setSystemTime(new Date('2031-05-01T10:15:00Z'));
    expect((await signin(p, 'thr_f', PASSWORD, freshIp())).status).toBe(200);
  });
});

describe('Secure session cookie behind a proxy or with an https PUBLIC_URL', () => {
  async function cookieOf(s: TestServer, handle: string, headers: Record<string, string>) {
    const r = await s.call('POST', '/api/v1/auth/signup', {
      body: { handle, password: PASSWORD },
      headers,
    });
    expect(r.status).toBe(200);
    return r.headers.get('set-cookie') ?? '';
  }

  it('is Secure when a trusted proxy says the request was https', async () => {
    const s = await createTestServer({ trustProxy: true });
    try {
      expect(await cookieOf(s, 'sec_a', { 'x-forwarded-proto': 'https' })).toMatch(/; Secure/);
      expect(await cookieOf(s, 'sec_b', { 'x-forwarded-proto': 'http' })).not.toMatch(/Secure/);
      expect(await cookieOf(s, 'sec_c', {})).not.toMatch(/Secure/);
      const out = await s.call('POST', '/api/v1/auth/signout', {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(out.headers.get('set-cookie')).toMatch(/; Secure/);
    } finally {
      await s.close();
    }
  });

  it('ignores x-forwarded-proto without TRUST_PROXY', async () => {
    expect(await cookieOf(t, 'sec_d', { 'x-forwarded-proto': 'https' })).not.toMatch(/Secure/);
  });

  it('is Secure when PUBLIC_URL is https', async () => {
    const s = await createTestServer({ publicUrl: 'https://strata.example' });
    try {
      expect(await cookieOf(s, 'sec_e', {})).toMatch(/; Secure/);
    } finally {
      await s.close();
    }
  });
});
