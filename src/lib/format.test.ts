import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount } from './format';

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(1_000_000)).toBe('1,000,000');
    expect(formatCount(7)).toBe('7');
  });
});

describe('formatBytes', () => {
  it('is the shared one, in the docs’ binary units', () => {
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(1024 ** 3)).toBe('1 GiB');
    expect(formatBytes(-1)).toBe('—');
  });
});
