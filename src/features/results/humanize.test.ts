import { describe, expect, it } from 'vitest';
import { formatDuration, millisBetween } from './humanize';

describe('humanize', () => {
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
