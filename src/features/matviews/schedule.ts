/**
 * Cron schedules (of materialized views, and of queries and dashboards through the routes that
 * compose the schedules feature): the one-click presets, words for people (cronstrue), the next
 * runs and the validation the service applies (croner). All in UTC, as the service runs them.
 * This module pulls in both libraries: only the chunks with a schedule import it.
 */
import { Cron } from 'croner';
import cronstrue from 'cronstrue';

/** The service's default shortest interval between two refreshes (MATVIEW_MIN_INTERVAL_MINUTES). */
export const MIN_INTERVAL_MINUTES = 15;

export type PresetId = 'none' | 'hourly' | 'six-hours' | 'daily' | 'weekly' | 'custom';

/** The schedules offered in one click, wherever a schedule is chosen (views, queries, dashboards). */
export const CRON_PRESETS: { id: PresetId; label: string; cron: string }[] = [
  { id: 'hourly', label: 'Every hour', cron: '0 * * * *' },
  { id: 'six-hours', label: 'Every 6 hours', cron: '0 */6 * * *' },
  { id: 'daily', label: 'Every day at 06:00 UTC', cron: '0 6 * * *' },
  { id: 'weekly', label: 'Every Monday at 06:00 UTC', cron: '0 6 * * 1' },
];

/** A view's choices: the presets, `none` (refreshed on demand only) and `custom` (any cron). */
export const PRESETS: { id: PresetId; label: string; cron: string | null }[] = [
  { id: 'none', label: 'No schedule', cron: '' },
  ...CRON_PRESETS,
  { id: 'custom', label: 'Custom', cron: null },
];

/** Collapses runs of spaces, as the service stores the expression. */
export const normalizeCron = (cron: string) => cron.trim().split(/\s+/).filter(Boolean).join(' ');

/** The preset a cron expression is (`none` for an empty one), else `custom`. */
export function presetOf(cron: string | null | undefined): PresetId {
  const c = normalizeCron(cron ?? '');
  return PRESETS.find((p) => p.cron === c)?.id ?? 'custom';
}

function cronOf(expr: string): Cron | null {
  try {
    return new Cron(expr, { timezone: 'UTC', paused: true });
  } catch {
    return null;
  }
}

/** The next `n` run times after `from`, in UTC; empty for an invalid expression. */
export function nextRuns(cron: string, n: number, from: Date = new Date()): Date[] {
  const expr = normalizeCron(cron);
  if (expr.split(' ').length !== 5) return [];
  return cronOf(expr)?.nextRuns(n, from) ?? [];
}

/**
 * The shortest gap in minutes between consecutive runs among the next `sample` runs (null for
 * fewer than two runs). Bursts like `0,5 6 * * *` show up within the first day of runs.
 */
export function shortestIntervalMinutes(
  cron: string,
  from: Date = new Date(),
  sample = 200,
): number | null {
  const runs = nextRuns(cron, sample, from);
  let shortest: number | null = null;
  for (let i = 1; i < runs.length; i++) {
    const gap = (runs[i]!.getTime() - runs[i - 1]!.getTime()) / 60_000;
    if (shortest === null || gap < shortest) shortest = gap;
  }
  return shortest;
}

/**
 * Why a schedule would be refused, or null when it is fine (an empty one means "no schedule").
 * Five fields, a valid expression that runs at all, and no two runs closer than `minMinutes`.
 */
export function validateCron(
  cron: string,
  opts: { minMinutes?: number; from?: Date } = {},
): string | null {
  const expr = normalizeCron(cron);
  if (expr === '') return null;
  const min = opts.minMinutes ?? MIN_INTERVAL_MINUTES;
  const fields = expr.split(' ').length;
  if (fields !== 5)
    return `A schedule has 5 fields (minute hour day month weekday); this one has ${fields}`;
  const parsed = (() => {
    try {
      new Cron(expr, { timezone: 'UTC', paused: true });
      return null;
    } catch (err) {
      return err instanceof Error ? err.message.replace(/^CronPattern: /, '') : 'Invalid';
    }
  })();
  if (parsed) return `Not a valid cron expression: ${parsed}`;
  if (nextRuns(expr, 1, opts.from).length === 0) return 'This schedule never runs';
  const gap = shortestIntervalMinutes(expr, opts.from);
  if (gap !== null && gap < min)
    return `Runs every ${gap} minute${gap === 1 ? '' : 's'}: the shortest interval is ${min} minutes`;
  return null;
}

const TIME = /\b\d{2}:\d{2}\b/g;

/**
 * A schedule in words, always saying UTC: "At 06:00 UTC, every day", "Every hour (UTC)",
 * "At 06:00 UTC, only on Monday". Null for an invalid expression.
 */
export function describeCron(cron: string): string | null {
  const expr = normalizeCron(cron);
  const fields = expr.split(' ');
  if (fields.length !== 5 || !cronOf(expr)) return null;
  let words: string;
  try {
    words = cronstrue.toString(expr, {
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
  const everyDay = fields.slice(2).every((f) => f === '*');
  return everyDay ? `${withZone}, every day` : withZone;
}

/** "2024-01-02 06:00 UTC": an exact run time in the schedule's zone. */
export function utcDateTime(d: Date): string {
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The typical interval of a schedule in minutes (the shortest gap), for freshness. */
export function scheduleIntervalMinutes(cron: string | null | undefined, from?: Date) {
  return cron ? shortestIntervalMinutes(cron, from, 50) : null;
}

/**
 * The presets, their recognition and the words, as one value for the schedules feature, which
 * the routes give it (features never import each other).
 */
export const CRON_KIT = { presets: CRON_PRESETS, presetOf, describe: describeCron } as const;
