import { describe, expect, it } from 'vitest';
import { duneTestSandbox } from './dunesql-functions-kit.js';

/**
 * Trino's date and time functions as DuneSQL on a DuckDB set up as a DuneSQL sandbox (UTC),
 * with the answers Trino gives.
 */

const { row, value, error } = duneTestSandbox();

describe('date_add(unit, n, t) and date_diff(unit, t1, t2)', () => {
  it('date_add moves by any unit, keeping month ends', async () => {
    expect(
      await row(`SELECT date_add('day', 1, TIMESTAMP '2024-01-31 10:00'),
        date_add('month', 1, TIMESTAMP '2024-01-31 10:00'),
        date_add('hour', -2, TIMESTAMP '2024-01-01 01:00'),
        date_add('week', 2, DATE '2024-01-01'), date_add('quarter', 1, DATE '2023-11-30'),
        date_add('year', -1, DATE '2024-02-29'), date_add('minute', 90, TIMESTAMP '2024-01-01 00:00'),
        date_add('second', 5, TIMESTAMP '2024-01-01 00:00'),
        date_add('millisecond', 1500, TIMESTAMP '2024-01-01 00:00')`),
    ).toEqual([
      '2024-02-01 10:00:00',
      '2024-02-29 10:00:00',
      '2023-12-31 23:00:00',
      '2024-01-15',
      '2024-02-29',
      '2023-02-28',
      '2024-01-01 01:30:00',
      '2024-01-01 00:00:05',
      '2024-01-01 00:00:01.5',
    ]);
    expect(await error(`SELECT date_add('fortnight', 1, TIMESTAMP '2024-01-01')`)).toMatch(
      /'fortnight' is not a valid Timestamp field/,
    );
  });

  it('date_add in a filter: the last seven days', async () => {
    expect(
      await value(`SELECT count(*) FROM UNNEST(sequence(DATE '2024-03-01', DATE '2024-03-31')) AS t(d)
        WHERE d >= date_add('day', -7, DATE '2024-03-31')`),
    ).toBe('8');
  });

  it('date_diff counts whole units, not boundaries crossed', async () => {
    expect(
      await row(`SELECT date_diff('day', TIMESTAMP '2024-01-01 23:00', TIMESTAMP '2024-01-02 01:00'),
        date_diff('hour', TIMESTAMP '2024-01-01 23:30', TIMESTAMP '2024-01-02 01:00'),
        date_diff('month', DATE '2024-01-15', DATE '2024-03-14'),
        date_diff('year', DATE '2023-03-01', DATE '2024-02-29'),
        date_diff('day', DATE '2024-01-02', DATE '2024-01-01'),
        date_diff('week', DATE '2024-01-01', DATE '2024-01-15')`),
    ).toEqual(['0', '1', '1', '0', '-1', '2']);
  });
});

/** Dates as a table's column: DuckDB cannot fold them when the query is bound, as it can literals. */
const DAYS = `(VALUES (DATE '2024-01-31'), (DATE '2024-05-15')) AS t(d)`;

