/**
 * Trino's date and time functions. Formats are translated to DuckDB's strftime/strptime
 * specifiers by a macro over the format's tokens (constant formats are folded once per query):
 * date_format/date_parse take MySQL specifiers (`%Y-%m-%d %H:%i`), format_datetime and
 * parse_datetime Joda-Time patterns (`yyyy-MM-dd HH:mm`). Strata runs in UTC, as the hosted
 * service does.
 */
import type { DuneFunction } from './functions';
import { macro, renamed, same, unsupported } from './functions-kit';

const UNITS: [string, string][] = [
  ['millisecond', 'to_milliseconds(n)'],
  ['second', 'to_seconds(n)'],
  ['minute', 'to_minutes(n)'],
  ['hour', 'to_hours(n)'],
  ['day', 'to_days(CAST(n AS INTEGER))'],
  ['week', 'to_days(CAST(7 * n AS INTEGER))'],
  ['month', 'to_months(CAST(n AS INTEGER))'],
  ['quarter', 'to_months(CAST(3 * n AS INTEGER))'],
  ['year', 'to_years(CAST(n AS INTEGER))'],
];

/** The units Trino takes for a date: a day or longer. */
const DATE_UNITS = ['day', 'week', 'month', 'quarter', 'year'];

const listed = (units: string[]) => units.map((u) => `'${u}'`).join(', ');

/**
 * The CASE of a date_add or date_trunc call: a unit Trino refuses for t fails in Trino's words,
 * else `answer`. With the unit and t's type known when the call is bound (the usual call),
 * DuckDB folds the checks away.
 */
const checkedUnit = (answer: string) =>
  `CASE WHEN typeof(t) = 'DATE' AND lower(unit) NOT IN (${listed(DATE_UNITS)}) ` +
  `THEN dunesql_raise('''' || unit || ''' is not a valid DATE field') ` +
  `WHEN lower(unit) NOT IN (${listed(UNITS.map(([u]) => u))}) ` +
  `THEN dunesql_raise('''' || unit || ''' is not a valid Timestamp field') ELSE ${answer} END`;

/**
 * A format translated token by token in expressions DuckDB folds to a constant (strftime and
 * strptime take constant formats only, and an expression with a lambda is never folded): the
 * tokens are wrapped as \x01token\x02, each rule replaces whole wrapped tokens (its output has
 * no markers, so no later rule matches inside it), and the markers left go last.
 */
const translated = (text: string, tokens: string, rules: [string, string][]) =>
  `translate(${rules.reduce(
    (sql, [pattern, to]) => `regexp_replace(${sql}, '\\x01${pattern}\\x02', '${to}', 'g')`,
    `chr(1) || array_to_string(regexp_extract_all(${text}, '${tokens}'), chr(2) || chr(1)) || chr(2)`,
  )}, chr(1) || chr(2), '')`;

/** MySQL specifiers as DuckDB spells them; %x for another x is x itself, as in MySQL. */
const MYSQL: [string, string][] = [
  ...['a', 'b', 'd', 'f', 'H', 'I', 'j', 'm', 'p', 'S', 'Y', 'y', 'U', 'w', '%'].map(
    (c): [string, string] => [`%${c}`, `%${c}`],
  ),
  ['%c', '%-m'],
  ['%e', '%-d'],
  ['%h', '%I'],
  ['%i', '%M'],
  ['%k', '%-H'],
  ['%l', '%-I'],
  ['%M', '%B'],
  ['%r', '%I:%M:%S %p'],
  ['%s', '%S'],
  ['%T', '%H:%M:%S'],
  ['%u', '%W'],
  ['%v', '%V'],
  ['%W', '%A'],
  ['%x', '%G'],
  ['%', '%%'],
  ['%([\\s\\S])', '\\1'],
];

