import type { ParameterType } from '../../../contract/parameters';
import { normalizeVarbinary } from '../../../contract/rules/parameters';

const NUMBER_NAME =
  /(^|_)(n|num|number|count|limit|top|size|days|hours|minutes|seconds|weeks|months|years|threshold|amount|qty|quantity|offset|pct|percent|ratio|rate|decimals|blocks|rows|min|max)$/i;
const DATETIME_NAME =
  /((^|_)(date|time|timestamp|datetime|day|start|end|since|until|from|to|cutoff)$|_(at|on)$)/i;
const TIME_COLUMN = /(^|_)(time|date|timestamp|day|hour|week|month)$|_at$/i;
/** Names of addresses and hashes, varbinary in chain data (`wallet`, `tx_hash`, `topic0`). */
const BYTES_NAME =
  /(^|_)(address|addr|wallet|hash|sender|recipient|contract|taker|maker|topic[0-3])$/i;
/** Columns of addresses: those names, and `"from"`, `"to"`, `tx_from`, `tx_to`. */
const BYTES_COLUMN = /(^|_)(from|to)$/i;

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
 * `{{start_date}}` a date and time; `"from" = {{x}}` or an unquoted `{{wallet}}` bytes, as is a
 * default `value` written `0x…`; anything else text.
 */
export function guessParameterType(
  name: string,
  sql: string,
  value?: string,
): Exclude<ParameterType, 'enum'> {
  if (value && normalizeVarbinary(value)) return 'varbinary';
  const uses = contextsOf(name, sql);
  for (const before of uses) {
    if (/\b(limit|offset|top)\s*$/.test(before)) return 'number';
    if (/\binterval\s*'?\s*$/.test(before)) return 'number';
    const compared =
      /([a-z_][a-z0-9_]*)"?\s*(>=|<=|<>|!=|=|>|<|between)\s*(timestamp\s*)?'?\s*$/.exec(before);
    if (compared && TIME_COLUMN.test(compared[1]!)) return 'datetime';
    if (/\btimestamp\s*'?\s*$/.test(before)) return 'datetime';
    // Bytes are compared unquoted; a quoted '{{x}}' is text whatever it holds.
    const bytes = /([a-z_][a-z0-9_]*)"?\s*(=|<>|!=|\bin\s*\()\s*$/.exec(before);
    if (bytes && (BYTES_NAME.test(bytes[1]!) || BYTES_COLUMN.test(bytes[1]!))) return 'varbinary';
  }
  const unquoted = uses.some((before) => !/'\s*$/.test(before));
  if (unquoted && BYTES_NAME.test(name)) return 'varbinary';
  if (DATETIME_NAME.test(name)) return 'datetime';
  if (NUMBER_NAME.test(name)) return 'number';
  return 'text';
}