describe('date in, date out: date_add, date_trunc and sequence on a date', () => {
  it('date_add on a date column gives dates, by day to year', async () => {
    expect(
      await row(`SELECT date_add('day', -1, d), date_add('week', 1, d), date_add('month', 1, d),
        date_add('quarter', 1, d), date_add('year', 1, d), typeof(date_add('month', 1, d))
        FROM ${DAYS} ORDER BY d LIMIT 1`),
    ).toEqual(['2024-01-30', '2024-02-07', '2024-02-29', '2024-04-30', '2025-01-31', 'DATE']);
  });

  it('date_trunc on a date column gives dates (weeks start on Monday)', async () => {
    expect(
      await row(`SELECT date_trunc('day', d), date_trunc('week', d), date_trunc('month', d),
        date_trunc('quarter', d), date_trunc('year', d), typeof(date_trunc('month', d))
        FROM ${DAYS} ORDER BY d DESC LIMIT 1`),
    ).toEqual(['2024-05-15', '2024-05-13', '2024-05-01', '2024-04-01', '2024-01-01', 'DATE']);
  });

  it('keeps the type through aggregates and for timestamps', async () => {
    expect(
      await row(`SELECT date_trunc('month', max(d)), date_add('day', 1, min(d)) FROM ${DAYS}`),
    ).toEqual(['2024-05-01', '2024-02-01']);
    expect(
      await row(`SELECT date_trunc('hour', TIMESTAMP '2024-05-15 13:45:10'),
        date_add('hour', 1, TIMESTAMP '2024-05-15 13:45:10'),
        typeof(date_trunc('day', TIMESTAMP '2024-05-15 13:45:10 UTC')),
        typeof(date_add('day', 1, from_unixtime(0)))`),
    ).toEqual([
      '2024-05-15 13:00:00',
      '2024-05-15 14:45:10',
      'TIMESTAMP WITH TIME ZONE',
      'TIMESTAMP WITH TIME ZONE',
    ]);
  });

  it('refuses a unit shorter than a day on a date, as Trino does', async () => {
    expect(await error(`SELECT date_add('hour', 1, d) FROM ${DAYS}`)).toMatch(
      /'hour' is not a valid DATE field/,
    );
    expect(await error(`SELECT date_trunc('minute', DATE '2024-01-31')`)).toMatch(
      /'minute' is not a valid DATE field/,
    );
    expect(await error(`SELECT date_trunc('fortnight', TIMESTAMP '2024-01-31')`)).toMatch(
      /'fortnight' is not a valid Timestamp field/,
    );
  });

  it('sequence from a date column steps by an interval as dates', async () => {
    expect(
      await row(`SELECT sequence(d, date_add('month', 2, d), INTERVAL '1' MONTH),
        typeof(sequence(d, d, INTERVAL '1' DAY)) FROM ${DAYS} ORDER BY d LIMIT 1`),
    ).toEqual([['2024-01-31', '2024-02-29', '2024-03-31'], 'DATE[]']);
  });
});

describe('formats', () => {
  it('date_format takes MySQL specifiers (%i minutes, %M month name)', async () => {
    expect(
      await row(`SELECT date_format(TIMESTAMP '2022-10-20 05:10:00', '%m-%d-%Y %H'),
        date_format(TIMESTAMP '2024-01-05 13:04:05.123', '%Y-%m-%d %H:%i:%s'),
        date_format(TIMESTAMP '2024-01-05 13:04:05', '%W %M %e, %Y %r'),
        date_format(DATE '2024-03-07', '%c/%e/%y %a %b %j'),
        date_format(TIMESTAMP '2024-01-05 13:04:05', '%T %h %l %k %p 100%% %q')`),
    ).toEqual([
      '10-20-2022 05',
      '2024-01-05 13:04:05',
      'Friday January 5, 2024 01:04:05 PM',
      '3/7/24 Thu Mar 067',
      '13:04:05 01 1 13 PM 100% q',
    ]);
  });

  it('date_parse reads them back', async () => {
    expect(
      await row(`SELECT date_parse('2022/10/20/05', '%Y/%m/%d/%H'),
        date_parse('2024/1/5 13:04', '%Y/%c/%e %H:%i'), date_parse('05 Jan 2024', '%d %b %Y')`),
    ).toEqual(['2022-10-20 05:00:00', '2024-01-05 13:04:00', '2024-01-05 00:00:00']);
    expect(await error(`SELECT date_parse('yesterday', '%Y-%m-%d')`)).toMatch(/Could not parse/);
  });

  it('format_datetime and parse_datetime take Joda-Time patterns', async () => {
    expect(
      await row(`SELECT format_datetime(TIMESTAMP '2024-01-05 13:04:05.123', 'yyyy-MM-dd''T''HH:mm:ss.SSS'),
        format_datetime(TIMESTAMP '2024-01-05 13:04:05', 'EEE, d MMM yy h:mm a'),
        format_datetime(DATE '2024-07-04', 'EEEE MMMM dd, yyyy ''o''''clock'' %'),
        parse_datetime('2024-01-05 13:04:05', 'yyyy-MM-dd HH:mm:ss')`),
    ).toEqual([
      '2024-01-05T13:04:05.123',
      'Fri, 5 Jan 24 1:04 PM',
      "Thursday July 04, 2024 o'clock %",
      '2024-01-05 13:04:05',
    ]);
  });

  it('to_iso8601 and from_iso8601_*', async () => {
    expect(
      await row(`SELECT to_iso8601(DATE '2020-07-25'), to_iso8601(TIMESTAMP '2020-07-25 15:22:15.214'),
        to_iso8601(from_iso8601_timestamp('2020-05-11T11:15:05.055+01:00')),
        from_iso8601_timestamp('2020-05-11T11:15:05.055+01:00'), from_iso8601_date('2020-05-11')`),
    ).toEqual([
      '2020-07-25',
      '2020-07-25T15:22:15.214',
      '2020-05-11T10:15:05.055Z',
      '2020-05-11 10:15:05.055+00',
      '2020-05-11',
    ]);
  });
});

