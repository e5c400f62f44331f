import { describe, expect, it } from 'vitest';
import { fromNow, localDateTime, shortDateTime } from './time';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('fromNow', () => {
  it('says how long ago in the largest fitting unit', () => {
    expect(fromNow(ago(10), now)).toBe('just now');
    expect(fromNow(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(fromNow(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(fromNow(ago(24 * 3600), now)).toBe('1 day ago');
    expect(fromNow(ago(3 * 24 * 3600), now)).toBe('3 days ago');
    expect(fromNow(ago(400 * 24 * 3600), now)).toBe('1 year ago');
    expect(fromNow(ago(-2 * 3600), now)).toBe('in 2 hours');
  });
  it('returns null for an invalid time', () => {
    expect(fromNow('not a date', now)).toBeNull();
  });
});

describe('localDateTime', () => {
  it('formats in local time with seconds', () => {
    const d = new Date(2026, 0, 2, 3, 4, 5);
    expect(localDateTime(d.toISOString())).toBe('2026-01-02 03:04:05');
    expect(localDateTime('nope')).toBeNull();
  });
});

describe('localDateTime without seconds', () => {
  it('stops at the minute', () => {
    const d = new Date(2026, 0, 2, 3, 4, 5);
    expect(localDateTime(d.toISOString(), { seconds: false })).toBe('2026-01-02 03:04');
  });
});

describe('shortDateTime', () => {
  it('formats a local day, month name and time', () => {
    expect(shortDateTime('2025-03-03T14:05:00')).toBe('3 Mar 2025, 14:05');
    expect(shortDateTime(new Date(2025, 11, 31, 9, 7).toISOString())).toBe('31 Dec 2025, 09:07');
    expect(shortDateTime('soon')).toBeNull();
  });
});
