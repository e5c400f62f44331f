import type { ContextEntry, Me } from '../../contract/accounts.js';
import {
  conflict,
  forbidden,
  invalid,
  rateLimited,
  unauthenticated,
  type AppError,
} from '../errors.js';
import type { LimiterFactory } from '../limits/limiters.js';
import { validateHandle, type Account, type Accounts } from './accounts.js';
import type { KnownDevices } from './devices.js';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.js';
import type { Principal } from './principal.js';
import type { Sessions } from './sessions.js';
import { SigninThrottle } from './signin-throttle.js';
import { randomToken } from './tokens.js';

const BAD_SIGNIN = 'invalid handle or password';

/** A session just started: the cookie values to hand the browser, and who it now is. */
export type StartedSession = { token: string; device: string; me: Me };

/** Sign-in refused for now: the message to answer, and how long until a retry may succeed. */
export type SigninBlocked = { refusal: AppError; retryAfterMs: number };

export type SigninAttempt = {
  handle: string;
  password: string;
  /** The client's address (each one has its own failure allowance). */
  ip: string;
  /** The device cookie the client holds, if any. */
  device?: string | undefined;
};

/**
 * Browser users, the rules: who may sign up, who may sign in (throttled, and as slow for an
 * unknown handle as for a wrong password), the sessions they start, and the contexts a
 * principal may act in. The routes (http/auth.ts) only move cookies and bodies.
 */
export class SignIns {
  private readonly throttle: SigninThrottle;
  /** Checked when the handle is not a user, so a sign-in takes as long whether it exists or not. */
  private readonly unknownUserHash = hashPassword(randomToken(32));

  constructor(
    private readonly deps: {
      accounts: Accounts;
      sessions: Sessions;
      devices: KnownDevices;
      /** Where failed sign-ins count: in the store on PostgreSQL, so every node sees them. */
      limiters: LimiterFactory;
      signupEnabled: boolean;
    },
  ) {
    this.throttle = new SigninThrottle(deps.limiters);
  }

  /** Creates a user and starts its session: forbidden when sign-up is off, conflict, invalid. */
  async signUp(
    body: { handle: string; password: string; display_name?: string | undefined },
    oldToken?: string,
  ): Promise<StartedSession> {
    if (!this.deps.signupEnabled) throw forbidden('sign-up is disabled');
    validateHandle(body.handle);
    if (await this.deps.accounts.byHandle(body.handle))
      throw conflict(`the handle "${body.handle}" is taken`);
    const problem = await passwordProblem(body.password, body.handle);
    if (problem) throw invalid(problem);
    const hash = await hashPassword(body.password);
    const user = await this.deps.accounts.createUser(body.handle, hash, body.display_name ?? '');
    return this.start(user, oldToken);
  }

  /**
   * Checks a handle and password and starts a session; unauthenticated with one message for
   * every failure, or blocked while the throttle refuses (signin-throttle.ts).
   */
  async signIn(attempt: SigninAttempt, oldToken?: string): Promise<StartedSession | SigninBlocked> {
    const found = await this.deps.accounts.byHandle(attempt.handle);
    const user = found?.type === 'user' ? found : undefined;
    const { device } = attempt;
    const known = device !== undefined && !!user && this.deps.devices.userId(device) === user.id;
    const counted = { handle: attempt.handle, ip: attempt.ip, ...(known ? { device } : {}) };
    const blocked = await this.throttle.reserve(counted);
    if (blocked > 0) {
      const minutes = Math.max(1, Math.ceil(blocked / 60_000));
      const unit = minutes === 1 ? 'minute' : 'minutes';
      const message = `too many failed sign-in attempts; try again in ${minutes} ${unit}`;
      return { refusal: rateLimited(message), retryAfterMs: blocked };
    }
    const hash =
      (user && (await this.deps.accounts.passwordHash(user.id))) || (await this.unknownUserHash);
    const verified = await verifyPassword(attempt.password, hash);
    if (!user || !verified) throw unauthenticated(BAD_SIGNIN);
    await this.throttle.succeeded(counted);
    return this.start(user, oldToken);
  }

  /** Ends the session of that cookie value (nothing to do for an unknown one). */
  signOut(token: string): Promise<void> {
    return this.deps.sessions.destroy(token);
  }

  /** A new session for `user`, ending the one the browser held; the browser becomes a known device. */
  private async start(user: Account, oldToken?: string): Promise<StartedSession> {
    if (oldToken) await this.deps.sessions.destroy(oldToken);
    const { token } = await this.deps.sessions.create(user.id);
    // This browser is now a known client of the user (sign-in throttling, signin-throttle.ts).
    const device = this.deps.devices.issue(user.id);
    const me = await this.me({
      user,
      context: user,
      scope: 'read_write',
      apiKeyId: null,
      via: 'session',
    });
    return { token, device, me };
  }

  /** Who am I: the acting user, the active context, and the contexts it may switch to. */
  async me(p: Principal): Promise<Me> {
    const { accounts } = this.deps;
    const user = p.user
      ? { id: p.user.id, handle: p.user.handle, display_name: p.user.display_name }
      : null;
    const active_context = { handle: p.context.handle, type: p.context.type };
    if (p.via === 'key' || !p.user) {
      // A key acts in exactly one context; it does not reveal its creator's other teams.
      const role: ContextEntry['role'] =
        p.context.type === 'user'
          ? 'owner'
          : ((p.user && (await accounts.roleIn(p.context.id, p.user.id))) ?? 'member');
      return { user, active_context, contexts: [entry(p.context, role)] };
    }
    const contexts = [
      entry(p.user, 'owner'),
      ...(await accounts.teamsOf(p.user.id)).map((m) => entry(m.team, m.role)),
    ];
    return { user, active_context, contexts };
  }
}

function entry(account: Account, role: ContextEntry['role']): ContextEntry {
  return {
    handle: account.handle,
    type: account.type,
    role,
    display_name: account.display_name,
  };
}
