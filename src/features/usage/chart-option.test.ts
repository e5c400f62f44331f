import { describe, expect, it } from 'vitest';
import type { BillingPeriod } from './api';
import { barLabel, OVER_COLOR, usageChartLabel, usageChartOption } from './chart-option';

const periods: BillingPeriod[] = [
  { start_date: '2025-01-01', end_date: '2025-01-31', credits_included: 100, credits_used: 40 },
  { start_date: '2025-02-01', end_date: '2025-02-28', credits_included: 100, credits_used: 130.5 },
];

describe('usageChartOption', () => {
  const option = usageChartOption(periods);
  const series = option.series as { name: string; type: string; data: unknown[] }[];

  it('has one category per billing period', () => {
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['Jan 2025', 'Feb 2025'] });
  });

  it('draws credits used as bars, marking a period over its included credits', () => {
    expect(series[0]).toMatchObject({ name: 'Credits used', type: 'bar' });
    expect(series[0]!.data).toEqual([40, { value: 130.5, itemStyle: { color: OVER_COLOR } }]);
  });

  it('draws credits included as a line', () => {
    expect(series[1]).toMatchObject({ name: 'Credits included', type: 'line', data: [100, 100] });
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
    expect(usageChartLabel(periods)).toContain('Jan 2025: 40 of 100; Feb 2025: 130.5 of 100');
  });
});
