/**
 * Relative and absolute times for every page, with the platform's Intl (no date library: the
 * query list, the first page, uses them too). Each returns null for a time it cannot read.
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
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** "3 hours ago", "in 2 days", "now"; null for an invalid time. */
export function fromNow(iso: string, now: Date = new Date()): string | null {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return null;
  const seconds = (t - now.getTime()) / 1000;
  if (Math.abs(seconds) < 45) return 'just now';
  const [unit, size] = UNITS.find(([, s]) => Math.abs(seconds) >= s * 0.9) ?? ['second', 1];
  return relative.format(Math.round(seconds / size), unit);
}

const pad = (n: number) => String(n).padStart(2, '0');

const read = (iso: string): Date | null => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** Local "YYYY-MM-DD HH:mm:ss" (without seconds: "YYYY-MM-DD HH:mm"); null for an invalid time. */
export function localDateTime(iso: string, opts: { seconds?: boolean } = {}): string | null {
  const d = read(iso);
  if (!d) return null;
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return opts.seconds === false ? `${day} ${time}` : `${day} ${time}:${pad(d.getSeconds())}`;
}

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** A short local date and time, "3 Mar 2025, 14:05"; null for an invalid time. */
export function shortDateTime(iso: string): string | null {
  const d = read(iso);
  if (!d) return null;
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}, ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
