import { boolean, integer, text, textList, type RawSearch } from '../../lib/search-params';
import type { DashboardListParams } from './api';

export const LIST_PAGE_SIZE = 25;

/** The list's URL state: search text, tags, archived shown, page. Defaults stay out of the URL. */
export type DashboardListSearch = {
  q?: string;
  tags?: string[];
  archived?: boolean;
  page?: number;
};

export function parseListSearch(raw: RawSearch): DashboardListSearch {
  const q = text(raw.q, { max: 300 })?.trim();
  const tags = textList(raw.tags, { max: 50, maxLength: 100 });
  const archived = boolean(raw.archived, false);
  const page = integer(raw.page, { min: 1, max: 100_000, fallback: 1 });
  return {
    ...(q ? { q } : {}),
    ...(tags.length ? { tags } : {}),
    ...(archived ? { archived } : {}),
    ...(page > 1 ? { page } : {}),
  };
}

export const listParams = (s: DashboardListSearch): DashboardListParams => ({
  q: s.q ?? '',
  tags: s.tags ?? [],
  archived: s.archived ?? false,
  page: s.page ?? 1,
  size: LIST_PAGE_SIZE,
});

/** A change of filters starts again at page 1. */
export function nextListSearch(
  current: DashboardListSearch,
  patch: Partial<DashboardListParams>,
): DashboardListSearch {
  const merged = { ...listParams(current), ...(patch.page ? {} : { page: 1 }), ...patch };
  return parseListSearch({ ...merged, tags: merged.tags });
}
