import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SigninThrottle, SIGNIN_MAX_FAILURES } from '../auth/signin-throttle.js';
import { openStore } from '../store/open.js';
import type { Store } from '../store/store.js';
import { createDatabase } from '../test/postgres.js';
import { limiterFactory } from './limiters.js';
import { MemoryLimiter } from './limiter.js';
import { StoreLimiter } from './store-limiter.js';

/** Two nodes: two stores, each with its own pool, on one database. */
let a: Store;
let b: Store;
let drop: () => Promise<void>;
let seq = 0;
/** A limit name of its own for each test, so tests share no rows. */
const fresh = () => `test:${++seq}`;

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const rows = async (name: string) =>
  a.db
    .selectFrom('rate_windows')
    .select(['key', 'window_start', 'count'])
    .where('name', '=', name)
    .orderBy('key')
    .execute();

beforeAll(async () => {
  const db = await createDatabase(inject('postgresUrl'), 'strata_limits');
  drop = db.drop;
  a = await openStore({ dataDir: '/nonexistent', databaseUrl: db.url });
  b = await openStore({ dataDir: '/nonexistent', databaseUrl: db.url });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await drop();
});

describe('limiterFactory', () => {
  it('counts in the store on PostgreSQL, in memory otherwise', () => {
    expect(limiterFactory(a)('x', 1, 1000)).toBeInstanceOf(StoreLimiter);
    expect(limiterFactory({ db: a.db, dialect: 'sqlite' })('x', 1, 1000)).toBeInstanceOf(
      MemoryLimiter,
    );
  });
});

describe('StoreLimiter', () => {
  it('holds the limit across two nodes: hits split over both get exactly `limit` allowed', async () => {
    const name = fresh();
    const t = clock();
    const onA = new StoreLimiter(a, name, 5, 60_000, t.now);
    const onB = new StoreLimiter(b, name, 5, 60_000, t.now);
    const decisions = [];
    for (let i = 0; i < 12; i++) {
      decisions.push(await (i % 2 ? onB : onA).hit('ctx'));
      t.advance(1_000);
    }
    expect(decisions.slice(0, 5)).toEqual(
      [4, 3, 2, 1, 0].map((r) => ({ allowed: true, remaining: r })),
    );
    // Refused on both nodes, with the time left of the window started by the first hit.
    expect(decisions.slice(5)).toEqual(
      [5, 6, 7, 8, 9, 10, 11].map((s) => ({ allowed: false, retryAfterMs: 60_000 - s * 1_000 })),
    );
    expect(await onB.check('ctx')).toEqual({ allowed: false, retryAfterMs: 48_000 });
    expect(await onA.check('other')).toEqual({ allowed: true, remaining: 5 });
  });

  it('does not count a refused hit', async () => {
    const name = fresh();
    const t = clock();
    const onA = new StoreLimiter(a, name, 2, 1_000, t.now);
    const onB = new StoreLimiter(b, name, 2, 1_000, t.now);
    await onA.hit('k');
    await onB.hit('k');
    for (let i = 0; i < 5; i++) expect((await (i % 2 ? onA : onB).hit('k')).allowed).toBe(false);
    expect(await rows(name)).toEqual([{ key: 'k', window_start: 1_000_000, count: 2 }]);
    // One slot given back is exactly one more hit.
    await onB.release('k');
    expect(await onA.hit('k')).toEqual({ allowed: true, remaining: 0 });
    expect((await onB.hit('k')).allowed).toBe(false);
  });

  it('starts a new window once the old one has expired', async () => {
    const name = fresh();
    const t = clock();
    const onA = new StoreLimiter(a, name, 1, 1_000, t.now);
    const onB = new StoreLimiter(b, name, 1, 1_000, t.now);
    expect((await onA.hit('k')).allowed).toBe(true);
    t.advance(999);
    expect(await onB.hit('k')).toEqual({ allowed: false, retryAfterMs: 1 });
    t.advance(1);
    expect(await onB.hit('k')).toEqual({ allowed: true, remaining: 0 });
    expect(await onA.hit('k')).toEqual({ allowed: false, retryAfterMs: 1_000 });
    expect(await rows(name)).toEqual([{ key: 'k', window_start: 1_001_000, count: 1 }]);
  });

  it('release never goes below zero, nor touches an expired window; reset forgets a key', async () => {
    const name = fresh();
    const t = clock();
    const l = new StoreLimiter(b, name, 2, 1_000, t.now);
    await l.hit('k');
    await l.hit('gone');
    for (let i = 0; i < 3; i++) await l.release('k');
    await l.release('nobody');
    expect(await l.check('k')).toEqual({ allowed: true, remaining: 2 });
    await l.hit('k');
    await l.hit('k');
    await new StoreLimiter(a, name, 2, 1_000, t.now).reset('k');
    expect(await l.hit('k')).toEqual({ allowed: true, remaining: 1 });
    t.advance(1_000);
    await l.release('gone');
    expect((await rows(name)).find((r) => r.key === 'gone')?.count).toBe(1);
  });

  it('deletes expired rows, so the table stays as large as the live keys', async () => {
    const name = fresh();
    const other = fresh();
    const t = clock();
    const l = new StoreLimiter(a, name, 5, 1_000, t.now);
    await new StoreLimiter(a, other, 5, 1_000, t.now).hit('kept');
    for (let i = 0; i < 30; i++) await l.hit(`k${i}`);
    expect(await rows(name)).toHaveLength(30);
    t.advance(500);
    await l.hit('k0');
    expect(await rows(name)).toHaveLength(30);
    t.advance(500);
    await l.hit('fresh');
    expect((await rows(name)).map((r) => r.key)).toEqual(['fresh']);
    // Only this limit's rows: another limit's are its own to sweep.
    expect(await rows(other)).toHaveLength(1);
  });

  it('keeps a long key as its hash', async () => {
    const name = fresh();
    const l = new StoreLimiter(a, name, 1, 60_000);
    const long = `ip:${'9'.repeat(5_000)}`;
    expect((await l.hit(long)).allowed).toBe(true);
    expect((await l.hit(long)).allowed).toBe(false);
    expect((await l.hit(`${long}0`)).allowed).toBe(true);
    expect((await rows(name)).map((r) => r.key)).toEqual([
      expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    ]);
  });

  it('a limit of 0 allows everything and writes nothing', async () => {
    const name = fresh();
    const l = new StoreLimiter(a, name, 0, 1_000);
    expect(l.enabled).toBe(false);
    for (let i = 0; i < 10; i++) expect((await l.hit('k')).allowed).toBe(true);
    expect((await l.check('k')).allowed).toBe(true);
    expect(await rows(name)).toEqual([]);
  });

  it('50 parallel hits over two pools allow exactly `limit`, on a new key and on a live one', async () => {
    const name = fresh();
    const onA = new StoreLimiter(a, name, 7, 60_000);
    const onB = new StoreLimiter(b, name, 7, 60_000);
    const burst = (key: string) =>
      Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? onB : onA).hit(key)));
    const first = await burst('new');
    expect(first.filter((d) => d.allowed)).toHaveLength(7);
    expect(first.filter((d) => !d.allowed).every((d) => !d.allowed && d.retryAfterMs > 0)).toBe(
      true,
    );
    await onA.hit('live');
    const second = await burst('live');
    expect(second.filter((d) => d.allowed)).toHaveLength(6);
    expect(await rows(name)).toEqual([
      expect.objectContaining({ key: 'live', count: 7 }),
      expect.objectContaining({ key: 'new', count: 7 }),
    ]);
  });
});

