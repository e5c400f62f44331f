import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config.js';
import type { AppEnv } from './app-env.js';
import { clientIp } from './client-ip.js';

/** Milliseconds since the epoch; injectable so tests can move time. */
export type Clock = () => number;

export type LimitDecision =
  { allowed: true; remaining: number } | { allowed: false; retryAfterMs: number };

type Window = { start: number; count: number };

/**
 * A fixed-window counter per key: at most `limit` hits in a window of `windowMs` that starts at
 * the key's first hit. A limit of 0 (or less) disables it. Pure apart from the injected clock.
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly clock: Clock;
  private nextSweep: number;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    clock: Clock = () => Date.now(),
  ) {
    this.clock = clock;
    this.nextSweep = clock() + windowMs;
  }

  get enabled(): boolean {
    return this.limit > 0;
  }

  /** Whether one more hit is allowed now, without counting it. */
  check(key: string): LimitDecision {
    if (!this.enabled) return { allowed: true, remaining: Infinity };
    const now = this.clock();
    const w = this.current(key, now);
    if (!w) return { allowed: true, remaining: this.limit };
    if (w.count >= this.limit)
      return { allowed: false, retryAfterMs: w.start + this.windowMs - now };
    return { allowed: true, remaining: this.limit - w.count };
  }

  /** Counts a hit unless the key is over its limit; the decision says which. */
  hit(key: string): LimitDecision {
    if (!this.enabled) return { allowed: true, remaining: Infinity };
    const now = this.clock();
    this.sweep(now);
    let w = this.current(key, now);
    if (!w) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    if (w.count >= this.limit)
      return { allowed: false, retryAfterMs: w.start + this.windowMs - now };
    w.count += 1;
    return { allowed: true, remaining: this.limit - w.count };
  }

  /** Takes back one counted hit (a reserved attempt that turned out not to count). */
  release(key: string): void {
    const w = this.current(key, this.clock());
    if (w && w.count > 0) w.count -= 1;
  }

  /** Forgets a key's hits. */
  reset(key: string): void {
    this.windows.delete(key);
  }

  /** Keys with a live window (for tests and diagnostics). */
  get size(): number {
    return this.windows.size;
  }

  private current(key: string, now: number): Window | undefined {
    const w = this.windows.get(key);
    if (w && now - w.start >= this.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  /** Drops expired windows at most once per window length, so memory stays bounded. */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + this.windowMs;
    for (const [key, w] of this.windows) {
      if (now - w.start >= this.windowMs) this.windows.delete(key);
    }
  }
}

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
export type RateLimiters = Record<Bucket, FixedWindowLimiter>;

export function rateLimiters(config: Config, clock?: Clock): RateLimiters {
  return {
    low: new FixedWindowLimiter(config.rateLimit.lowPerMinute, RATE_WINDOW_MS, clock),
    high: new FixedWindowLimiter(config.rateLimit.highPerMinute, RATE_WINDOW_MS, clock),
  };
}

/**
 * Counts an anonymous read by this client's IP outside /api (a public dashboard's page that
 * carries its data); whether it was within the limit.
 */
export function anonymousRead(limiters: RateLimiters, config: Config, c: Context): boolean {
  return limiters.high.hit(`ip:${clientIp(c, config)}`).allowed;
}

/**
 * Per-context rate limits for the API: two buckets per minute counted separately (writes and
 * reads). Requests without a principal (public dashboards, sign-in) count against the same
 * limits per client IP instead; only the health check is never counted. Over the limit: 429
 * with Retry-After in seconds.
 */
export function rateLimit(
  config: Config,
  clock?: Clock,
  limiters: RateLimiters = rateLimiters(config, clock),
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    if (!principal && c.req.path === '/api/health') return next();
    const bucket = bucketOf(c.req.method, c.req.path);
    const limiter = limiters[bucket];
    const key = principal ? String(principal.context.id) : `ip:${clientIp(c, config)}`;
    const decision = limiter.hit(key);
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
