import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { Me, Ok, SigninBody, SignupBody } from '../../contract/accounts.js';
import { DEVICE_COOKIE, DEVICE_TTL_MS } from '../auth/devices.js';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../auth/sessions.js';
import { SignIns, type StartedSession } from '../auth/sign-ins.js';
import type { Config } from '../config.js';
import type { Deps } from '../deps.js';
import { limiterFactory } from '../limits/limiters.js';
import type { AppEnv } from './app-env.js';
import { clientIp } from './client-ip.js';
import { requirePrincipal } from './principal.js';
import { retryAfterSeconds } from './rate-limit.js';
import { SECURED, answers, jsonContent, newRouter } from './router.js';

/** Whether the session cookie gets Secure: an https request, PUBLIC_URL, or a trusted proxy's word. */
export function isSecureRequest(c: Context, config: Pick<Config, 'trustProxy' | 'publicUrl'>) {
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (config.publicUrl?.toLowerCase().startsWith('https:')) return true;
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return config.trustProxy && proto === 'https';
}

/** What every cookie of ours says: not for scripts, same site only, Secure where it can be. */
function cookieOptions(c: Context, config: Config, path: string) {
  return { httpOnly: true, sameSite: 'Strict', path, secure: isSecureRequest(c, config) } as const;
}

/** Hands the browser a started session's cookies and answers who it now is. */
function sessionAnswer(c: Context<AppEnv>, config: Config, started: StartedSession) {
  setCookie(c, SESSION_COOKIE, started.token, {
    ...cookieOptions(c, config, '/'),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
  // The device cookie goes only to sign-in, whose throttle reads it (signin-throttle.ts).
  setCookie(c, DEVICE_COOKIE, started.device, {
    ...cookieOptions(c, config, '/api/v1/auth'),
    maxAge: Math.floor(DEVICE_TTL_MS / 1000),
  });
  return c.json(started.me, 200);
}

/** Browser sessions: sign up, sign in, sign out, who am I. */
export function authRoutes(deps: Deps) {
  const r = newRouter();
  const signIns = new SignIns({
    accounts: deps.accounts,
    sessions: deps.sessions,
    devices: deps.devices,
    // Counted in the store on PostgreSQL, so failures on one node count on every node.
    limiters: limiterFactory(deps.store),
    signupEnabled: deps.config.signupEnabled,
  });

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
      const started = await signIns.signUp(c.req.valid('json'), getCookie(c, SESSION_COOKIE));
      return sessionAnswer(c, deps.config, started);
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
      const attempt = {
        ...body,
        ip: clientIp(c, deps.config),
        device: getCookie(c, DEVICE_COOKIE),
      };
      const started = await signIns.signIn(attempt, getCookie(c, SESSION_COOKIE));
      if ('refusal' in started) {
        c.header('Retry-After', String(retryAfterSeconds(started.retryAfterMs)));
        throw started.refusal;
      }
      return sessionAnswer(c, deps.config, started);
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
      if (token) await signIns.signOut(token);
      deleteCookie(c, SESSION_COOKIE, cookieOptions(c, deps.config, '/'));
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
    async (c) => c.json(await signIns.me(requirePrincipal(c)), 200),
  );

  return r;
}
