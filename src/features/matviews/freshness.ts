import { isRunningState, UNSUCCESSFUL_EXECUTION_STATES } from '../../../contract/rules/enums';
/**
 * How fresh a view's data is, for its badge: refreshing (a refresh is running), never refreshed
 * (no data stored yet), stale (a scheduled refresh is overdue, or the latest refresh failed and
 * the data is older than it), fresh otherwise. Pure: the schedule's interval comes from the
 * caller (schedule.ts).
 */
export type FreshnessKind = 'fresh' | 'stale' | 'never' | 'refreshing';

export type Freshness = { kind: FreshnessKind; label: string; color: string; reason: string };

export type FreshnessInput = {
  refreshed_at: string | null;
  last_refresh: { state: string; ended_at: string | null } | null;
  /** The shortest gap between scheduled runs, in minutes; null without a schedule. */
  intervalMinutes: number | null;
};

const failed = (state: string) =>
  (UNSUCCESSFUL_EXECUTION_STATES as readonly string[]).includes(state);

/** A scheduled view is stale once its data is older than one and a half intervals. */
export const STALE_FACTOR = 1.5;

const minutesText = (m: number) =>
  m >= 1440 && m % 1440 === 0
    ? `${m / 1440} day${m === 1440 ? '' : 's'}`
    : m >= 60 && m % 60 === 0
      ? `${m / 60} hour${m === 60 ? '' : 's'}`
      : `${m} minutes`;

export function freshness(view: FreshnessInput, now: Date = new Date()): Freshness {
  const last = view.last_refresh;
  if (last && isRunningState(last.state))
    return {
      kind: 'refreshing',
      label: 'Refreshing',
      color: 'blue',
      reason: 'A refresh is running',
    };
  if (!view.refreshed_at)
    return {
      kind: 'never',
      label: 'Never refreshed',
      color: 'gray',
      reason:
        last && failed(last.state)
          ? 'The only refresh did not complete: no data yet'
          : 'No data stored yet',
    };
  const refreshedAt = Date.parse(view.refreshed_at);
  const failedSince = last && failed(last.state) && Date.parse(last.ended_at ?? '') > refreshedAt;
  if (failedSince)
    return {
      kind: 'stale',
      label: 'Stale',
      color: 'orange',
      reason: 'The latest refresh did not complete: the previous data is served',
    };
  const ageMinutes = (now.getTime() - refreshedAt) / 60_000;
  if (view.intervalMinutes !== null && ageMinutes > view.intervalMinutes * STALE_FACTOR)
    return {
      kind: 'stale',
      label: 'Stale',
      color: 'orange',
      reason: `Older than its schedule (every ${minutesText(view.intervalMinutes)})`,
    };
  return {
    kind: 'fresh',
    label: 'Fresh',
    color: 'green',
    reason:
      view.intervalMinutes === null
        ? 'Refreshed on demand; no schedule'
        : `Refreshed within its schedule (every ${minutesText(view.intervalMinutes)})`,
  };
}
