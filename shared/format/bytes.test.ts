import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes';

describe('formatBytes', () => {
  it('uses binary units as the docs do, one decimal under 100', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    // the imported dataset the CLI printed as 10.9 KB and the page as 11.1 kB
    expect(formatBytes(11_136)).toBe('10.9 KiB');
    expect(formatBytes(250 * 1024 ** 2)).toBe('250 MiB');
    expect(formatBytes(1024 ** 3)).toBe('1 GiB');
    expect(formatBytes(4 * 1024 ** 3)).toBe('4 GiB');
    expect(formatBytes(2_100_000_000)).toBe('2 GiB');
    expect(formatBytes(3 * 1024 ** 6)).toBe('3072 PiB');
  });

  it('shows a dash for values that are not sizes', () => {
    expect(formatBytes(-1)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('—');
  });
});
