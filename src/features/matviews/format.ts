export const TRIGGER_LABEL: Record<string, string> = {
  upsert: 'Saved',
  manual: 'Manual',
  schedule: 'Schedule',
  pipeline: 'Pipeline',
};

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
