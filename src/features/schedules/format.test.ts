import { describe, expect, it } from 'vitest';
import { utcText } from './format';

describe('schedule formats', () => {
  it('a UTC time', () => {
    expect(utcText('2026-03-04T06:00:00.000Z')).toBe('2026-03-04 06:00 UTC');
  });
});
