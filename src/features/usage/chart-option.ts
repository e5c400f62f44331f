import type { EChartsOption } from '../../components/echart';
import type { BillingPeriod } from './api';
import { formatCredits, periodLabel } from './periods';

export const OVER_COLOR = '#e03131';

/** A bar's label: its credits, or nothing for an unused period. */
export function barLabel(params: { value?: unknown }): string {
  const value = typeof params.value === 'number' ? params.value : 0;
  return value > 0 ? formatCredits(value) : '';
}

/**
 * Credits used per billing period as bars, the credits included as a dashed step line; a bar over
 * its period's included credits is red. Pure, so it is tested without a browser.
 */
export function usageChartOption(periods: BillingPeriod[]): EChartsOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, data: ['Credits used', 'Credits included'] },
    grid: { left: 56, right: 24, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: periods.map(periodLabel) },
    yAxis: { type: 'value', name: 'credits', nameGap: 12 },
    series: [
      {
        name: 'Credits used',
        type: 'bar',
        barMaxWidth: 48,
        // The value above each bar, so small usage against a large allowance is still readable.
        label: { show: true, position: 'top', formatter: barLabel },
        data: periods.map((p) =>
          p.credits_used > p.credits_included
            ? { value: p.credits_used, itemStyle: { color: OVER_COLOR } }
            : p.credits_used,
        ),
      },
      {
        name: 'Credits included',
        type: 'line',
        step: 'middle',
        symbol: 'none',
        lineStyle: { type: 'dashed', width: 2 },
        data: periods.map((p) => p.credits_included),
      },
    ],
  };
}

/** What the chart shows, in words (its accessible name). */
export function usageChartLabel(periods: BillingPeriod[]): string {
  const parts = periods.map(
    (p) =>
      `${periodLabel(p)}: ${formatCredits(p.credits_used)} of ${formatCredits(p.credits_included)}`,
  );
  return `Credits used against included per billing period. ${parts.join('; ')}`;
}
