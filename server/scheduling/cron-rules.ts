import { Cron } from 'croner';
import { invalid } from '../errors.js';

/**
 * Schedules of materialized views: five-field cron expressions in UTC (minute hour day-of-month
 * month day-of-week), whose runs are never closer together than a minimum interval.
 */

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;
/** How many matching days the interval check looks at (covers decades of rare patterns). */
const MAX_DAYS_CHECKED = 2000;

const cron = (expr: string) => new Cron(expr, { mode: '5-part', timezone: 'UTC', paused: true });

/** A parsed schedule, or 400 naming what is wrong with it (`field` names it in the message). */
export function parseCron(
  raw: string,
  field = 'cron_expression',
): { expression: string; cron: Cron } {
  const fields = raw.trim().split(/\s+/);
  const shown = raw.length > 100 ? `${raw.slice(0, 100)}...` : raw;
  if (fields.length !== 5)
    throw invalid(
      `invalid ${field} "${shown}": give exactly five fields (minute hour day-of-month month day-of-week), found ${fields.length}`,
    );
  const expression = fields.join(' ');
  try {
    return { expression, cron: cron(expression) };
  } catch (err) {
    const why = (err instanceof Error ? err.message : String(err)).replace(/^CronPattern: /, '');
    throw invalid(`invalid ${field} "${shown}": ${why}`);
  }
}

/**
 * Checks a schedule: five fields, valid, runs at least once, and no two consecutive runs closer
 * than `minMinutes` anywhere in the schedule. Returns the expression normalized (single spaces).
 *
 * The gaps are found exactly rather than by sampling a few runs: the minute and hour fields give
 * the same times of day on every matching day, so the gaps inside a day are checked on one day,
 * and the gap across days (last time of one matching day to the first of the next) is checked
 * over the next MAX_DAYS_CHECKED matching days (years for any rare pattern).
 */
export function checkSchedule(
  raw: string,
  minMinutes: number,
  from = new Date(),
  field = 'cron_expression',
): string {
  const { expression, cron: full } = parseCron(raw, field);
  const [minute, hour, dom, month, dow] = expression.split(' ') as [
    string,
    string,
    string,
    string,
    string,
  ];
  const tooShort = (gap: number) =>
    invalid(
      `${field} "${expression}" runs ${formatMinutes(gap)} apart; the shortest interval allowed is ${formatMinutes(minMinutes)}`,
    );
  if (full.nextRun(from) === null) throw invalid(`${field} "${expression}" never runs`);

  // Times of day (minutes after midnight) on a matching day.
  const daily = cron(`${minute} ${hour} * * *`);
  const dayStart = Date.UTC(2000, 0, 1);
  const times: number[] = [];
  let t = daily.nextRun(new Date(dayStart - 1000));
  while (t && t.getTime() < dayStart + DAY_MINUTES * MINUTE_MS) {
    const m = (t.getTime() - dayStart) / MINUTE_MS;
    if (times.length && m - times[times.length - 1]! < minMinutes)
      throw tooShort(m - times[times.length - 1]!);
    times.push(m);
    t = daily.nextRun(t);
  }
  const first = times[0]!;
  const last = times[times.length - 1]!;
  // Across days: matching days `d` apart give a gap of d days - last + first.
  if (DAY_MINUTES - last + first >= minMinutes) return expression;
  const days = cron(`0 0 ${dom} ${month} ${dow}`);
  let prev = days.nextRun(from);
  for (let i = 0; prev && i < MAX_DAYS_CHECKED; i++) {
    const next = days.nextRun(prev);
    if (!next) break;
    const gap = (next.getTime() - prev.getTime()) / MINUTE_MS - last + first;
    if (gap < minMinutes) throw tooShort(gap);
    prev = next;
  }
  return expression;
}

/** The first run strictly after `after`, as ISO text; null when none or past `expiresAt`. */
export function nextSlot(expression: string, after: Date, expiresAt: string | null): string | null {
  const next = cron(expression).nextRun(after);
  if (!next) return null;
  if (expiresAt !== null && next.getTime() > Date.parse(expiresAt)) return null;
  return next.toISOString();
}

/** An ISO 8601 time in the future, normalized; 400 otherwise. */
export function checkExpiry(raw: string, now = new Date()): string {
  const shown = raw.length > 100 ? `${raw.slice(0, 100)}...` : raw;
  const iso =
    /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/i.test(
      raw.trim(),
    );
  // Without a zone the time is UTC (as every time of this API).
  const text = raw.trim().replace(' ', 'T');
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) || !text.includes('T') ? text : `${text}Z`;
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const realDay = new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d; // not Feb 30
  const ms = iso && realDay ? Date.parse(zoned) : NaN;
  if (Number.isNaN(ms))
    throw invalid(
      `invalid expires_at "${shown}": give an ISO 8601 time, e.g. 2030-01-31T00:00:00Z`,
    );
  if (ms <= now.getTime()) throw invalid(`expires_at "${shown}" is not in the future`);
  return new Date(ms).toISOString();
}

function formatMinutes(m: number): string {
  if (m % DAY_MINUTES === 0) return plural(m / DAY_MINUTES, 'day');
  if (m % 60 === 0) return plural(m / 60, 'hour');
  return plural(m, 'minute');
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
