import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLastUsed } from './format';

describe('formatLastUsed', () => {
  const now = new Date('2025-03-10T12:00:00Z');
  it('says Never for a key that was never used', () => {
    expect(formatLastUsed(null, now)).toBe('Never');
  });
  it('says how long ago a key was used', () => {
    expect(formatLastUsed('2025-03-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatLastUsed('2025-03-07T12:00:00Z', now)).toBe('3 days ago');
  });
  it('keeps a value it cannot read', () => {
    expect(formatLastUsed('not a date', now)).toBe('not a date');
  });
});

describe('formatDateTime', () => {
  it('formats a timestamp as a local date and time', () => {
    const iso = '2025-03-03T14:05:00';
    expect(formatDateTime(iso)).toBe('3 Mar 2025, 14:05');
  });
  it('keeps a value it cannot read', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});
