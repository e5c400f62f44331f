/**
 * Relative and absolute times with the platform's Intl (no date library on the first page).
 * Other pages may use dayjs; these two are what the query list needs.
 */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "3 hours ago", "in 2 days", "now"; null for an invalid time. */
export function fromNow(iso: string, now: Date = new Date()): string | null {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return null;
  const seconds = (t - now.getTime()) / 1000;
  if (Math.abs(seconds) < 45) return 'just now';
  const [unit, size] = UNITS.find(([, s]) => Math.abs(seconds) >= s * 0.9) ?? ['second', 1];
  return relative.format(Math.round(seconds / size), unit);
}

/** Local "YYYY-MM-DD HH:mm:ss"; null for an invalid time. */
export function localDateTime(iso: string): string | null {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