/** Joda-Time letters: a run of one letter is one field, and its length picks the form. */
const JODA_LETTERS = 'GCYxwefyDMdEaKhHkmsSzZ';
const JODA: [string, string][] = [
  ['[yY]{2}', '%y'],
  ['[yY]+', '%Y'],
  ['x+', '%G'],
  ['M', '%-m'],
  ['MM', '%m'],
  ['MMM', '%b'],
  ['M+', '%B'],
  ['d', '%-d'],
  ['d+', '%d'],
  ['D{1,2}', '%-j'],
  ['D+', '%j'],
  ['E{4,}', '%A'],
  ['E+', '%a'],
  ['e+', '%u'],
  ['a+', '%p'],
  ['[hK]', '%-I'],
  ['[hK]+', '%I'],
  ['[Hk]', '%-H'],
  ['[Hk]+', '%H'],
  ['m', '%-M'],
  ['m+', '%M'],
  ['s', '%-S'],
  ['s+', '%S'],
  ['S{1,3}', '%g'],
  ['S{4,6}', '%f'],
  ['S+', '%n'],
  ['w+', '%V'],
  ['Z+', '%z'],
  ['z+', '%Z'],
  ['G+', 'AD'],
  // Quoted text is literal, and '' is a quote; the quotes left inside quoted text go last.
  ["''''", "''"],
  ["''((?:[^'']|'''')*)''", '\\1'],
];
const JODA_TOKENS = [
  "''(?:[^'']|'''')*''",
  ...[...JODA_LETTERS].map((c) => `${c}+`),
  '[A-Za-z]',
  "[^A-Za-z'']+",
  "''",
].join('|');

export const DATE_MACROS: string[] = [
  // Of t's type, as in Trino (a date stays a date): cast_to_type casts to the type of its second
  // argument, resolved when the call is bound, so on a timestamp it is no cast at all; the
  // type follows a column's as well as a literal's.
  `CREATE OR REPLACE MACRO dunesql_date_add(unit, n, t) AS ${checkedUnit(
    `cast_to_type(t + CASE lower(unit) ${UNITS.map(([u, interval]) => `WHEN '${u}' THEN ${interval}`).join(' ')} END, t)`,
  )}`,
  // DuckDB reads a constant unit when it binds date_trunc, so a unit the CASE refuses is never
  // given to it.
  `CREATE OR REPLACE MACRO dunesql_date_trunc(unit, t) AS ${checkedUnit(
    `cast_to_type(date_trunc(CASE WHEN lower(unit) IN (${listed(UNITS.map(([u]) => u))}) THEN unit ELSE 'day' END, t), t)`,
  )}`,
  `CREATE OR REPLACE MACRO dunesql_mysql_format(f) AS ${translated('f', '%[\\s\\S]|[^%]+|%', MYSQL)}`,
  // Literal % in a Joda pattern is %% for strftime; a quote pair inside quotes is one quote.
  `CREATE OR REPLACE MACRO dunesql_joda_format(f) AS replace(${translated("replace(f, '%', '%%')", JODA_TOKENS, JODA)}, '''''', '''')`,
  `CREATE OR REPLACE MACRO dunesql_date_format(t, f) AS strftime(t, dunesql_mysql_format(f))`,
  // strptime insists on a constant format when the macro is created; a parameter with a
  // default is bound as that constant then, and calls pass the format as usual.
  `CREATE OR REPLACE MACRO dunesql_date_parse(s, f) AS strptime(s, dunesql_mysql_format(f || ''))`,
  `CREATE OR REPLACE MACRO dunesql_format_datetime(t, f) AS strftime(t, dunesql_joda_format(f))`,
  `CREATE OR REPLACE MACRO dunesql_parse_datetime(s, f) AS strptime(s, dunesql_joda_format(f || ''))`,
  `CREATE OR REPLACE MACRO dunesql_from_unixtime(x) AS to_timestamp(x),
  (x, zone) AS timezone(zone, to_timestamp(x))`,
  `CREATE OR REPLACE MACRO dunesql_from_unixtime_nanos(x) AS make_timestamp(CAST(divide(x, 1000) AS BIGINT))`,
  `CREATE OR REPLACE MACRO dunesql_from_iso8601_timestamp(s) AS CAST(s AS TIMESTAMPTZ)`,
  `CREATE OR REPLACE MACRO dunesql_from_iso8601_date(s) AS CAST(s AS DATE)`,
  `CREATE OR REPLACE MACRO dunesql_to_iso8601(x) AS CASE
  WHEN typeof(x) = 'DATE' THEN strftime(TRY_CAST(x AS DATE), '%Y-%m-%d')
  WHEN typeof(x) = 'TIMESTAMP WITH TIME ZONE' THEN strftime(TRY_CAST(x AS TIMESTAMPTZ), '%Y-%m-%dT%H:%M:%S.%gZ')
  ELSE strftime(TRY_CAST(x AS TIMESTAMP), '%Y-%m-%dT%H:%M:%S.%g') END`,
  `CREATE OR REPLACE MACRO dunesql_date(x) AS CAST(x AS DATE)`,
  `CREATE OR REPLACE MACRO dunesql_millisecond(t) AS mod(millisecond(t), 1000)`,
  `CREATE OR REPLACE MACRO dunesql_to_milliseconds(i) AS CAST(round(epoch(i) * 1000) AS BIGINT)`,
  `CREATE OR REPLACE MACRO dunesql_current_timezone() AS current_setting('TimeZone')`,
  `CREATE OR REPLACE MACRO dunesql_at_timezone(t, zone) AS timezone(zone, t)`,
  `CREATE OR REPLACE MACRO dunesql_with_timezone(t, zone) AS timezone(zone, CAST(t AS TIMESTAMP))`,
];

