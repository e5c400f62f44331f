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

/** How each execution state of a refresh reads, and its badge color. */
export const REFRESH_STATE: Record<string, { label: string; color: string }> = {
  QUERY_STATE_PENDING: { label: 'Pending', color: 'gray' },
  QUERY_STATE_EXECUTING: { label: 'Refreshing', color: 'blue' },
  QUERY_STATE_COMPLETED: { label: 'Completed', color: 'green' },
  QUERY_STATE_COMPLETED_PARTIAL: { label: 'Completed (partial)', color: 'yellow' },
  QUERY_STATE_FAILED: { label: 'Failed', color: 'red' },
  QUERY_STATE_CANCELLED: { label: 'Cancelled', color: 'gray' },
  QUERY_STATE_EXPIRED: { label: 'Expired', color: 'gray' },
};

export const stateView = (state: string) =>
  REFRESH_STATE[state] ?? {
    label: state.replace(/^QUERY_STATE_/, '').toLowerCase(),
    color: 'gray',
  };

export const TRIGGER_LABEL: Record<string, string> = {
  upsert: 'Saved',
  manual: 'Manual',
  schedule: 'Schedule',
  pipeline: 'Pipeline',
};

/** The short name rule of the service: `result_` then letters, digits and `_`, at most 128. */
export function nameError(name: string): string | null {
  if (name === '') return 'A name is required';
  if (!name.toLowerCase().startsWith('result_')) return 'Must start with "result_"';
  if (name.length === 'result_'.length) return 'Add something after "result_"';
  if (!/^[A-Za-z0-9_]+$/.test(name)) return 'Only letters, digits and "_"';
  if (name.length > 128) return 'At most 128 characters';
  return null;
}

/** `<input type="datetime-local">` value (local time) of an ISO time, and back. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Why an expiry (a datetime-local value; empty for none) is refused, or null. */
export function expiryError(value: string, now: Date = new Date()): string | null {
  if (!value) return null;
  const iso = fromLocalInput(value);
  if (!iso) return 'Not a date and time';
  return Date.parse(iso) <= now.getTime() ? 'Must be in the future' : null;
}
