import { queryOptions } from '@tanstack/react-query';
import { apiQueryFn } from '../../lib/api';
import { ctxKey } from '../../lib/context-keys';

/** One monthly billing period (dates are YYYY-MM-DD, both inclusive, UTC). */
export type BillingPeriod = {
  start_date: string;
  end_date: string;
  credits_included: number;
  credits_used: number;
  /** Runs started by schedules (source `schedule`), and every other, with their credits. */
  runs?: { scheduled: RunCount; interactive: RunCount };
};

/** Executions of a period and the credits they used. */
export type RunCount = { executions: number; credits_used: number };

/**
 * GET /usage. The contract has no usage schema yet; this mirrors `UsageResponse` in
 * server/http/usage.ts.
 */
export type Usage = {
  billing_periods: BillingPeriod[];
  bytes_used: number;
  bytes_allowed: number;
  private_queries: number;
  private_dashboards: number;
};

export type UsageRange = { start_date: string; end_date: string };

export const usageKeys = {
  range: (ctx: string, range: UsageRange) => [...ctxKey(ctx), 'usage', range] as const,
};

/** Usage of `ctx` for the billing periods that overlap `range`. */
export const usageQueryOptions = (ctx: string, range: UsageRange) =>
  queryOptions({
    queryKey: usageKeys.range(ctx, range),
    queryFn: apiQueryFn<Usage>('/usage', { ctx, query: range }),
  });
