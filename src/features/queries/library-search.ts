import { z } from 'zod';
import type { QueryListParams } from './api';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Defaults of the library's URL state; a default is left out of the URL. */
export const LIBRARY_DEFAULTS: QueryListParams = {
  q: '',
  tags: [],
  scope: 'mine',
  archived: false,
  page: 1,
  size: 25,
};

const tagList = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .transform((tags) => [...new Set(tags.map((t) => t.trim()).filter(Boolean))].slice(0, 50));

/**
 * The library's search params: text, tags, Mine/Public, show archived, page and page size.
 * Anything malformed in a hand-edited URL falls back to its default instead of failing.
 */
export const librarySearchSchema = z.object({
  q: z.string().max(300).default(LIBRARY_DEFAULTS.q).catch(LIBRARY_DEFAULTS.q),
  tags: tagList.default(LIBRARY_DEFAULTS.tags).catch(LIBRARY_DEFAULTS.tags),
  scope: z.enum(['mine', 'public']).default(LIBRARY_DEFAULTS.scope).catch(LIBRARY_DEFAULTS.scope),
  archived: z.boolean().default(LIBRARY_DEFAULTS.archived).catch(LIBRARY_DEFAULTS.archived),
  page: z.number().int().min(1).default(LIBRARY_DEFAULTS.page).catch(LIBRARY_DEFAULTS.page),
  size: z
    .number()
    .int()
    .min(1)
    .max(100)
    .default(LIBRARY_DEFAULTS.size)
    .catch(LIBRARY_DEFAULTS.size),
});

export type LibrarySearch = z.output<typeof librarySearchSchema>;

/** A change of filters starts again at page 1; a change of page alone keeps the filters. */
export function nextSearch(current: LibrarySearch, patch: Partial<LibrarySearch>): LibrarySearch {
  const filtersChanged = Object.keys(patch).some((k) => k !== 'page');
  return { ...current, ...(filtersChanged ? { page: 1 } : {}), ...patch };
}

/** The number of pages for `total` rows (at least 1). */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));
