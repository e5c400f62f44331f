import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { limiterFactory } from '../limits/limiters.js';
import { openDb } from '../store/db.js';
import { sqliteStore, type Store } from '../store/store.js';
import { Accounts } from './accounts.js';
import { KnownDevices } from './devices.js';
import { hashPassword } from './passwords.js';
import { Sessions } from './sessions.js';
import { SIGNIN_MAX_FAILURES } from './signin-throttle.js';
import { SignIns, type SigninBlocked, type StartedSession } from './sign-ins.js';

const PASSWORD = 'quiet harbor lantern';

let dir: string;
let store: Store;
let accounts: Accounts;
let sessions: Sessions;
let devices: KnownDevices;
let signIns: SignIns;

function service(signupEnabled: boolean) {
  return new SignIns({
    accounts,
    sessions,
    devices,
    limiters: limiterFactory(store),
    signupEnabled,
  });
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-signins-'));
  store = sqliteStore(openDb(dir));
  accounts = new Accounts(store);
  sessions = new Sessions(store);
  devices = await KnownDevices.open(store);
  signIns = service(true);
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const started = (s: StartedSession | SigninBlocked): StartedSession => {
  if ('refusal' in s) throw s.refusal;
  return s;
};

describe('SignIns.signUp', () => {
  it('creates the user and a session; the browser becomes a known device', async () => {
    const s = await signIns.signUp({ handle: 'alice', password: PASSWORD, display_name: 'Alice' });
    const alice = await accounts.require('alice', 'user');
    expect(await sessions.userId(s.token)).toBe(alice.id);
    expect(devices.userId(s.device)).toBe(alice.id);
    expect(s.me).toEqual({
      user: { id: alice.id, handle: 'alice', display_name: 'Alice' },
      active_context: { handle: 'alice', type: 'user' },
      contexts: [{ handle: 'alice', type: 'user', role: 'owner', display_name: 'Alice' }],
    });
  });

  it('ends the session the browser held', async () => {
    const first = await signIns.signUp({ handle: 'alice', password: PASSWORD });
    const second = await signIns.signUp({ handle: 'bob', password: PASSWORD }, first.token);
    expect(await sessions.userId(first.token)).toBeUndefined();
    expect(await sessions.userId(second.token)).toBeDefined();
  });

  it('refuses when sign-up is off, a taken handle in any case, a bad handle or password', async () => {
    await expect(
      service(false).signUp({ handle: 'alice', password: PASSWORD }),
    ).rejects.toMatchObject({ kind: 'forbidden', message: 'sign-up is disabled' });
    await accounts.createTeam('analysts', null);
    await expect(signIns.signUp({ handle: 'Analysts', password: PASSWORD })).rejects.toMatchObject({
      kind: 'conflict',
      message: 'the handle "Analysts" is taken',
    });
    await expect(signIns.signUp({ handle: 'a b', password: PASSWORD })).rejects.toMatchObject({
      kind: 'invalid',
    });
    await expect(signIns.signUp({ handle: 'alice', password: 'short' })).rejects.toMatchObject({
      kind: 'invalid',
      message: 'a password is 8 to 200 characters',
    });
    expect(await accounts.byHandle('alice')).toBeUndefined();
  });
});

describe('SignIns.signIn', () => {
  const attempt = (handle: string, password: string, ip = '10.0.0.1', device?: string) => ({
    handle,
    password,
    ip,
    device,
  });

  beforeEach(async () => {
    await accounts.createUser('carol', await hashPassword(PASSWORD));
    await accounts.createUser('nopass', null);
    await accounts.createTeam('crew', null);
  });

  it('starts a session for the right password, the handle in any case', async () => {
    const s = started(await signIns.signIn(attempt('CAROL', PASSWORD)));
    expect(s.me.user?.handle).toBe('carol');
  });

  it('answers one message for a wrong password, an unknown user, a passwordless user, a team', async () => {
    for (const [handle, password] of [
      ['carol', 'wrong password'],
      ['nobody', PASSWORD],
      ['nopass', PASSWORD],
      ['crew', PASSWORD],
    ] as const) {
      await expect(signIns.signIn(attempt(handle, password)), handle).rejects.toMatchObject({
        kind: 'unauthenticated',
        message: 'invalid handle or password',
      });
    }
  });

  it('blocks a handle after its failures, and lets its owner in from a known device', async () => {
    const own = started(await signIns.signIn(attempt('carol', PASSWORD)));
    for (let i = 0; i < SIGNIN_MAX_FAILURES; i++)
      await expect(signIns.signIn(attempt('carol', 'wrong', `10.1.0.${i}`))).rejects.toThrow();
    const blocked = await signIns.signIn(attempt('carol', PASSWORD, '10.2.0.1'));
    expect(blocked).toMatchObject({
      refusal: {
        kind: 'rate_limited',
        message: 'too many failed sign-in attempts; try again in 15 minutes',
      },
    });
    expect((blocked as SigninBlocked).retryAfterMs).toBeGreaterThan(14 * 60_000);
    // The browser carol signed in from before counts on its own.
    const again = await signIns.signIn(attempt('carol', PASSWORD, '10.2.0.1', own.device));
    expect(started(again).me.user?.handle).toBe('carol');
  });
});

describe('SignIns.me', () => {
  it('shows a key only the context it acts in, a session every team of its user', async () => {
    const user = await accounts.createUser('dana', null);
    const team = await accounts.createTeam('crew', user.id);
    await accounts.createTeam('other', user.id);
    const viaKey = await signIns.me({
      user,
      context: team,
      scope: 'read',
      apiKeyId: 'k',
      via: 'key',
    });
    expect(viaKey.contexts).toEqual([
      { handle: 'crew', type: 'team', role: 'admin', display_name: '' },
    ]);
    const viaSession = await signIns.me({
      user,
      context: team,
      scope: 'read_write',
      apiKeyId: null,
      via: 'session',
    });
    expect(viaSession.active_context).toEqual({ handle: 'crew', type: 'team' });
    expect(viaSession.contexts.map((c) => [c.handle, c.role])).toEqual([
      ['dana', 'owner'],
      ['crew', 'admin'],
      ['other', 'admin'],
    ]);
  });
});