describe('SigninThrottle on two nodes', () => {
  const attempt = (handle: string, ip: string) => ({ handle, ip });

  it('counts failures on node A on node B, and a success on B forgives them on A', async () => {
    const t = clock(Date.now());
    const onA = new SigninThrottle(limiterFactory(a, t.now));
    const onB = new SigninThrottle(limiterFactory(b, t.now));
    for (let i = 0; i < SIGNIN_MAX_FAILURES; i++)
      expect(await (i % 2 ? onB : onA).reserve(attempt('Victim', `10.0.0.${i}`))).toBe(0);
    t.advance(60_000);
    expect(await onB.reserve(attempt('victim', '10.0.1.1'))).toBe(14 * 60_000);
    expect(await onA.reserve(attempt('VICTIM', '10.0.1.2'))).toBe(14 * 60_000);
    // The refused attempts took back what they reserved in the IP limit.
    const ips = await a.db
      .selectFrom('rate_windows')
      .select(['key', 'count'])
      .where('name', '=', 'signin:ip')
      .where('key', 'in', ['10.0.1.1', '10.0.1.2'])
      .orderBy('key')
      .execute();
    expect(ips).toEqual([
      { key: '10.0.1.1', count: 0 },
      { key: '10.0.1.2', count: 0 },
    ]);
    await onB.succeeded(attempt('victim', '10.0.1.3'));
    expect(await onA.reserve(attempt('victim', '10.0.1.4'))).toBe(0);
  });

  it('parallel attempts on both nodes cannot get past the limit', async () => {
    const onA = new SigninThrottle(limiterFactory(a));
    const onB = new SigninThrottle(limiterFactory(b));
    const all = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        (i % 2 ? onB : onA).reserve(attempt('parallel_victim', '10.0.2.1')),
      ),
    );
    expect(all.filter((ms) => ms === 0)).toHaveLength(SIGNIN_MAX_FAILURES);
    expect(all.filter((ms) => ms > 0)).toHaveLength(25 - SIGNIN_MAX_FAILURES);
  });
});
