/** Milliseconds since the epoch; injectable so tests can move time. */
export type Clock = () => number;

export type LimitDecision =
  { allowed: true; remaining: number } | { allowed: false; retryAfterMs: number };

/**
 * A fixed-window counter per key: at most `limit` hits in a window of `windowMs` that starts at
 * the key's first hit. A limit of 0 (or less) disables it. Async, so that the count may live in
 * the metadata store and hold across nodes (limiters.ts picks the implementation).
 */
export interface Limiter {
  readonly limit: number;
  readonly windowMs: number;
  readonly enabled: boolean;
  /** Counts a hit unless the key is over its limit (a refused hit is not counted). */
  hit(key: string): Promise<LimitDecision>;
  /** Whether one more hit is allowed now, without counting it. */
  check(key: string): Promise<LimitDecision>;
  /** Takes back one counted hit of the current window (never below zero). */
  release(key: string): Promise<void>;
  /** Forgets a key's hits. */
  reset(key: string): Promise<void>;
}

type Window = { start: number; count: number };

/**
 * The in-process fixed-window counter (one node: the SQLite store). Synchronous and pure apart
 * from the injected clock; `MemoryLimiter` gives it the async `Limiter` shape.
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

/** A `FixedWindowLimiter` as a `Limiter`: the counts stay in this process. */
export class MemoryLimiter implements Limiter {
  constructor(private readonly counter: FixedWindowLimiter) {}

  get limit(): number {
    return this.counter.limit;
  }

  get windowMs(): number {
    return this.counter.windowMs;
  }

  get enabled(): boolean {
    return this.counter.enabled;
  }

  hit(key: string): Promise<LimitDecision> {
    return Promise.resolve(this.counter.hit(key));
  }

  check(key: string): Promise<LimitDecision> {
    return Promise.resolve(this.counter.check(key));
  }

  release(key: string): Promise<void> {
    this.counter.release(key);
    return Promise.resolve();
  }

  reset(key: string): Promise<void> {
    this.counter.reset(key);
    return Promise.resolve();
  }
}
