import { describe, expect, it } from 'vitest';
import { validateCron } from '../../shared/cron/cron-words.js';
import { checkExpiry, checkSchedule, nextSlot, parseCron } from './cron-rules.js';

const FROM = new Date('2024-01-01T00:00:00Z');
const check = (cron: string, min = 15) => checkSchedule(cron, min, FROM);
const problem = (cron: string, min = 15) => {
  try {
    check(cron, min);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
};

describe('checkSchedule', () => {
  it.each([
    '*/15 * * * *',
    '0 * * * *',
    '0 6 * * *',
    '0 6 * * 1-5',
    '30 2 1 * *',
    '0 0 L * *',
    '0,30 9-17 * * *',
    '5-59/15 * * * *',
  ])('accepts %s', (cron) => expect(problem(cron)).toBeUndefined());

  it('normalizes spaces', () => expect(check('  0   6 * *  * ')).toBe('0 6 * * *'));

  it.each([
    ['* * * * *', '1 minute apart'],
    ['*/5 * * * *', '5 minutes apart'],
    ['0,10 * * * *', '10 minutes apart'],
    ['0,50 * * * *', '10 minutes apart'], // 0:50 → 1:00
    ['0,55 0,23 * * *', '5 minutes apart'], // 23:55 → 0:00 the next day
    ['0,50 0,23 1,31 * *', '10 minutes apart'], // the 31st 23:50 → the 1st 0:00, some months
    ['0,50 0,23 29,1 2,3 *', '10 minutes apart'], // Feb 29 → Mar 1: leap years only
  ])('refuses %s (%s)', (cron, gap) => {
    expect(problem(cron)).toContain(`runs ${gap}; the shortest interval allowed is 15 minutes`);
  });

  it('allows a late and an early run on days that never follow each other', () => {
    expect(problem('0,50 0,23 1,15 * *')).toBeUndefined();
  });

  it('measures against the configured minimum', () => {
    expect(problem('0 * * * *', 120)).toContain(
      '1 hour apart; the shortest interval allowed is 2 hours',
    );
    expect(problem('0 */2 * * *', 120)).toBeUndefined();
    expect(problem('0 6 * * *', 7 * 24 * 60)).toContain('1 day apart');
    expect(problem('0 6 * * 1', 7 * 24 * 60)).toBeUndefined();
    expect(problem('0 6 1,5 * *', 7 * 24 * 60)).toContain('4 days apart');
  });

  it.each([
    ['0 0 * * * *', 'five fields'],
    ['0 0 * *', 'five fields'],
    ['@hourly', 'five fields'],
    ['', 'five fields'],
    ['61 * * * *', 'minute'],
    ['0 25 * * *', 'hour'],
    ['a b c d e', 'illegal characters'],
    ['0 0 30 2 *', 'never runs'],
  ])('names the fault of %j', (cron, fault) => {
    expect(problem(cron)).toMatch(new RegExp(`cron_expression .*${fault}`));
  });

  it('clips a huge expression in its message', () => {
    expect(problem('x'.repeat(10_000))!.length).toBeLessThan(300);
  });

  it('is quick even for rare patterns', () => {
    const started = Date.now();
    check('0,50 0,23 1 * *');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('nextSlot', () => {
  it('is strictly after the given time, and null past the expiry', () => {
    expect(nextSlot('0 * * * *', new Date('2024-01-01T05:00:00Z'), null)).toBe(
      '2024-01-01T06:00:00.000Z',
    );
    expect(nextSlot('0 * * * *', new Date('2024-01-01T05:59:59.900Z'), null)).toBe(
      '2024-01-01T06:00:00.000Z',
    );
    expect(
      nextSlot('0 * * * *', new Date('2024-01-01T05:00:00Z'), '2024-01-01T06:00:00.000Z'),
    ).toBe('2024-01-01T06:00:00.000Z');
    expect(
      nextSlot('0 * * * *', new Date('2024-01-01T05:00:00Z'), '2024-01-01T05:59:00.000Z'),
    ).toBeNull();
  });

  it('reads the expression in UTC', () => {
    expect(parseCron('0 6 * * *').cron.nextRun(FROM)?.toISOString()).toBe(
      '2024-01-01T06:00:00.000Z',
    );
  });
});

describe('checkExpiry', () => {
  const now = new Date('2024-01-01T00:00:00Z');
  it.each([
    ['2024-02-01T00:00:00Z', '2024-02-01T00:00:00.000Z'],
    ['2024-02-01T01:00:00+01:00', '2024-02-01T00:00:00.000Z'],
    ['2024-02-01 12:30', '2024-02-01T12:30:00.000Z'],
    ['2024-02-01', '2024-02-01T00:00:00.000Z'],
  ])('accepts %s', (raw, iso) => expect(checkExpiry(raw, now)).toBe(iso));

  it.each(['tomorrow', '2024-02-30T00:00:00Z', '1700000000', '2023-12-31T23:59:59Z'])(
    'refuses %s',
    (raw) => expect(() => checkExpiry(raw, now)).toThrow(/expires_at/),
  );
});

describe('the app’s form and the service', () => {
  it.each([
    '*/15 * * * *',
    '0 6 * * *',
    '0,50 0,23 1,15 * *',
    '* * * * *',
    '0,10 * * * *',
    '0,55 0,23 * * *',
    '0,50 0,23 29,1 2,3 *',
    '0,50 0,12,23 1 * 1', // Monday 23:50 → Tuesday the 1st 0:00: first in October 2024
    '0 0 * *',
    '61 * * * *',
    '0 0 30 2 *',
  ])('refuse %j alike', (cron) => {
    expect(validateCron(cron, { minMinutes: 15, from: FROM }) !== null).toBe(
      problem(cron) !== undefined,
    );
  });
});
