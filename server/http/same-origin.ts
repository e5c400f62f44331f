import type { Context, MiddlewareHandler } from 'hono';
import { presentedKey } from './principal.js';
import type { Config } from '../config.js';
import type { AppEnv } from './app-env.js';
import { forbidden } from '../errors.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_ORIGIN =
  'cross-origin request refused: a browser session may change data only from the Strata app itself';

/** The origins the app is served from: the request's own host, and PUBLIC_URL. */
function ownOrigins(c: Context, config: Config): string[] {
  const url = new URL(c.req.url);
  const host =
    (config.trustProxy ? c.req.header('x-forwarded-host') : undefined) ??
    c.req.header('host') ??
    url.host;
  const proto =
    (config.trustProxy ? c.req.header('x-forwarded-proto') : undefined) ??
    url.protocol.replace(':', '');
  const origins = [`${proto}://${host}`.toLowerCase()];
  if (config.publicUrl) origins.push(new URL(config.publicUrl).origin.toLowerCase());
  return origins;
}

/**
 * CSRF defence for browser sessions: a request that may change something (any method but GET,
 * HEAD and OPTIONS) and carries no API key must come from the app's own origin. Browsers say
 * where a request comes from in `Sec-Fetch-Site` and `Origin`, which pages cannot forge: a page
 * of another port or subdomain (same-site, so the session cookie goes along) is cross-origin and
 * refused with 403. Requests with neither header come from programs, not from a page. API keys
 * are never ambient, so requests that present one are not checked.
 */
export function sameOriginWrites(config: Config): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE.has(c.req.method) || presentedKey(c) !== undefined) return next();
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none')
      throw forbidden(CROSS_ORIGIN);
    const origin = c.req.header('origin');
    if (origin !== undefined && !ownOrigins(c, config).includes(origin.toLowerCase()))
      throw forbidden(CROSS_ORIGIN);
    return next();
  };
}
