import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Store } from '../store/store.js';
import type { Clock, LimitDecision, Limiter } from './limiter.js';

/** Longer keys (a forwarded address is whatever the client sent) are kept as their hash. */
const MAX_KEY_LENGTH = 200;

type WindowRow = { window_start: number; count: number };

/**
 * A fixed-window limiter whose counts live in the store's `rate_windows` table (migration 010),
 * so every node on one PostgreSQL shares them: a hit is counted by one atomic statement, and
 * parallel hits from any number of nodes never get past the limit. The same semantics as
 * `FixedWindowLimiter`: the window starts at the key's first hit, a refused hit is not counted,
 * a limit of 0 disables it. Time is the injected clock (each node's own, NTP-synchronised: a
 * skew between nodes moves a window's end by that much). Rows of expired windows are deleted
 * at most once per window length by each node, so the table stays as large as the live keys.
 *
 * dialect: PostgreSQL only (a data-modifying WITH); the SQLite store, a single process, counts
 * in memory (limiters.ts).
 */
export class StoreLimiter implements Limiter {
  private nextSweep: number;

  constructor(
    private readonly store: Pick<Store, 'db'>,
    /** Which limit this is (a prefix of the rows' primary key): `api:low`, `signin:ip`... */
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly clock: Clock = () => Date.now(),
  ) {
    this.nextSweep = clock() + windowMs;
  }

  get enabled(): boolean {
    return this.limit > 0;
  }

  async hit(key: string): Promise<LimitDecision> {
    if (!this.enabled) return { allowed: true, remaining: Infinity };
    const k = storedKey(key);
    const now = this.clock();
    await this.sweep(now);
    const expired = now - this.windowMs;
    // A new key, or an expired window, starts a window at 1; a live one counts up, but only
    // while under the limit (the WHERE of DO UPDATE: else nothing is written or returned). The
    // second SELECT then reads the full window for the retry time, in the same round trip.
    const { rows } = await sql<WindowRow & { counted: boolean }>`
      WITH hit AS (
        INSERT INTO rate_windows AS w (name, key, window_start, count)
        VALUES (${this.name}, ${k}, ${now}, 1)
        ON CONFLICT (name, key) DO UPDATE SET
          window_start = CASE WHEN w.window_start <= ${expired}::bigint
            THEN ${now}::bigint ELSE w.window_start END,
          count = CASE WHEN w.window_start <= ${expired}::bigint THEN 1 ELSE w.count + 1 END
        WHERE w.window_start <= ${expired}::bigint OR w.count < ${this.limit}::integer
        RETURNING w.window_start, w.count
      )
      SELECT window_start, count, true AS counted FROM hit
      UNION ALL
      SELECT window_start, count, false AS counted FROM rate_windows
      WHERE name = ${this.name} AND key = ${k} AND NOT EXISTS (SELECT 1 FROM hit)
    `.execute(this.store.db);
    const row = rows[0];
    if (row?.counted) return { allowed: true, remaining: this.limit - row.count };
    // Refused. The statement's snapshot may predate the window that refused it (a node started
    // it meanwhile): then the retry time is read again.
    const start = row && row.window_start > expired ? row.window_start : await this.start(k, now);
    return { allowed: false, retryAfterMs: Math.max(1, start + this.windowMs - now) };
  }

  async check(key: string): Promise<LimitDecision> {
    if (!this.enabled) return { allowed: true, remaining: Infinity };
    const now = this.clock();
    const w = await this.current(storedKey(key), now);
    if (!w) return { allowed: true, remaining: this.limit };
    if (w.count >= this.limit)
      return { allowed: false, retryAfterMs: w.window_start + this.windowMs - now };
    return { allowed: true, remaining: this.limit - w.count };
  }

  async release(key: string): Promise<void> {
    if (!this.enabled) return;
    const expired = this.clock() - this.windowMs;
    await this.store.db
      .updateTable('rate_windows')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('name', '=', this.name)
      .where('key', '=', storedKey(key))
      .where('count', '>', 0)
      .where('window_start', '>', expired)
      .execute();
  }

  async reset(key: string): Promise<void> {
    await this.store.db
      .deleteFrom('rate_windows')
      .where('name', '=', this.name)
      .where('key', '=', storedKey(key))
      .execute();
  }

  /** The key's live window, if it has one. */
  private async current(k: string, now: number): Promise<WindowRow | undefined> {
    const w = await this.store.db
      .selectFrom('rate_windows')
      .select(['window_start', 'count'])
      .where('name', '=', this.name)
      .where('key', '=', k)
      .executeTakeFirst();
    return w && now - w.window_start < this.windowMs ? w : undefined;
  }

  /** When the key's live window started (now when it has none: retry at once). */
  private async start(k: string, now: number): Promise<number> {
    return (await this.current(k, now))?.window_start ?? now - this.windowMs;
  }

  /** Deletes this limit's expired windows, at most once per window length. */
  private async sweep(now: number): Promise<void> {
    if (now < this.nextSweep) return;
    this.nextSweep = now + this.windowMs;
    await this.store.db
      .deleteFrom('rate_windows')
      .where('name', '=', this.name)
      .where('window_start', '<=', now - this.windowMs)
      .execute();
  }
}

function storedKey(key: string): string {
  if (key.length <= MAX_KEY_LENGTH) return key;
  return `sha256:${createHash('sha256').update(key).digest('hex')}`;
}
