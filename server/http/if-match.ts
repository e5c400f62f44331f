import type { Context } from 'hono';
import { invalid } from '../errors.js';

/**
 * Optimistic concurrency for PATCH: GET answers `ETag: "<version>"` (and `version` in the body),
 * a change may send `If-Match: "<version>"`; a stale one is refused with 409 by the repository.
 * Returns the version named, or undefined without the header (or with `*`).
 */
export function ifMatchVersion(c: Context): number | undefined {
  const raw = c.req.header('if-match')?.trim();
  if (raw === undefined || raw === '*') return undefined;
  const m = /^(?:W\/)?"?(\d{1,15})"?$/.exec(raw);
  if (!m) throw invalid('If-Match must name the version to change, as the ETag gives it ("3")');
  return Number(m[1]);
}

export const etag = (version: number) => `"${version}"`;

export const IF_MATCH_NOTE =
  'Strata addition: send `If-Match: "<version>"` (the ETag of the GET) and a change made since that version is refused with 409 instead of being overwritten.';
