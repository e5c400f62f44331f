import type { BillingPeriod, UsageRange } from './api';

/** The period choices of the usage page, in months. */
export const MONTH_CHOICES = [3, 6, 12, 24] as const;
export type Months = (typeof MONTH_CHOICES)[number];
export const DEFAULT_MONTHS: Months = 6;

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The last `months` billing periods (calendar months, UTC) up to today. */
export function lastMonths(months: number, today: Date = new Date()): UsageRange {
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (months - 1), 1));
  return { start_date: day(start), end_date: day(today) };
}

const MONTH_NAMES = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** "Mar 2025" for the period starting 2025-03-01. */
export function periodLabel(p: Pick<BillingPeriod, 'start_date'>): string {
  const [year, month] = p.start_date.split('-');
  return `${MONTH_NAMES[Number(month) - 1] ?? month} ${year}`;
}

/** Credits with at most two decimals and thousands separators. */
export function formatCredits(credits: number): string {
  return credits.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** Share of `used` in `allowed` as a percentage for a progress bar, 0..100. */
export function percentOf(used: number, allowed: number): number {
  if (allowed <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, (used / allowed) * 100));
}

/** "3 runs, 1.25 credits". */
export function runsText(r: { executions: number; credits_used: number }): string {
  return `${r.executions.toLocaleString('en-US')} ${r.executions === 1 ? 'run' : 'runs'}, ${formatCredits(r.credits_used)} credits`;
}
