import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from './app-env.js';
import { forbidden, unauthenticated } from '../errors.js';
import type { Account, Accounts } from '../auth/accounts.js';
import type { Principal } from '../auth/principal.js';
import type { ApiKeys, Scope } from '../auth/keys.js';
import { SESSION_COOKIE, type Sessions } from '../auth/sessions.js';

export type { Principal } from '../auth/principal.js';

export const CONTEXT_HEADER = 'x-strata-context';

/** Reads the key from x-service-api-key, its alias x-dune-api-key, or ?api_key=. */
export function presentedKey(c: Context): string | undefined {
  return (
    c.req.header('x-service-api-key') ??
    c.req.header('x-dune-api-key') ??
    c.req.query('api_key') ??
    undefined
  );
}

/**
 * Resolves the principal of every request. A presented key must be valid (401 otherwise);
 * a session cookie picks the user, and the context header (or `?context=` on a GET) picks a
 * context the user belongs to.
 * Anonymous requests go on with principal null; routes decide whether that is allowed.
 */
export function authenticate(deps: {
  accounts: Accounts;
  keys: ApiKeys;
  sessions: Sessions;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('principal', null);
    const secret = presentedKey(c);
    if (secret !== undefined) {
      const key = await deps.keys.resolve(secret.trim());
      if (!key) throw unauthenticated();
      const context = key.context;
      // A personal key's creator is its context: one read.
      const user =
        key.created_by === null
          ? null
          : key.created_by === context.id
            ? context
            : ((await deps.accounts.byId(key.created_by)) ?? null);
      c.set('principal', { user, context, scope: key.scope, apiKeyId: key.id, via: 'key' });
      return next();
    }
    const token = getCookie(c, SESSION_COOKIE);
    const userId = token ? await deps.sessions.userId(token) : undefined;
    const user = userId !== undefined ? await deps.accounts.byId(userId) : undefined;
    if (user) {
      // The SPA sets the header; a plain link (a CSV download) cannot, so GETs may say ?context=.
      const wanted =
        c.req.header(CONTEXT_HEADER) ??
        (c.req.method === 'GET' ? c.req.query('context') : undefined);
      let context: Account = user;
      if (wanted && wanted.toLowerCase() !== user.handle.toLowerCase()) {
        const team = await deps.accounts.byHandle(wanted);
        if (!team || !(await deps.accounts.canActIn(user.id, team.id))) {
          throw forbidden(`you are not a member of the context "${wanted}"`);
        }
        context = team;
      }
      c.set('principal', { user, context, scope: 'read_write', apiKeyId: null, via: 'session' });
    }
    return next();
  };
}

/** The principal, or 401. */
export function requirePrincipal(c: Context<AppEnv>): Principal {
  const p = c.get('principal');
  if (!p) throw unauthenticated();
  return p;
}

/** The principal if its scope allows `scope`, else 401 or 403. */
export function requireScope(c: Context<AppEnv>, scope: Scope): Principal {
  const p = requirePrincipal(c);
  if (scope === 'read_write' && p.scope !== 'read_write') {
    throw forbidden('this API key has scope read; the operation needs read_write');
  }
  return p;
}

/** A signed-in browser user (account management is not done with API keys). */
export function requireUser(c: Context<AppEnv>): Principal & { user: Account } {
  const p = requirePrincipal(c);
  if (!p.user) throw forbidden('this operation needs a signed-in user');
  return p as Principal & { user: Account };
}