describe('unix time', () => {
  it('from_unixtime and to_unixtime are each other’s inverse, in UTC', async () => {
    expect(
      await row(`SELECT from_unixtime(1700000000), from_unixtime(1700000000.5),
        from_unixtime(1700000000, 'America/New_York'), to_unixtime(TIMESTAMP '2023-11-14 22:13:20'),
        to_unixtime(from_unixtime(86400)), from_unixtime_nanos(1700000000123456789)`),
    ).toEqual([
      '2023-11-14 22:13:20+00',
      '2023-11-14 22:13:20.5+00',
      '2023-11-14 17:13:20',
      1700000000,
      86400,
      '2023-11-14 22:13:20.123456',
    ]);
  });
});

describe('fields of dates', () => {
  it('day_of_week and dow: Monday is 1, Sunday 7', async () => {
    expect(
      await row(`SELECT day_of_week(DATE '2024-01-01'), dow(DATE '2024-01-07'),
        day_of_week(TIMESTAMP '2024-01-06 23:59')`),
    ).toEqual(['1', '7', '6']);
  });

  it('day_of_year, day_of_month, ISO weeks and the last day of the month', async () => {
    expect(
      await row(`SELECT day_of_year(DATE '2024-02-01'), doy(DATE '2023-12-31'),
        day_of_month(DATE '2024-02-29'), week(DATE '2024-12-30'), week_of_year(DATE '2024-01-01'),
        year_of_week(DATE '2024-12-30'), yow(DATE '2021-01-01'),
        last_day_of_month(DATE '2024-02-10'), last_day_of_month(TIMESTAMP '2023-02-10 10:00')`),
    ).toEqual(['32', '365', '29', '1', '1', '2025', '2020', '2024-02-29', '2023-02-28']);
  });

  it('millisecond is of the second; date() takes a date out of text or a timestamp', async () => {
    expect(
      await row(`SELECT millisecond(TIMESTAMP '2024-01-01 00:00:12.345'), second(TIMESTAMP '2024-01-01 00:00:12.345'),
        date('2022-10-01'), date(from_iso8601_timestamp('2024-05-01T23:30:00-05:00')),
        to_milliseconds(INTERVAL '90' SECOND), current_timezone()`),
    ).toEqual(['345', '12', '2022-10-01', '2024-05-02', '90000', 'UTC']);
  });

  it('at_timezone and with_timezone', async () => {
    expect(
      await row(`SELECT at_timezone(from_iso8601_timestamp('2024-01-01T12:00:00Z'), 'Asia/Tokyo'),
        to_iso8601(with_timezone(TIMESTAMP '2024-01-01 12:00', 'Asia/Tokyo'))`),
    ).toEqual(['2024-01-01 21:00:00', '2024-01-01T03:00:00.000Z']);
  });
});
