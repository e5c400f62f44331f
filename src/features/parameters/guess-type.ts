import type { ParameterType } from '../../../contract/parameters';

const NUMBER_NAME =
  /(^|_)(n|num|number|count|limit|top|size|days|hours|minutes|seconds|weeks|months|years|threshold|amount|qty|quantity|offset|pct|percent|ratio|rate|decimals|blocks|rows|min|max)$/i;
const DATETIME_NAME =
  /((^|_)(date|time|timestamp|datetime|day|start|end|since|until|from|to|cutoff)$|_(at|on)$)/i;
const TIME_COLUMN = /(^|_)(time|date|timestamp|day|hour|week|month)$|_at$/i;

/** The text just before each `{{name}}` of the SQL (on its line), lower-cased. */
function contextsOf(name: string, sql: string): string[] {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`\\{\\{\\s*${escaped}\\s*\\}\\}`, 'g');
  return [...sql.matchAll(re)].map((m) => {
    const before = sql.slice(0, m.index);
    return before.slice(before.lastIndexOf('\n') + 1).toLowerCase();
  });
}

/**
 * The type a new parameter most likely has, from where the SQL uses it and from its name:
 * `LIMIT {{n}}` is a number, `block_time >= {{start}}` a date and time, `{{days}}` a number,
 * `{{start_date}}` a date and time; anything else text.
 */
export function guessParameterType(name: string, sql: string): Exclude<ParameterType, 'enum'> {
  for (const before of contextsOf(name, sql)) {
    if (/\b(limit|offset|top)\s*$/.test(before)) return 'number';
    if (/\binterval\s*'?\s*$/.test(before)) return 'number';
    const compared =
      /([a-z_][a-z0-9_]*)"?\s*(>=|<=|<>|!=|=|>|<|between)\s*(timestamp\s*)?'?\s*$/.exec(before);
    if (compared && TIME_COLUMN.test(compared[1]!)) return 'datetime';
    if (/\btimestamp\s*'?\s*$/.test(before)) return 'datetime';
  }
  if (DATETIME_NAME.test(name)) return 'datetime';
  if (NUMBER_NAME.test(name)) return 'number';
  return 'text';
}
