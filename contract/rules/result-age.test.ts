import { describe, expect, it } from 'vitest';
import { governingAge, isFreshEnough } from './result-age.js';

describe('isFreshEnough', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  it('no maximum: any result, whatever its age', () => {
    expect(isFreshEnough('2020-01-01T00:00:00Z', null, now)).toBe(true);
  });
  it('a result as old as the maximum is fresh; a second older is not', () => {
    expect(isFreshEnough('2026-01-01T11:00:00Z', 3600, now)).toBe(true);
    expect(isFreshEnough('2026-01-01T10:59:59Z', 3600, now)).toBe(false);
  });
  it('a run with no end is never fresh under a maximum', () => {
    expect(isFreshEnough(null, 3600, now)).toBe(false);
  });
});

describe('governingAge', () => {
  it('the dashboard decides when it has a maximum, else the query', () => {
    expect(governingAge(600, 3600)).toBe(600);
    expect(governingAge(null, 3600)).toBe(3600);
    expect(governingAge(undefined, null)).toBe(null);
  });
});
