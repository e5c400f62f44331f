import { describe, expect, it } from 'vitest';
import { FixedWindowLimiter } from '../limits/limiter.js';
import { bucketOf, retryAfterSeconds } from './rate-limit.js';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('FixedWindowLimiter', () => {
  it('allows `limit` hits per window, then refuses with the time left', () => {
    const t = clock();
    const l = new FixedWindowLimiter(3, 60_000, t.now);
    expect(l.hit('a')).toEqual({ allowed: true, remaining: 2 });
    expect(l.hit('a')).toEqual({ allowed: true, remaining: 1 });
    t.advance(10_000);
    expect(l.hit('a')).toEqual({ allowed: true, remaining: 0 });
    t.advance(5_000);
    expect(l.hit('a')).toEqual({ allowed: false, retryAfterMs: 45_000 });
    expect(l.check('a')).toEqual({ allowed: false, retryAfterMs: 45_000 });
  });

  it('refused hits are not counted, and the window resets after windowMs', () => {
    const t = clock();
    const l = new FixedWindowLimiter(1, 1_000, t.now);
    expect(l.hit('a').allowed).toBe(true);
    for (let i = 0; i < 5; i++) expect(l.hit('a').allowed).toBe(false);
    t.advance(999);
    expect(l.hit('a')).toEqual({ allowed: false, retryAfterMs: 1 });
    t.advance(1);
    expect(l.hit('a')).toEqual({ allowed: true, remaining: 0 });
    expect(l.hit('a').allowed).toBe(false);
  });

  it('counts keys separately', () => {
    const t = clock();
    const l = new FixedWindowLimiter(1, 1_000, t.now);
    expect(l.hit('a').allowed).toBe(true);
    expect(l.hit('a').allowed).toBe(false);
    expect(l.hit('b').allowed).toBe(true);
    expect(l.check('c')).toEqual({ allowed: true, remaining: 1 });
  });

  it('check does not count', () => {
    const l = new FixedWindowLimiter(2, 1_000, clock().now);
    for (let i = 0; i < 5; i++) expect(l.check('a')).toEqual({ allowed: true, remaining: 2 });
    expect(l.hit('a')).toEqual({ allowed: true, remaining: 1 });
    expect(l.check('a')).toEqual({ allowed: true, remaining: 1 });
  });

  it('reset forgets a key', () => {
    const l = new FixedWindowLimiter(1, 1_000, clock().now);
    l.hit('a');
    l.hit('b');
    expect(l.hit('a').allowed).toBe(false);
    l.reset('a');
    expect(l.hit('a').allowed).toBe(true);
    expect(l.hit('b').allowed).toBe(false);
  });

  it('release takes back one hit, never below zero', () => {
    const l = new FixedWindowLimiter(2, 1_000, clock().now);
    l.hit('a');
    l.hit('a');
    expect(l.hit('a').allowed).toBe(false);
    l.release('a');
    expect(l.hit('a')).toEqual({ allowed: true, remaining: 0 });
    l.release('a');
    l.release('a');
    l.release('a');
    l.release('nobody');
    expect(l.check('a')).toEqual({ allowed: true, remaining: 2 });
  });

  it('a limit of 0 disables it', () => {
    const l = new FixedWindowLimiter(0, 1_000, clock().now);
    expect(l.enabled).toBe(false);
    for (let i = 0; i < 100; i++) expect(l.hit('a').allowed).toBe(true);
    expect(l.check('a').allowed).toBe(true);
    expect(l.size).toBe(0);
  });

  it('drops expired windows so memory stays bounded', () => {
    const t = clock();
    const l = new FixedWindowLimiter(5, 1_000, t.now);
    for (let i = 0; i < 100; i++) l.hit(`k${i}`);
    expect(l.size).toBe(100);
    t.advance(1_000);
    l.hit('fresh');
    expect(l.size).toBe(1);
  });
});

describe('retryAfterSeconds', () => {
  it('rounds up to whole seconds, at least 1', () => {
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(1_000)).toBe(1);
    expect(retryAfterSeconds(1_001)).toBe(2);
    expect(retryAfterSeconds(59_500)).toBe(60);
  });
});

describe('bucketOf', () => {
  it.each([
    ['GET', '/api/v1/query/1', 'high'],
    ['HEAD', '/api/v1/query/1', 'high'],
    ['GET', '/api/v1/execution/01X/results', 'high'],
    ['POST', '/api/v1/execution/01X/cancel', 'high'],
    ['POST', '/api/v1/usage', 'high'],
    ['POST', '/api/v1/datasets/search', 'high'],
    ['POST', '/api/v1/datasets/search-by-contract', 'high'],
    ['POST', '/api/v1/query', 'low'],
    ['POST', '/api/v1/query/1/execute', 'low'],
    ['POST', '/api/v1/sql/execute', 'low'],
    ['PATCH', '/api/v1/query/1', 'low'],
    ['PUT', '/api/v1/query/1', 'low'],
    ['DELETE', '/api/v1/keys/abc', 'low'],
    ['DELETE', '/api/v1/execution/01X/cancel', 'low'],
    ['POST', '/api/v1/uploads/create', 'low'],
    ['POST', '/api/v1/datasets/mine', 'low'],
  ])('%s %s is %s', (method, path, bucket) => {
    expect(bucketOf(method, path)).toBe(bucket);
  });
});
