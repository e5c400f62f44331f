import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_SQL, waitFinished } from '../test/executions-helpers.js';
import { createTestServer, type TestServer } from '../test/harness.js';

/** Accounts as an attacker meets them: guessable passwords, lock-outs, timing, key scopes. */
let t: TestServer;
const PASSWORD = 'a long and rare passphrase';

beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

const cookieOf = (r: { headers: Headers }, name: string) =>
  new RegExp(`${name}=[^;]*`).exec(r.headers.get('set-cookie') ?? '')?.[0];

const signup = (handle: string, password: string) =>
  t.call('POST', '/api/v1/auth/signup', { body: { handle, password } });
const signin = (handle: string, password: string, cookie?: string) =>
  t.call('POST', '/api/v1/auth/signin', {
    body: { handle, password },
    headers: cookie ? { cookie } : {},
  });

describe('sign-up passwords', () => {
  const common = 'this password is one of the most used ones and easy to guess; choose another';
  const sequence = 'the password is a sequence such as 12345678 or abcdefgh; choose another';
  it.each([
    ['aaaaaaaa', 'the password is one character repeated; choose another'],
    ['abababab', 'the password repeats a short part, such as abcabcabc; choose another'],
    ['12345678', sequence],
    ['87654321', sequence],
    ['abcdefgh', sequence],
    ['qwertyuiop', 'the password is a row of keys such as qwertyui; choose another'],
    [
      '1234abcd',
      'the password is made only of sequences, rows of keys or repeated characters, such as 1234abcd; choose another',
    ],
    ['password', common],
    ['PassWord', common],
    ['iloveyou', common],
    ['password1', common],
    [
      'Dragon2024',
      'this password is one of the most used ones with a few digits or symbols added, and easy to guess; choose another',
    ],
  ])('refuses %s with 400 and the reason', async (password, error) => {
    const handle = `weak_${password.toLowerCase()}`;
    const r = await signup(handle, password);
    expect([r.status, r.json]).toEqual([400, { error }]);
    expect(await t.deps.accounts.byHandle(handle)).toBeUndefined();
  });
  it('refuses the handle as the password, or with little added, and takes a rare one', async () => {
    const same = await signup('samehandle', 'SameHandle');
    expect(same.status).toBe(400);
    expect(same.json).toEqual({ error: 'the password may not be the handle' });
    const added = await signup('samehandle', 'samehandle2024');
    expect([added.status, added.json]).toEqual([
      400,
      {
        error:
          'the password is the handle with only a few characters added; choose one that does not contain it',
      },
    ]);
    expect(await t.deps.accounts.byHandle('samehandle')).toBeUndefined();
    expect((await signup('rare_pw', PASSWORD)).status).toBe(200);
  });
});

describe('sign-in throttling with a known device', () => {
  it('failures by others do not keep the owner out of a browser they signed in from', async () => {
    const up = await signup('victim_owner', PASSWORD);
    const device = cookieOf(up, 'strata_device')!;
    expect(device).toBeDefined();
    expect(up.headers.get('set-cookie')).toMatch(/strata_device=.*HttpOnly/);

    for (let i = 0; i < 10; i++) expect((await signin('victim_owner', 'guess')).status).toBe(401);
    // An unknown client is now throttled, even with the right password...
    expect((await signin('victim_owner', PASSWORD)).status).toBe(429);
    // ...but the owner's own browser signs in.
    const own = await signin('victim_owner', PASSWORD, device);
    expect(own.status).toBe(200);
    expect(cookieOf(own, 'strata_session')).toBeDefined();
  });

  it('a known device has its own limit, and a forged or foreign device cookie counts for nothing', async () => {
    const up = await signup('device_owner', PASSWORD);
    const device = cookieOf(up, 'strata_device')!;
    for (let i = 0; i < 10; i++)
      expect((await signin('device_owner', 'guess', device)).status).toBe(401);
    expect((await signin('device_owner', PASSWORD, device)).status).toBe(429);

    const other = await signup('other_owner', PASSWORD);
    const otherDevice = cookieOf(other, 'strata_device')!;
    for (let i = 0; i < 10; i++) expect((await signin('other_owner', 'guess')).status).toBe(401);
    // device_owner's cookie is not a known device of other_owner; a tampered one is nothing.
    expect((await signin('other_owner', PASSWORD, device)).status).toBe(429);
    const forged = otherDevice.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await signin('other_owner', PASSWORD, forged)).status).toBe(429);
    expect((await signin('other_owner', PASSWORD, otherDevice)).status).toBe(200);
  });
});

describe('sign-in timing', () => {
  it('takes as long for a handle that does not exist as for a wrong password', async () => {
    await signup('timed_user', PASSWORD);
    const time = async (handle: string) => {
      const started = performance.now();
      const r = await signin(handle, 'not the password');
      expect(r.status).toBe(401);
      return performance.now() - started;
    };
    const existing: number[] = [];
    const missing: number[] = [];
    for (let i = 0; i < 7; i++) {
      existing.push(await time('timed_user'));
      missing.push(await time(`nobody_${i}`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(missing) / median(existing);
    console.log(`sign-in timing: missing/existing handle = ${ratio.toFixed(2)}`);
    // Both run one scrypt check (tens of ms); without it, a missing handle answered ~15x faster.
    expect(ratio).toBeGreaterThan(0.5);
  });
});

describe('read-scope keys', () => {
  it('cannot cancel an execution another key or the app started, but may cancel their own', async () => {
    const u = await t.createUser('scoped');
    const started = await t.call('POST', '/api/v1/sql/execute', {
      key: u.key,
      body: { sql: SLOW_SQL },
    });
    const id = started.json.execution_id as string;
    const refused = await t.call('POST', `/api/v1/execution/${id}/cancel`, { key: u.readKey });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      error: 'a key of scope read may cancel only the executions it started',
    });
    expect(
      (await t.call('GET', `/api/v1/execution/${id}/status`, { key: u.key })).json.state,
    ).not.toBe('QUERY_STATE_CANCELLED');
    expect((await t.call('POST', `/api/v1/execution/${id}/cancel`, { key: u.key })).json).toEqual({
      success: true,
    });

    const own = await t.call('POST', '/api/v1/sql/execute', {
      key: u.readKey,
      body: { sql: SLOW_SQL },
    });
    const ownCancel = await t.call('POST', `/api/v1/execution/${own.json.execution_id}/cancel`, {
      key: u.readKey,
    });
    expect(ownCancel.json).toEqual({ success: true });
    expect((await waitFinished(t, u.readKey, own.json.execution_id)).state).toBe(
      'QUERY_STATE_CANCELLED',
    );
  });
});
