import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatDuration, millisBetween } from './humanize';

describe('humanize', () => {
  it('formats counts with separators', () => {
    expect(formatCount(1_000_000)).toBe('1,000,000');
    expect(formatCount(7)).toBe('7');
  });
  it('formats bytes in decimal units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1500)).toBe('1.5 kB');
    expect(formatBytes(12_345_678)).toBe('12.3 MB');
    expect(formatBytes(250_000_000)).toBe('250 MB');
    expect(formatBytes(-1)).toBe('—');
  });
  it('formats durations', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(1250)).toBe('1.25 s');
    expect(formatDuration(42_000)).toBe('42.0 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(120_000)).toBe('2 min');
  });
  it('measures between RFC 3339 times', () => {
    expect(millisBetween('2024-01-01T00:00:00.000Z', '2024-01-01T00:00:01.500Z')).toBe(1500);
    expect(millisBetween(undefined, '2024-01-01T00:00:01Z')).toBeUndefined();
    expect(millisBetween('2024-01-01T00:00:02Z', '2024-01-01T00:00:01Z')).toBeUndefined();
    expect(millisBetween('garbage', '2024-01-01T00:00:01Z')).toBeUndefined();
  });
});
