import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** A timestamp as a short local date and time, e.g. "3 Mar 2025, 14:05". */
export function formatDateTime(iso: string): string {
  const d = dayjs(iso);
  return d.isValid() ? d.format('D MMM YYYY, HH:mm') : iso;
}

/** When a key was last used: "Never", or how long ago ("5 minutes ago"). */
export function formatLastUsed(iso: string | null, now: Date = new Date()): string {
  if (!iso) return 'Never';
  const d = dayjs(iso);
  return d.isValid() ? d.from(now) : iso;
}

export const SCOPE_LABEL = { read: 'Read', read_write: 'Read & write' } as const;
