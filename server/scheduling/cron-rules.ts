import type { Cron } from 'croner';
import {
  checkCron,
  cronFields,
  formatMinutes,
  nextRun,
  parseCron as readCron,
  type CronProblem,
} from '../../shared/cron/cron-rules.js';
import { invalid } from '../errors.js';

/**
 * Schedules of views, alerts, queries, dashboards and dataset syncs: the shared cron rules
 * (shared/cron/cron-rules.ts, which the app checks its forms with too) as 400s naming the field.
 */

const clip = (raw: string) => (raw.length > 100 ? `${raw.slice(0, 100)}...` : raw);

/** The 400 of a problem with the schedule `raw` given as `field`. */
function refusal(problem: CronProblem, raw: string, field: string, minMinutes = 0) {
  const expression = cronFields(raw).join(' ');
  switch (problem.kind) {
    case 'fields':
      return invalid(
        `invalid ${field} "${clip(raw)}": give exactly five fields (minute hour day-of-month month day-of-week), found ${problem.found}`,
      );
    case 'invalid':
      return invalid(`invalid ${field} "${clip(raw)}": ${problem.why}`);
    case 'never':
      return invalid(`${field} "${expression}" never runs`);
    case 'too-often':
      return invalid(
        `${field} "${expression}" runs ${formatMinutes(problem.gapMinutes)} apart; the shortest interval allowed is ${formatMinutes(minMinutes)}`,
      );
  }
}

/** A parsed schedule, or 400 naming what is wrong with it (`field` names it in the message). */
export function parseCron(
  raw: string,
  field = 'cron_expression',
): { expression: string; cron: Cron } {
  const parsed = readCron(raw);
  if ('problem' in parsed) throw refusal(parsed.problem, raw, field);
  return parsed;
}

/**
 * Checks a schedule (five fields, valid, runs at least once, no two consecutive runs closer than
 * `minMinutes` anywhere in it: checkCron) and returns it normalized (single spaces); 400
 * otherwise.
 */
export function checkSchedule(
  raw: string,
  minMinutes: number,
  from = new Date(),
  field = 'cron_expression',
): string {
  const checked = checkCron(raw, minMinutes, from);
  if ('problem' in checked) throw refusal(checked.problem, raw, field, minMinutes);
  return checked.expression;
}

/** The first run strictly after `after`, as ISO text; null when none or past `expiresAt`. */
export function nextSlot(expression: string, after: Date, expiresAt: string | null): string | null {
  const next = nextRun(expression, after);
  if (!next) return null;
  if (expiresAt !== null && next.getTime() > Date.parse(expiresAt)) return null;
  return next.toISOString();
}

/** An ISO 8601 time in the future, normalized; 400 otherwise. */
export function checkExpiry(raw: string, now = new Date()): string {
  const shown = clip(raw);
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
