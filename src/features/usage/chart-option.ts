import type { EChartsOption } from '../../components/echart';
import type { BillingPeriod } from './api';
import { formatCredits, periodLabel } from './periods';

export const OVER_COLOR = '#e03131';
export const SCHEDULED_COLOR = '#12b886';
export const INTERACTIVE_COLOR = '#4c6ef5';

/** A bar's label: its credits, or nothing for an unused period. */
export function barLabel(params: { value?: unknown }): string {
  const value = typeof params.value === 'number' ? params.value : 0;
  return value > 0 ? formatCredits(value) : '';
}

/** A period's credits apart: scheduled runs, and every other (interactive, API, pipelines). */
export function creditsBySource(p: BillingPeriod): { scheduled: number; interactive: number } {
  const scheduled = Math.min(p.runs?.scheduled.credits_used ?? 0, p.credits_used);
  // the rest of the period's credits, so the stack is exactly the credits used
  return { scheduled, interactive: Math.max(0, p.credits_used - scheduled) };
}

/**
 * Credits used per billing period as stacked bars, scheduled runs under interactive ones, the
 * total above each; the credits included as a dashed step line. A period over its included
 * credits has a red total. Pure, so it is tested without a browser.
 */
export function usageChartOption(periods: BillingPeriod[]): EChartsOption {
  const split = periods.map(creditsBySource);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, data: ['Scheduled', 'Interactive', 'Credits included'] },
    grid: { left: 56, right: 24, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: periods.map(periodLabel) },
    yAxis: { type: 'value', name: 'credits', nameGap: 12 },
    series: [
      {
        name: 'Scheduled',
        type: 'bar',
        stack: 'credits',
        barMaxWidth: 48,
        color: SCHEDULED_COLOR,
        data: split.map((c) => c.scheduled),
      },
      {
        name: 'Interactive',
        type: 'bar',
        stack: 'credits',
        barMaxWidth: 48,
        color: INTERACTIVE_COLOR,
        // The total above each stack, so small usage against a large allowance is still readable.
        data: periods.map((p, i) => ({
          value: split[i]!.interactive,
          label: {
            show: true,
            position: 'top',
            formatter: barLabel({ value: p.credits_used }),
            ...(p.credits_used > p.credits_included
              ? { color: OVER_COLOR, fontWeight: 'bold' }
              : {}),
          },
        })),
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
  const parts = periods.map((p) => {
    const c = creditsBySource(p);
    return (
      `${periodLabel(p)}: ${formatCredits(p.credits_used)} of ${formatCredits(p.credits_included)}` +
      ` (scheduled ${formatCredits(c.scheduled)}, interactive ${formatCredits(c.interactive)})`
    );
  });
  return `Credits used against included per billing period. ${parts.join('; ')}`;
}
