import { describe, expect, it } from 'vitest';
import { nextRuns, normalizeCron, shortestIntervalMinutes } from './cron-rules';
import { describeCron, utcDateTime, validateCron } from './cron-words';
import { presetOf, PRESETS } from './presets';

const FROM = new Date('2024-01-01T00:00:00Z'); // a Monday

describe('describeCron', () => {
  it('says the time in UTC and every day for daily schedules', () => {
    expect(describeCron('0 6 * * *')).toBe('At 06:00 UTC, every day');
    expect(describeCron('0 6,18 * * *')).toBe('At 06:00 and 18:00 UTC, every day');
  });

  it('keeps the day part of restricted schedules', () => {
    expect(describeCron('0 6 * * 1')).toBe('At 06:00 UTC, only on Monday');
    expect(describeCron('30 2 1 * *')).toBe('At 02:30 UTC, on day 1 of the month');
  });

  it('says UTC also when there is no time of day', () => {
    expect(describeCron('0 * * * *')).toBe('Every hour (UTC)');
    expect(describeCron('*/15 * * * *')).toBe('Every 15 minutes (UTC)');
  });

  it('returns null for invalid expressions and other field counts', () => {
    expect(describeCron('0 6 * *')).toBeNull();
    expect(describeCron('0 0 6 * * *')).toBeNull();
    expect(describeCron('61 6 * * *')).toBeNull();
    expect(describeCron('banana')).toBeNull();
  });
});

describe('nextRuns', () => {
  it('lists the next runs in UTC', () => {
    expect(nextRuns('0 6 * * *', 3, FROM).map((d) => d.toISOString())).toEqual([
      '2024-01-01T06:00:00.000Z',
      '2024-01-02T06:00:00.000Z',
      '2024-01-03T06:00:00.000Z',
    ]);
    expect(nextRuns('0 6 * * 1', 2, FROM).map(utcDateTime)).toEqual([
      '2024-01-01 06:00 UTC',
      '2024-01-08 06:00 UTC',
    ]);
  });

  it('is empty for invalid or six-field expressions', () => {
    expect(nextRuns('nope', 3, FROM)).toEqual([]);
    expect(nextRuns('0 0 6 * * *', 3, FROM)).toEqual([]);
  });
});

describe('shortestIntervalMinutes', () => {
  it('finds the shortest gap, also inside a daily burst', () => {
    expect(shortestIntervalMinutes('0 */6 * * *', FROM)).toBe(360);
    expect(shortestIntervalMinutes('0,5 6 * * *', FROM)).toBe(5);
    expect(shortestIntervalMinutes('*/20 * * * *', FROM)).toBe(20);
  });
});

describe('validateCron', () => {
  it('accepts the presets, an empty schedule and spaced-out expressions', () => {
    for (const p of PRESETS)
      if (p.cron !== null) expect(validateCron(p.cron, { from: FROM })).toBeNull();
    expect(validateCron('  0   6 * * *  ', { from: FROM })).toBeNull();
    expect(validateCron('*/15 * * * *', { from: FROM })).toBeNull();
  });

  it('asks for five fields', () => {
    expect(validateCron('0 6 * *')).toBe(
      'A schedule has 5 fields (minute hour day month weekday); this one has 4',
    );
    expect(validateCron('0 0 6 * * *')).toMatch(/this one has 6/);
  });

  it('names a bad value', () => {
    expect(validateCron('61 6 * * *')).toMatch(/^Not a valid cron expression: .*minute/i);
  });

  it('refuses intervals under the minimum, including short gaps in bursts', () => {
    expect(validateCron('*/5 * * * *', { from: FROM })).toBe(
      'Runs every 5 minutes: the shortest interval is 15 minutes',
    );
    expect(validateCron('0,10 6 * * *', { from: FROM })).toMatch(/every 10 minutes/);
    expect(validateCron('* * * * *', { from: FROM })).toMatch(/every 1 minute:/);
    expect(validateCron('*/20 * * * *', { from: FROM, minMinutes: 30 })).toMatch(/30 minutes$/);
  });

  it('refuses what the service refuses: a short gap only months away, which 200 runs miss', () => {
    // Mondays and the 1st, 00:00 to 23:50: Monday 23:50 → Tuesday the 1st 00:00, first in October.
    expect(validateCron('0,50 0,12,23 1 * 1', { from: FROM })).toBe(
      'Runs every 10 minutes: the shortest interval is 15 minutes',
    );
  });

  it('refuses a schedule that never runs', () => {
    expect(validateCron('0 6 31 2 *', { from: FROM })).toBe('This schedule never runs');
  });
});

describe('presets', () => {
  it('recognizes a preset from its expression, else custom', () => {
    expect(presetOf('0 6 * * *')).toBe('daily');
    expect(presetOf(' 0  * * * * ')).toBe('hourly');
    expect(presetOf('')).toBe('none');
    expect(presetOf(null)).toBe('none');
    expect(presetOf('15 6 * * *')).toBe('custom');
    // The schedules of queries and dashboards recognize the same presets (CRON_KIT).
    expect(presetOf(' 0  6 * * * ')).toBe('daily');
    expect(normalizeCron(' 0  6 * * 1 ')).toBe('0 6 * * 1');
  });
});

describe('utcDateTime', () => {
  it('writes a run time, given as ISO text, in UTC', () => {
    expect(utcDateTime('2026-03-04T06:00:00.000Z')).toBe('2026-03-04 06:00 UTC');
  });
});
