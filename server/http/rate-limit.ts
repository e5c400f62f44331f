import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config.js';
import type { AppEnv } from './app-env.js';
import { clientIp } from './client-ip.js';
import type { Limiter } from '../limits/limiter.js';
import type { LimiterFactory } from '../limits/limiters.js';

/** Whole seconds for a Retry-After header (at least 1). */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

export type Bucket = 'low' | 'high';

/**
 * Which per-minute bucket a request counts against: "high" for reads (GET and other safe
 * methods, cancelling an execution, the usage report and dataset search, which are POSTs that
 * change nothing), "low" for writes.
 */
export function bucketOf(method: string, path: string): Bucket {
  const m = method.toUpperCase();
  if (m !== 'POST' && m !== 'PATCH' && m !== 'PUT' && m !== 'DELETE') return 'high';
  if (m === 'POST') {
    const p = path.replace(/\/+$/, '');
    if (p.endsWith('/cancel')) return 'high';
    if (/\/usage$/.test(p)) return 'high';
    if (/\/datasets\/search[^/]*$/.test(p)) return 'high';
  }
  return 'low';
}

export const RATE_WINDOW_MS = 60_000;

/** The two per-minute buckets, per context (or per client IP for anonymous calls). */
type RateLimiters = Record<Bucket, Limiter>;

/** The buckets, counted where `limiters` counts (shared by every node on PostgreSQL). */
export function rateLimiters(config: Config, limiters: LimiterFactory): RateLimiters {
  return {
    low: limiters('api:low', config.rateLimit.lowPerMinute, RATE_WINDOW_MS),
    high: limiters('api:high', config.rateLimit.highPerMinute, RATE_WINDOW_MS),
  };
}

/**
 * Counts an anonymous read by this client's IP outside /api (a public dashboard's page that
 * carries its data); whether it was within the limit.
 */
export async function anonymousRead(
  limiters: RateLimiters,
  config: Config,
  c: Context,
): Promise<boolean> {
  return (await limiters.high.hit(`ip:${clientIp(c, config)}`)).allowed;
}

/**
 * Per-context rate limits for the API: two buckets per minute counted separately (writes and
 * reads). Requests without a principal (public dashboards, sign-in) count against the same
 * limits per client IP instead; only the health check is never counted. Over the limit: 429
 * with Retry-After in seconds.
 */
export function rateLimit(config: Config, limiters: RateLimiters): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    if (!principal && c.req.path === '/api/health') return next();
    const bucket = bucketOf(c.req.method, c.req.path);
    const limiter = limiters[bucket];
    const key = principal ? String(principal.context.id) : `ip:${clientIp(c, config)}`;
    const decision = await limiter.hit(key);
    if (!decision.allowed) {
      const seconds = retryAfterSeconds(decision.retryAfterMs);
      c.header('Retry-After', String(seconds));
      const kind = bucket === 'low' ? 'write' : 'read';
      return c.json(
        {
          error: `rate limited: more than ${limiter.limit} ${kind} requests per minute for this ${principal ? 'context' : 'address'}; retry in ${seconds} s`,
        },
        429,
      );
    }
    return next();
  };
}
