import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

const COUNT = new Intl.NumberFormat('en-US');

/** A count with separators: 12,345. */
export const formatCount = (n: number) => COUNT.format(n);

/** Bytes in decimal units: `999 B`, `1.5 kB`, `12.3 MB`; a dash for anything not a size. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1000) return `${Math.round(bytes)} B`;
  const units = ['kB', 'MB', 'GB', 'TB', 'PB'];
  let v = bytes;
  let i = -1;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return `${v >= 100 ? Math.round(v) : v.toFixed(1)} ${units[i]}`;
}

/** "3 hours ago" (dayjs: the uploads pages load after the first page, which has lib/time). */
export function fromNow(iso: string, now: Date = new Date()): string {
  const d = dayjs(iso);
  return d.isValid() ? d.from(now) : iso;
}

/** Local "YYYY-MM-DD HH:mm:ss". */
export function localDateTime(iso: string): string {
  const d = dayjs(iso);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : iso;
}
