/** Footer numbers: durations in ms/s/min (counts and sizes: lib/format). */

/** A duration: `850 ms`, `1.25 s`, `2 min 5 s`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const min = Math.floor(ms / 60_000);
  const s = Math.round((ms % 60_000) / 1000);
  return s ? `${min} min ${s} s` : `${min} min`;
}

/** Milliseconds between two RFC 3339 times; undefined when either is missing or unreadable. */
export function millisBetween(from?: string, to?: string): number | undefined {
  if (!from || !to) return undefined;
  const d = Date.parse(to) - Date.parse(from);
  return Number.isFinite(d) && d >= 0 ? d : undefined;
}
