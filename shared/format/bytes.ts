/**
 * Sizes as people read them, the one formatter of the app and the admin CLI: binary units
 * (1 KiB = 1024 bytes), as the README and docs state every size (`PLAN_STORAGE_BYTES` 1 GiB,
 * uploads of 200 MiB), so a table's size reads the same on its page, in `list-datasets` and
 * against the storage allowance on the usage page.
 */

const UNITS = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** `999 B`, `1.5 KiB`, `10.9 KiB`, `250 MiB`, `1 GiB`; a dash for anything not a size. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let v = bytes;
  let i = -1;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  // one decimal under 100, dropped when it is .0 (`1 GiB`, not `1.0 GiB`)
  return `${v >= 100 ? Math.round(v) : +v.toFixed(1)} ${UNITS[i]}`;
}
