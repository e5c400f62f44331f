/** The families of the service's wire types (`column_types`) that charts care about. */
export type ValueKind = 'number' | 'temporal' | 'other';

const NUMERIC =
  /^(tinyint|smallint|integer|int|bigint|hugeint|int128|uint128|int256|uint256|real|float|double|decimal|numeric|ubigint|uinteger|usmallint|utinyint|uhugeint)\b/;
const TEMPORAL = /^(date|timestamp)\b/;

export function valueKind(type: string | undefined): ValueKind {
  const t = (type ?? '').trim().toLowerCase();
  if (NUMERIC.test(t)) return 'number';
  if (TEMPORAL.test(t)) return 'temporal';
  return 'other';
}

const STAMP =
  /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?\s*(UTC|Z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * Milliseconds since the epoch of a date or timestamp as the service writes them
 * (`2024-03-05`, an instant `2024-03-05 20:50:59.123 UTC`, a naive `2024-03-05 20:50:59.123`,
 * ISO 8601). A value without a zone is read as UTC: charts draw their time axes in UTC, so a
 * naive timestamp (a wall time) is plotted and labelled as it is written. Null when the value is
 * not one.
 */
export function toTime(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const m = STAMP.exec(value.trim());
  if (!m) return null;
  const zone = !m[3] || m[3] === 'UTC' ? 'Z' : m[3];
  const iso = `${m[1]}T${m[2] ?? '00:00'}${zone === 'Z' ? 'Z' : zone.length === 3 ? `${zone}:00` : zone}`;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}
