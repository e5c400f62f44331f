import type { MiddlewareHandler } from 'hono';
import type { Context } from 'hono';
import { matchedRoutes, routePath } from 'hono/route';
import type { Logger } from '../log.js';
import type { AppEnv } from './app-env.js';

/** Health checks come every few seconds from a balancer: logged at debug only. */
const QUIET_ROUTES = new Set(['/api/health']);

/**
 * The pattern of the route a request was for: its endpoint (the first matched handler, which
 * takes no `next`), also when a middleware answered before it (a 401, a 429); else whatever
 * answered.
 */
export function routeOf(c: Context): string {
  const endpoint = matchedRoutes(c).find((r) => r.handler.length < 2);
  return endpoint?.path ?? (routePath(c) || '*');
}

/**
 * One log line per request, written when its answer is ready (a streamed body may still be
 * flowing): method, the route's pattern (`/api/v1/execution/:execution_id/status`, never the
 * path itself, whose ids and `api_key` query parameter stay out of the log), status, time in ms
 * and the context it acted in. Never a key, a cookie, SQL or parameter values: none of the
 * request's headers, query or body is read here.
 */
export function requestLog(log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const route = routeOf(c);
    const status = c.res.status;
    const context = c.get('principal')?.context.id;
    const line = {
      method: c.req.method,
      route,
      status,
      ms,
      ...(context !== undefined ? { context_id: context } : {}),
    };
    const level = QUIET_ROUTES.has(route) ? 'debug' : status >= 500 ? 'warn' : 'info';
    log[level](line, `${line.method} ${route} ${status} ${ms}ms`);
  };
}
