/**
 * Numbers as users read them, the same on every page: counts with separators, and sizes in
 * decimal units (1 kB = 1000 bytes) for results, tables, uploads and storage alike.
 */

const COUNT = new Intl.NumberFormat('en-US');

/** A count with separators: 12,345. */
export const formatCount = (n: number) => COUNT.format(n);

const BYTE_UNITS = ['kB', 'MB', 'GB', 'TB', 'PB'];

/** Bytes in decimal units: `999 B`, `1.5 kB`, `12.3 MB`, `250 MB`; a dash for anything not a size. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1000) return `${Math.round(bytes)} B`;
  let v = bytes;
  let i = -1;
  while (v >= 1000 && i < BYTE_UNITS.length - 1) {
    v /= 1000;
    i++;
  }
  return `${v >= 100 ? Math.round(v) : v.toFixed(1)} ${BYTE_UNITS[i]}`;
}
