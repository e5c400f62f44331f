/** Sorting and column selection as the service's `sort_by` and `columns` parameters. */

import { quoteIdent } from '../../lib/sql-names';

export type SortDir = 'asc' | 'desc';
export type SortState = { column: string; dir: SortDir } | null;

/** Clicking a column header: asc → desc → none; another column starts at asc. */
export function cycleSort(current: SortState, column: string): SortState {
  if (!current || current.column !== column) return { column, dir: 'asc' };
  return current.dir === 'asc' ? { column, dir: 'desc' } : null;
}

/** `sort_by` for a sort state, e.g. `amount desc`; undefined when unsorted. */
export function sortByParam(sort: SortState): string | undefined {
  return sort ? `${quoteIdent(sort.column)} ${sort.dir}` : undefined;
}

/**
 * `columns` for the chosen columns, in the result's order; undefined when every column is
 * chosen (or the choice is empty, which the service would refuse).
 */
export function columnsParam(
  chosen: readonly string[] | null,
  all: readonly string[],
): string | undefined {
  if (!chosen) return undefined;
  const picked = all.filter((c) => chosen.includes(c));
  if (picked.length === 0 || picked.length === all.length) return undefined;
  return picked.map(quoteIdent).join(',');
}
