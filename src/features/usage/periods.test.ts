import { describe, expect, it } from 'vitest';
import { formatCredits, lastMonths, percentOf, periodLabel, runsText } from './periods';

describe('lastMonths', () => {
  it('starts on the first day of the month months-1 before today, ends today', () => {
    expect(lastMonths(6, new Date('2025-03-10T12:00:00Z'))).toEqual({
      start_date: '2024-10-01',
      end_date: '2025-03-10',
    });
  });
  it('is the current month only for one month', () => {
    expect(lastMonths(1, new Date('2025-01-31T23:59:00Z'))).toEqual({
      start_date: '2025-01-01',
      end_date: '2025-01-31',
    });
  });
  it('crosses several years', () => {
    expect(lastMonths(24, new Date('2025-02-01T00:00:00Z')).start_date).toBe('2023-03-01');
  });
});

describe('periodLabel', () => {
  it('names the month and year of the period start', () => {
    expect(periodLabel({ start_date: '2025-03-01' })).toBe('Mar 2025');
    expect(periodLabel({ start_date: '2024-12-01' })).toBe('Dec 2024');
  });
});

describe('formatCredits', () => {
  it('keeps at most two decimals and groups thousands', () => {
    expect(formatCredits(1234.5678)).toBe('1,234.57');
    expect(formatCredits(0)).toBe('0');
  });
});

describe('percentOf', () => {
  it('is the share, clamped to 0..100', () => {
    expect(percentOf(25, 100)).toBe(25);
    expect(percentOf(300, 100)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(5, 0)).toBe(100);
  });
});

describe('runsText', () => {
  it('counts runs and their credits', () => {
    expect(runsText({ executions: 1, credits_used: 0.5 })).toBe('1 run, 0.5 credits');
    expect(runsText({ executions: 1200, credits_used: 2500.123 })).toBe(
      '1,200 runs, 2,500.12 credits',
    );
  });
});
