import { Cron } from 'croner';

/**
 * Cron schedules as the service runs them (views, alerts, query and dashboard schedules, dataset
 * syncs): five fields (minute hour day-of-month month day-of-week) read in UTC, whose runs are
 * never closer together than a minimum interval. The service refuses what `cronProblem` finds;
 * the app says the same beside the field before saving (cron-words.ts).
 */

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;
/** How many matching days the interval check looks at (covers decades of rare patterns). */
const MAX_DAYS_CHECKED = 2000;

/** A five-field expression read in UTC; throws croner's error for an invalid one. */
export const utcCron = (expr: string) =>
  new Cron(expr, { mode: '5-part', timezone: 'UTC', paused: true });

/** The fields of an expression as written (blank text is one empty field). */
export const cronFields = (raw: string) => raw.trim().split(/\s+/);

/** Collapses runs of spaces, as the service stores the expression ('' stays ''). */
export const normalizeCron = (raw: string) => cronFields(raw).filter(Boolean).join(' ');

/** Why a schedule cannot run as given. */
export type CronProblem =
  | { kind: 'fields'; found: number }
  | { kind: 'invalid'; why: string }
  | { kind: 'never' }
  | { kind: 'too-often'; gapMinutes: number };

/** The expression's fields and its parsed cron, or the problem with it. */
export function parseCron(
  raw: string,
): { expression: string; cron: Cron } | { problem: CronProblem } {
  const fields = cronFields(raw);
  if (fields.length !== 5) return { problem: { kind: 'fields', found: fields.length } };
  const expression = fields.join(' ');
  try {
    return { expression, cron: utcCron(expression) };
  } catch (err) {
    const why = (err instanceof Error ? err.message : String(err)).replace(/^CronPattern: /, '');
    return { problem: { kind: 'invalid', why } };
  }
}

/**
 * Checks a schedule: five fields, valid, runs at least once, and no two consecutive runs closer
 * than `minMinutes` anywhere in the schedule. Returns the expression normalized (single spaces),
 * or the first problem found.
 *
 * The gaps are found exactly rather than by sampling a few runs: the minute and hour fields give
 * the same times of day on every matching day, so the gaps inside a day are checked on one day,
 * and the gap across days (last time of one matching day to the first of the next) is checked
 * over the next MAX_DAYS_CHECKED matching days (years for any rare pattern).
 */
export function checkCron(
  raw: string,
  minMinutes: number,
  from = new Date(),
): { expression: string } | { problem: CronProblem } {
  const parsed = parseCron(raw);
  if ('problem' in parsed) return parsed;
  const { expression, cron: full } = parsed;
  const tooOften = (gapMinutes: number) => ({
    problem: { kind: 'too-often', gapMinutes } as const,
  });
  if (full.nextRun(from) === null) return { problem: { kind: 'never' } };
  const [minute, hour, dom, month, dow] = expression.split(' ') as [
    string,
    string,
    string,
    string,
    string,
  ];

  // Times of day (minutes after midnight) on a matching day.
  const daily = utcCron(`${minute} ${hour} * * *`);
  const dayStart = Date.UTC(2000, 0, 1);
  const times: number[] = [];
  let t = daily.nextRun(new Date(dayStart - 1000));
  while (t && t.getTime() < dayStart + DAY_MINUTES * MINUTE_MS) {
    const m = (t.getTime() - dayStart) / MINUTE_MS;
    if (times.length && m - times[times.length - 1]! < minMinutes)
      return tooOften(m - times[times.length - 1]!);
    times.push(m);
    t = daily.nextRun(t);
  }
  const first = times[0]!;
  const last = times[times.length - 1]!;
  // Across days: matching days `d` apart give a gap of d days - last + first.
  if (DAY_MINUTES - last + first >= minMinutes) return { expression };
  const days = utcCron(`0 0 ${dom} ${month} ${dow}`);
  let prev = days.nextRun(from);
  for (let i = 0; prev && i < MAX_DAYS_CHECKED; i++) {
    const next = days.nextRun(prev);
    if (!next) break;
    const gap = (next.getTime() - prev.getTime()) / MINUTE_MS - last + first;
    if (gap < minMinutes) return tooOften(gap);
    prev = next;
  }
  return { expression };
}

/** The first run strictly after `after` of a valid expression, or null when none. */
export const nextRun = (expression: string, after: Date): Date | null =>
  utcCron(expression).nextRun(after);

/** The next `n` run times after `from`, in UTC; empty for an invalid expression. */
export function nextRuns(raw: string, n: number, from: Date = new Date()): Date[] {
  const parsed = parseCron(raw);
  return 'problem' in parsed ? [] : parsed.cron.nextRuns(n, from);
}

/**
 * The shortest gap in minutes between consecutive runs among the next `sample` runs (null for
 * fewer than two runs): a schedule's typical interval near `from`, for freshness. Bursts like
 * `0,5 6 * * *` show up within the first day of runs.
 */
export function shortestIntervalMinutes(
  raw: string,
  from: Date = new Date(),
  sample = 200,
): number | null {
  const runs = nextRuns(raw, sample, from);
  let shortest: number | null = null;
  for (let i = 1; i < runs.length; i++) {
    const gap = (runs[i]!.getTime() - runs[i - 1]!.getTime()) / 60_000;
    if (shortest === null || gap < shortest) shortest = gap;
  }
  return shortest;
}

/** "1 day", "2 hours", "5 minutes": an interval in its largest whole unit. */
export function formatMinutes(m: number): string {
  if (m % DAY_MINUTES === 0) return plural(m / DAY_MINUTES, 'day');
  if (m % 60 === 0) return plural(m / 60, 'hour');
  return plural(m, 'minute');
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** The typical interval of a schedule in minutes (its shortest gap near now), for freshness. */
export function scheduleIntervalMinutes(cron: string | null | undefined, from?: Date) {
  return cron ? shortestIntervalMinutes(cron, from, 50) : null;
}
