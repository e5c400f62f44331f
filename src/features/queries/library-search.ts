import { boolean, integer, oneOf, text, textList, type RawSearch } from '../../lib/search-params';
import type { QueryListParams } from './api';
import { QUERY_LIMITS } from '../../../contract/rules/limits';

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

/**
 * The library's search params: text, tags, Mine/Public, show archived, page and page size.
 * Anything malformed in a hand-edited URL falls back to its default instead of failing.
 */
export function librarySearchSchema(raw: RawSearch): QueryListParams {
  const d = LIBRARY_DEFAULTS;
  return {
    q: text(raw.q, { max: QUERY_LIMITS.search, fallback: d.q }),
    tags: textList(raw.tags, { max: 50, maxLength: 100 }),
    scope: oneOf(raw.scope, ['mine', 'public'] as const, d.scope),
    archived: boolean(raw.archived, d.archived),
    page: integer(raw.page, { min: 1, max: 1_000_000, fallback: d.page }),
    size: integer(raw.size, { min: 1, max: 100, fallback: d.size }),
  };
}

export type LibrarySearch = QueryListParams;

/** A change of filters starts again at page 1; a change of page alone keeps the filters. */
export function nextSearch(current: LibrarySearch, patch: Partial<LibrarySearch>): LibrarySearch {
  const filtersChanged = Object.keys(patch).some((k) => k !== 'page');
  return { ...current, ...(filtersChanged ? { page: 1 } : {}), ...patch };
}

/** The number of pages for `total` rows (at least 1). */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));
