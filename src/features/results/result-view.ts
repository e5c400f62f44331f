import type { ResultQuery } from '../../lib/resources/results';
import { columnsParam, sortByParam, type SortState } from './sort';

/**
 * What the grid asks the service for: a server-side sort, a `filters` expression (the service's
 * grammar, e.g. `amount > 100 AND symbol = 'WETH'`) and the visible columns (null: all).
 */
export type ResultView = { sort: SortState; filters: string; columns: string[] | null };

export const EMPTY_VIEW: ResultView = { sort: null, filters: '', columns: null };

/** The view as result query parameters; `all` is every column of the result, in order. */
export function viewParams(view: ResultView, all: readonly string[]): ResultQuery {
  const filters = view.filters.trim();
  return {
    sort_by: sortByParam(view.sort),
    filters: filters || undefined,
    columns: columnsParam(view.columns, all),
  };
}
