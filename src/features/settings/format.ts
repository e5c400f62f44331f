import { fromNow, shortDateTime } from '../../lib/time';

/** A timestamp as a short local date and time, e.g. "3 Mar 2025, 14:05". */
export const formatDateTime = (iso: string) => shortDateTime(iso) ?? iso;

/** When a key was last used: "Never", or how long ago ("5 minutes ago"). */
export function formatLastUsed(iso: string | null, now: Date = new Date()): string {
  if (!iso) return 'Never';
  return fromNow(iso, now) ?? iso;
}

export const SCOPE_LABEL = { read: 'Read', read_write: 'Read & write' } as const;
