import { isFreshEnough } from '../../contract/rules/result-age';
import { fromNow, localDateTime } from './time';

/**
 * A maximum result age in words, for the control that sets it (a dashboard's, a query's) and the
 * captions that word it, so both say "1 hour" alike. Its own module beside time.ts: only the
 * dashboard and query pages load it, never the query list.
 */

/** The choices of "Results may be up to": null is no maximum (always the latest result). */
export const RESULT_AGE_PRESETS: readonly (number | null)[] = [
  null,
  5 * 60,
  15 * 60,
  3600,
  6 * 3600,
  24 * 3600,
  7 * 24 * 3600,
];

const UNITS: [string, number][] = [
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * A maximum age in the largest unit it is a whole number of: "5 minutes", "1 hour", "30 days"
 * (one set through the API may be any count of seconds the rule allows).
 */
export function ageLimitWords(seconds: number): string {
  const [unit, size] = UNITS.find(([, s]) => seconds % s === 0) ?? ['second', 1];
  const n = seconds / size;
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** What "Results may be up to" shows for a maximum: "Always the latest" for none. */
export const ageLimitLabel = (seconds: number | null) =>
  seconds === null ? 'Always the latest' : ageLimitWords(seconds);

export type ResultAgeCaption = {
  /** "Updated 3 minutes ago", "Older than 1 hour", "Older than 1 hour: refreshing…". */
  text: string;
  /** The exact time of the result, and the policy when it is older than that. */
  title: string;
  /** Older than the maximum age that governs it. */
  stale: boolean;
};

/**
 * How a dashboard widget words the age of the result it shows: the result ended at `endedAt`,
 * under `maxAgeSeconds` (null: none), `refreshing` while a newer run is under way. Null when the
 * time cannot be read.
 */
export function resultAgeCaption(
  r: { endedAt: string; maxAgeSeconds: number | null; refreshing: boolean },
  now: number = Date.now(),
): ResultAgeCaption | null {
  // A clock behind the server's would make a new result "in 1 minute": it is "just now".
  const ago = fromNow(r.endedAt, new Date(Math.max(now, Date.parse(r.endedAt) || 0)));
  const at = localDateTime(r.endedAt);
  if (ago === null || at === null) return null;
  const stale = !isFreshEnough(r.endedAt, r.maxAgeSeconds, now);
  const doing = r.refreshing ? ': refreshing…' : '';
  if (!stale)
    return { text: `Updated ${ago}${doing}`, title: `Result of ${at} (local time)`, stale };
  const limit = ageLimitWords(r.maxAgeSeconds!);
  return {
    text: `Older than ${limit}${doing}`,
    title:
      `Result of ${at} (local time), ${ago}. This dashboard shows results up to ${limit} old: ` +
      (r.refreshing ? 'a newer one is being made.' : 'opening or refreshing it makes a newer one.'),
    stale,
  };
}
