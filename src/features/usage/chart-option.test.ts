import { describe, expect, it } from 'vitest';
import type { BillingPeriod } from './api';
import {
  barLabel,
  creditsBySource,
  OVER_COLOR,
  usageChartLabel,
  usageChartOption,
} from './chart-option';

const runs = (scheduled: number, interactive: number) => ({
  scheduled: { executions: 3, credits_used: scheduled },
  interactive: { executions: 5, credits_used: interactive },
});
const periods: BillingPeriod[] = [
  {
    start_date: '2025-01-01',
    end_date: '2025-01-31',
    credits_included: 100,
    credits_used: 40,
    runs: runs(30, 10),
  },
  { start_date: '2025-02-01', end_date: '2025-02-28', credits_included: 100, credits_used: 130.5 },
];

describe('usageChartOption', () => {
  const option = usageChartOption(periods);
  const series = option.series as { name: string; type: string; data: unknown[] }[];

  it('has one category per billing period', () => {
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['Jan 2025', 'Feb 2025'] });
  });

  it('stacks scheduled and interactive credits, the total above, red over the included', () => {
    expect(series[0]).toMatchObject({ name: 'Scheduled', type: 'bar', stack: 'credits' });
    expect(series[0]!.data).toEqual([30, 0]);
    expect(series[1]).toMatchObject({ name: 'Interactive', type: 'bar', stack: 'credits' });
    const top = series[1]!.data as {
      value: number;
      label: { formatter: string; color?: string };
    }[];
    expect(top.map((d) => d.value)).toEqual([10, 130.5]);
    expect(top.map((d) => d.label.formatter)).toEqual(['40', '130.5']);
    expect(top[0]!.label.color).toBeUndefined();
    expect(top[1]!.label.color).toBe(OVER_COLOR);
  });

  it('draws credits included as a line', () => {
    expect(series[2]).toMatchObject({ name: 'Credits included', type: 'line', data: [100, 100] });
  });

  it('is empty, not broken, without periods', () => {
    const empty = usageChartOption([]);
    expect(empty.xAxis).toMatchObject({ data: [] });
  });
});

describe('barLabel', () => {
  it('shows the credits of a used period and nothing for an unused one', () => {
    expect(barLabel({ value: 1.256 })).toBe('1.26');
    expect(barLabel({ value: 0 })).toBe('');
    expect(barLabel({ value: undefined })).toBe('');
  });
});

describe('usageChartLabel', () => {
  it('reads out every period', () => {
    expect(usageChartLabel(periods)).toContain(
      'Jan 2025: 40 of 100 (scheduled 30, interactive 10); Feb 2025: 130.5 of 100 (scheduled 0, interactive 130.5)',
    );
  });
});

describe('creditsBySource', () => {
  it('splits a period’s credits so the two add up to the credits used', () => {
    expect(creditsBySource(periods[0]!)).toEqual({ scheduled: 30, interactive: 10 });
    // without runs (the hosted answer) everything is interactive
    expect(creditsBySource(periods[1]!)).toEqual({ scheduled: 0, interactive: 130.5 });
    // never more scheduled than used (rounding apart)
    expect(creditsBySource({ ...periods[0]!, credits_used: 29.9 })).toEqual({
      scheduled: 29.9,
      interactive: 0,
    });
  });
});
