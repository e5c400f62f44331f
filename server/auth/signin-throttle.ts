import type { Limiter } from '../limits/limiter.js';
import type { LimiterFactory } from '../limits/limiters.js';

/** Failed sign-ins allowed per handle within the window, from clients the user never used. */
export const SIGNIN_MAX_FAILURES = 10;
/** Failed sign-ins allowed per client IP (higher: many people may share one address). */
export const SIGNIN_MAX_FAILURES_PER_IP = 50;
/** Failed sign-ins allowed per known device (a browser the user signed in from before). */
export const SIGNIN_MAX_FAILURES_PER_DEVICE = 10;
export const SIGNIN_WINDOW_MS = 15 * 60_000;

export type Attempt = {
  handle: string;
  ip: string;
  /** Set when the client holds a device cookie of the handle's user: a known client. */
  device?: string;
};

/**
 * Throttles failed sign-ins without handing an attacker a lock-out. Unknown clients are limited
 * per handle and per IP; a known client (a browser the user signed in from before, proven by a
 * signed device cookie) is limited per device only, so failures by others against a handle never
 * keep its owner out of their own browser. Each attempt reserves a failure slot before the slow
 * password check, so parallel attempts cannot get past the limit; a success gives them back.
 * The counts live where `limiters` keeps them: with PostgreSQL, shared by every node, and each
 * reservation is one atomic hit there, so parallel attempts on several nodes cannot either.
 */
export class SigninThrottle {
  private readonly byHandle: Limiter;
  private readonly byIp: Limiter;
  private readonly byDevice: Limiter;

  constructor(limiters: LimiterFactory) {
    this.byHandle = limiters('signin:handle', SIGNIN_MAX_FAILURES, SIGNIN_WINDOW_MS);
    this.byIp = limiters('signin:ip', SIGNIN_MAX_FAILURES_PER_IP, SIGNIN_WINDOW_MS);
    this.byDevice = limiters('signin:device', SIGNIN_MAX_FAILURES_PER_DEVICE, SIGNIN_WINDOW_MS);
  }

  private limits(a: Attempt): [Limiter, string][] {
    return a.device !== undefined
      ? [[this.byDevice, a.device]]
      : [
          [this.byHandle, a.handle.toLowerCase()],
          [this.byIp, a.ip],
        ];
  }

  /**
   * Reserves a failure slot in each limit that applies. Blocked: the milliseconds until a
   * retry may succeed (nothing stays reserved). Allowed: 0.
   */
  async reserve(a: Attempt): Promise<number> {
    const hits = await Promise.all(
      this.limits(a).map(async ([limiter, key]) => ({ limiter, key, hit: await limiter.hit(key) })),
    );
    if (hits.every((h) => h.hit.allowed)) return 0;
    await Promise.all(hits.filter((h) => h.hit.allowed).map((h) => h.limiter.release(h.key)));
    return Math.max(...hits.map((h) => (h.hit.allowed ? 0 : h.hit.retryAfterMs)));
  }

  /** After a successful sign-in: the handle's (or device's) failures are forgiven. */
  async succeeded(a: Attempt): Promise<void> {
    if (a.device !== undefined) await this.byDevice.reset(a.device);
    else await Promise.all([this.byHandle.reset(a.handle.toLowerCase()), this.byIp.release(a.ip)]);
  }
}