export const DATE_FUNCTIONS: DuneFunction[] = [
  macro(
    'date_add',
    'date_add(unit varchar, value bigint, t timestamp | date) → same type as t',
    't moved by value units (millisecond, second, minute, hour, day, week, month, quarter, year; negative moves back), of t’s type: a date stays a date (and takes day to year only). Adding months keeps the day, or the month’s last day (Jan 31 + 1 month = Feb 28/29).',
  ),
  renamed(
    'date_diff',
    'date_sub',
    'date_diff(unit varchar, t1 timestamp | date, t2 timestamp | date) → bigint',
    'The number of whole units from t1 to t2 (negative when t2 is earlier): 23:00 to 01:00 the next day is 0 days. Not the number of day boundaries crossed.',
  ),
  macro(
    'date_trunc',
    'date_trunc(unit varchar, t timestamp | date) → same type as t',
    't truncated to the start of its unit (millisecond, second, minute, hour, day, week, month, quarter, year; weeks start on Monday), of t’s type: a date stays a date (and takes day to year only).',
  ),
  macro(
    'date_format',
    'date_format(t timestamp, format varchar) → varchar',
    't as text, in a MySQL-style format (`%Y-%m-%d %H:%i:%s`; `%i` is minutes, `%M` the month name). %D, %U, %u, %V, %w and %X are not supported, as in Trino.',
  ),
  macro(
    'date_parse',
    'date_parse(s varchar, format varchar) → timestamp',
    'The timestamp written in s in a MySQL-style format (`%Y-%m-%d %H:%i:%s`). Fails when s does not match.',
  ),
  macro(
    'format_datetime',
    'format_datetime(t timestamp, format varchar) → varchar',
    't as text, in a Joda-Time pattern (`yyyy-MM-dd HH:mm:ss`, `EEE`, `MMMM`, quoted literals). Fractions of a second print as 3, 6 or 9 digits.',
  ),
  macro(
    'parse_datetime',
    'parse_datetime(s varchar, format varchar) → timestamp',
    'The timestamp written in s in a Joda-Time pattern (`yyyy-MM-dd HH:mm`).',
  ),
  macro(
    'from_unixtime',
    'from_unixtime(unixtime double[, zone varchar]) → timestamp with time zone',
    'The instant unixtime seconds after 1970-01-01 00:00 UTC (fractions kept); with a zone, its wall-clock time there.',
  ),
  macro(
    'from_unixtime_nanos',
    'from_unixtime_nanos(unixtime bigint) → timestamp',
    'The instant unixtime nanoseconds after 1970-01-01 00:00 UTC, to the microsecond.',
  ),
  renamed(
    'to_unixtime',
    'epoch',
    'to_unixtime(t timestamp) → double',
    'The seconds from 1970-01-01 00:00 UTC to t, with fractions.',
  ),
  macro(
    'from_iso8601_timestamp',
    'from_iso8601_timestamp(s varchar) → timestamp with time zone',
    'The instant written in ISO 8601 in s (`2024-05-01T12:30:00Z`, with an offset, or in UTC when it has none).',
  ),
  macro(
    'from_iso8601_date',
    'from_iso8601_date(s varchar) → date',
    'The date written in ISO 8601 (`2024-05-01`) in s.',
  ),
  macro(
    'to_iso8601',
    'to_iso8601(x date | timestamp) → varchar',
    'x in ISO 8601: `2024-05-01`, `2024-05-01T12:30:00.000`, with a `Z` for a timestamp with time zone.',
  ),
  macro('date', 'date(x) → date', 'x as a date (the day of a timestamp, in UTC): CAST(x AS date).'),
  renamed(
    'day_of_week',
    'isodow',
    'day_of_week(t date | timestamp) → bigint',
    'The ISO day of the week: Monday is 1, Sunday 7.',
  ),
  renamed(
    'dow',
    'isodow',
    'dow(t date | timestamp) → bigint',
    'The ISO day of the week: Monday is 1, Sunday 7.',
  ),
  renamed(
    'day_of_month',
    'day',
    'day_of_month(t date | timestamp) → bigint',
    'The day of the month, from 1.',
  ),
  renamed(
    'day_of_year',
    'dayofyear',
    'day_of_year(t date | timestamp) → bigint',
    'The day of the year, from 1.',
  ),
  renamed('doy', 'dayofyear', 'doy(t date | timestamp) → bigint', 'The day of the year, from 1.'),
  same('week', 'week(t date | timestamp) → bigint', 'The ISO week of the year (1 to 53).'),
  renamed(
    'week_of_year',
    'week',
    'week_of_year(t date | timestamp) → bigint',
    'The ISO week of the year (1 to 53).',
  ),
  renamed(
    'year_of_week',
    'isoyear',
    'year_of_week(t date | timestamp) → bigint',
    'The year of the ISO week t falls in (2024-12-30 is in 2025’s week 1).',
  ),
  renamed(
    'yow',
    'isoyear',
    'yow(t date | timestamp) → bigint',
    'The year of the ISO week t falls in.',
  ),
  renamed(
    'last_day_of_month',
    'last_day',
    'last_day_of_month(t date | timestamp) → date',
    'The last day of the month of t.',
  ),
  same('year', 'year(t) → bigint', 'The year of t.'),
  same('quarter', 'quarter(t) → bigint', 'The quarter of the year of t (1 to 4).'),
  same('month', 'month(t) → bigint', 'The month of t (1 to 12).'),
  same('day', 'day(t) → bigint', 'The day of the month of t.'),
  same('hour', 'hour(t) → bigint', 'The hour of the day of t (0 to 23).'),
  same('minute', 'minute(t) → bigint', 'The minute of the hour of t.'),
  same('second', 'second(t) → bigint', 'The second of the minute of t.'),
  macro('millisecond', 'millisecond(t) → bigint', 'The millisecond of the second of t (0 to 999).'),
  macro(
    'to_milliseconds',
    'to_milliseconds(i interval) → bigint',
    'The length of the interval in milliseconds.',
  ),
  macro(
    'current_timezone',
    'current_timezone() → varchar',
    'The session’s time zone: UTC on Strata.',
  ),
  macro(
    'at_timezone',
    'at_timezone(t timestamp with time zone, zone varchar) → timestamp',
    'The wall-clock time of instant t in zone.',
  ),
  macro(
    'with_timezone',
    'with_timezone(t timestamp, zone varchar) → timestamp with time zone',
    'The instant at which the clocks of zone show t.',
  ),
  same('now', 'now() → timestamp with time zone', 'The time the query started.'),
  same('timezone_hour', 'timezone_hour(t) → bigint', 'The hours of t’s offset from UTC.'),
  same('timezone_minute', 'timezone_minute(t) → bigint', 'The minutes of t’s offset from UTC.'),
  unsupported(
    'human_readable_seconds',
    'human_readable_seconds(x double) → varchar',
    'Not supported on Strata yet.',
  ),
  ...['to_char', 'to_date', 'to_timestamp'].map((f) =>
    unsupported(
      f,
      `${f}(x, format varchar) → ${f === 'to_char' ? 'varchar' : f.slice(3)}`,
      'Not supported on Strata: its formats are Teradata’s; use date_format or date_parse.',
    ),
  ),
  unsupported(
    'parse_duration',
    'parse_duration(s varchar) → interval',
    'Not supported on Strata yet.',
  ),
];
