import { FixedWindowLimiter, type Clock } from './rate-limit.js';

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
 */
export class SigninThrottle {
  private readonly byHandle: FixedWindowLimiter;
  private readonly byIp: FixedWindowLimiter;
  private readonly byDevice: FixedWindowLimiter;

  constructor(clock?: Clock) {
    this.byHandle = new FixedWindowLimiter(SIGNIN_MAX_FAILURES, SIGNIN_WINDOW_MS, clock);
    this.byIp = new FixedWindowLimiter(SIGNIN_MAX_FAILURES_PER_IP, SIGNIN_WINDOW_MS, clock);
    this.byDevice = new FixedWindowLimiter(SIGNIN_MAX_FAILURES_PER_DEVICE, SIGNIN_WINDOW_MS, clock);
  }

  private limits(a: Attempt): [FixedWindowLimiter, string][] {
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
  reserve(a: Attempt): number {
    const hits = this.limits(a).map(([limiter, key]) => ({ limiter, key, hit: limiter.hit(key) }));
    if (hits.every((h) => h.hit.allowed)) return 0;
    for (const h of hits) if (h.hit.allowed) h.limiter.release(h.key);
    return Math.max(...hits.map((h) => (h.hit.allowed ? 0 : h.hit.retryAfterMs)));
  }

  /** After a successful sign-in: the handle's (or device's) failures are forgiven. */
  succeeded(a: Attempt): void {
    if (a.device !== undefined) this.byDevice.reset(a.device);
    else {
      this.byHandle.reset(a.handle.toLowerCase());
      this.byIp.release(a.ip);
    }
  }
}
