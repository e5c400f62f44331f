import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { Me, Ok, SigninBody, SignupBody, type ContextEntry } from '../../contract/accounts.js';
import type { Account, Accounts } from '../auth/accounts.js';
import { validateHandle } from '../auth/accounts.js';
import { DEVICE_COOKIE, DEVICE_TTL_MS } from '../auth/devices.js';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/passwords.js';
import { randomToken } from '../auth/tokens.js';
import { requirePrincipal, type Principal } from './principal.js';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../auth/sessions.js';
import type { Config } from '../config.js';
import type { Deps } from '../deps.js';
import type { AppEnv } from './app-env.js';
import { clientIp } from './client-ip.js';
import { conflict, forbidden, invalid, rateLimited, unauthenticated } from '../errors.js';
import { limiterFactory } from '../limits/limiters.js';
import { retryAfterSeconds } from './rate-limit.js';
import { SigninThrottle } from './signin-throttle.js';
import { SECURED, answers, jsonContent, newRouter } from './router.js';

const BAD_SIGNIN = 'invalid handle or password';

/** Whether the session cookie gets Secure: an https request, PUBLIC_URL, or a trusted proxy's word. */
export function isSecureRequest(c: Context, config: Pick<Config, 'trustProxy' | 'publicUrl'>) {
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (config.publicUrl?.toLowerCase().startsWith('https:')) return true;
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return config.trustProxy && proto === 'https';
}

/** The who-am-I body: the acting user, the active context, and the contexts it may switch to. */
export async function meBody(accounts: Accounts, p: Principal): Promise<Me> {
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

function entry(account: Account, role: ContextEntry['role']): ContextEntry {
  return {
    handle: account.handle,
    type: account.type,
    role,
    display_name: account.display_name,
  };
}

async function startSession(c: Context<AppEnv>, deps: Deps, user: Account): Promise<Me> {
  const old = getCookie(c, SESSION_COOKIE);
  if (old) await deps.sessions.destroy(old);
  const { token } = await deps.sessions.create(user.id);
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
    secure: isSecureRequest(c, deps.config),
  });
  // This browser is now a known client of the user (sign-in throttling, signin-throttle.ts).
  setCookie(c, DEVICE_COOKIE, deps.devices.issue(user.id), {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/api/v1/auth',
    maxAge: Math.floor(DEVICE_TTL_MS / 1000),
    secure: isSecureRequest(c, deps.config),
  });
  return meBody(deps.accounts, {
    user,
    context: user,
    scope: 'read_write',
    apiKeyId: null,
    via: 'session',
  });
}

/** Browser sessions: sign up, sign in, sign out, who am I. */
export function authRoutes(deps: Deps) {
  const r = newRouter();
  // Counted in the store on PostgreSQL, so failures on one node count on every node.
  const throttle = new SigninThrottle(limiterFactory(deps.store));
  // Checked when the handle is not a user, so a sign-in takes as long whether it exists or not.
  const unknownUserHash = hashPassword(randomToken(32));

  r.openapi(
    createRoute({
      method: 'post',
      path: '/auth/signup',
      tags: ['auth'],
      summary: 'Create a user and start a session (sets the strata_session cookie)',
      request: { body: { required: true, content: jsonContent(SignupBody) } },
      responses: answers(Me, 'Signed up', 400, 403, 409),
    }),
    async (c) => {
      if (!deps.config.signupEnabled) throw forbidden('sign-up is disabled');
      const body = c.req.valid('json');
      validateHandle(body.handle);
      if (await deps.accounts.byHandle(body.handle))
        throw conflict(`the handle "${body.handle}" is taken`);
      const problem = await passwordProblem(body.password, body.handle);
      if (problem) throw invalid(problem);
      const hash = await hashPassword(body.password);
      const user = await deps.accounts.createUser(body.handle, hash, body.display_name ?? '');
      return c.json(await startSession(c, deps, user), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/auth/signin',
      tags: ['auth'],
      summary: 'Start a session with a handle and password (sets the strata_session cookie)',
      request: { body: { required: true, content: jsonContent(SigninBody) } },
      responses: answers(Me, 'Signed in', 400, 401, 429),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const found = await deps.accounts.byHandle(body.handle);
      const user = found?.type === 'user' ? found : undefined;
      const device = getCookie(c, DEVICE_COOKIE);
      const known = device !== undefined && !!user && deps.devices.userId(device) === user.id;
      const attempt = {
        handle: body.handle,
        ip: clientIp(c, deps.config),
        ...(known ? { device } : {}),
      };
      const blocked = await throttle.reserve(attempt);
      if (blocked > 0) {
        const minutes = Math.max(1, Math.ceil(blocked / 60_000));
        c.header('Retry-After', String(retryAfterSeconds(blocked)));
        const unit = minutes === 1 ? 'minute' : 'minutes';
        throw rateLimited(`too many failed sign-in attempts; try again in ${minutes} ${unit}`);
      }
      const hash = (user && (await deps.accounts.passwordHash(user.id))) || (await unknownUserHash);
      const verified = await verifyPassword(body.password, hash);
      if (!user || !verified) throw unauthenticated(BAD_SIGNIN);
      await throttle.succeeded(attempt);
      return c.json(await startSession(c, deps, user), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/auth/signout',
      tags: ['auth'],
      summary: 'End the session and clear its cookie',
      responses: { 200: { description: 'Signed out', content: jsonContent(Ok) } },
    }),
    async (c) => {
      const token = getCookie(c, SESSION_COOKIE);
      if (token) await deps.sessions.destroy(token);
      deleteCookie(c, SESSION_COOKIE, {
        path: '/',
        httpOnly: true,
        sameSite: 'Strict',
        secure: isSecureRequest(c, deps.config),
      });
      return c.json({ ok: true as const }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/auth/me',
      tags: ['auth'],
      summary: 'The signed-in user, the active context and the contexts it may act in',
      security: SECURED,
      responses: answers(Me, 'Who am I', 401, 403),
    }),
    async (c) => c.json(await meBody(deps.accounts, requirePrincipal(c)), 200),
  );

  return r;
}
