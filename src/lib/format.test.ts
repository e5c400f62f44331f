import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount } from './format';

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(1_000_000)).toBe('1,000,000');
    expect(formatCount(7)).toBe('7');
  });
});

describe('formatBytes', () => {
  it('uses decimal units, one decimal under 100', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1500)).toBe('1.5 kB');
    expect(formatBytes(12_345_678)).toBe('12.3 MB');
    expect(formatBytes(250_000_000)).toBe('250 MB');
    expect(formatBytes(1024 ** 3)).toBe('1.1 GB');
    expect(formatBytes(3e18)).toBe('3000 PB');
  });
  it('shows a dash for values that are not sizes', () => {
    expect(formatBytes(-1)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('—');
  });
});
