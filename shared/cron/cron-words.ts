import cronstrue from 'cronstrue';
import { checkCron, normalizeCron, parseCron } from './cron-rules';

/**
 * Cron schedules in words for people: what a schedule does (cronstrue), when a run is, and why
 * the service would refuse it (its rule: checkCron), all in UTC as the service runs them. Only
 * the app's chunks with a schedule load it (cronstrue is not small).
 */

/** The service's default shortest interval between two runs (MATVIEW_MIN_INTERVAL_MINUTES). */
export const MIN_INTERVAL_MINUTES = 15;

/**
 * Why a schedule would be refused, or null when it is fine (an empty one means "no schedule"):
 * the service's check (checkCron: five fields, valid, runs at all, no two runs closer than
 * `minMinutes` anywhere), said beside the field before saving.
 */
export function validateCron(
  cron: string,
  opts: { minMinutes?: number; from?: Date } = {},
): string | null {
  const expr = normalizeCron(cron);
  if (expr === '') return null;
  const min = opts.minMinutes ?? MIN_INTERVAL_MINUTES;
  const checked = checkCron(expr, min, opts.from);
  if (!('problem' in checked)) return null;
  const problem = checked.problem;
  switch (problem.kind) {
    case 'fields':
      return `A schedule has 5 fields (minute hour day month weekday); this one has ${problem.found}`;
    case 'invalid':
      return `Not a valid cron expression: ${problem.why}`;
    case 'never':
      return 'This schedule never runs';
    case 'too-often': {
      const gap = problem.gapMinutes;
      return `Runs every ${gap} minute${gap === 1 ? '' : 's'}: the shortest interval is ${min} minutes`;
    }
  }
}

const TIME = /\b\d{2}:\d{2}\b/g;

/**
 * A schedule in words, always saying UTC: "At 06:00 UTC, every day", "Every hour (UTC)",
 * "At 06:00 UTC, only on Monday". Null for an invalid expression.
 */
export function describeCron(cron: string): string | null {
  const parsed = parseCron(normalizeCron(cron));
  if ('problem' in parsed) return null;
  let words: string;
  try {
    words = cronstrue.toString(parsed.expression, {
      use24HourTimeFormat: true,
      throwExceptionOnParseError: true,
    });
  } catch {
    return null;
  }
  const times = [...words.matchAll(TIME)];
  const last = times.at(-1);
  if (!last || last.index === undefined) return `${words} (UTC)`;
  const end = last.index + last[0].length;
  const withZone = `${words.slice(0, end)} UTC${words.slice(end)}`;
  const everyDay = parsed.expression
    .split(' ')
    .slice(2)
    .every((f) => f === '*');
  return everyDay ? `${withZone}, every day` : withZone;
}

/** "2024-01-02 06:00 UTC": an exact run time (a date, or ISO text) in the schedule's zone. */
export function utcDateTime(d: Date | string): string {
  const iso = typeof d === 'string' ? new Date(d).toISOString() : d.toISOString();
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}
