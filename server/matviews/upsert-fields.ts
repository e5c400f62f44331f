import type { Config } from '../config.js';
import { DEFAULT_TIER, isTierName, type TierName } from '../engine/tiers.js';
import { checkExpiry, checkSchedule, nextSlot } from '../scheduling/cron-rules.js';
import type { SourceQuery } from './matviews-ports.js';
import type { MatviewFields, MatviewRecord } from './matviews-repo.js';

export type UpsertInput = {
  name: string;
  query_id: number;
  /** undefined: keep (new view: none); null or empty: no schedule. */
  cron_expression?: string | null;
  /** undefined: keep (new view: none); null or empty: never. */
  expires_at?: string | null;
  /** undefined: keep (new view: the source query's privacy). */
  is_private?: boolean | null;
  /** undefined: keep (new view: the source query's engine tier). */
  performance?: TierName;
};

/**
 * The fields an upsert stores: what the request gives, else what the view had, else what a new
 * view of `query` starts with. Throws invalid for a schedule or expiry that does not fit.
 */
export function upsertFields(
  name: string,
  req: UpsertInput,
  query: Pick<SourceQuery, 'is_private' | 'engine'>,
  existing: MatviewRecord | undefined,
  config: Pick<Config, 'matviewMinIntervalMinutes'>,
  now: Date,
): MatviewFields {
  const cronExpression =
    req.cron_expression === undefined
      ? (existing?.cronExpression ?? null)
      : req.cron_expression?.trim()
        ? checkSchedule(req.cron_expression, config.matviewMinIntervalMinutes, now)
        : null;
  const expiresAt =
    req.expires_at === undefined
      ? (existing?.expiresAt ?? null)
      : req.expires_at?.trim()
        ? checkExpiry(req.expires_at, now)
        : null;
  return {
    name,
    isPrivate: req.is_private ?? existing?.isPrivate ?? query.is_private,
    cronExpression,
    expiresAt,
    nextExecutionTime: cronExpression ? nextSlot(cronExpression, now, expiresAt) : null,
    performance:
      req.performance ??
      existing?.performance ??
      (isTierName(query.engine) ? query.engine : DEFAULT_TIER),
  };
}
