import type { RawSearch } from '../../../../lib/search-params';
import {
  valuesFromSearch,
  valuesToSearch,
  withoutValues,
  type FormValues,
  type ValueSearch,
} from '../../../../features/parameters/url-values';
import { readVizSearch } from './viz-search';

/**
 * The query pages' search: a param per parameter value (`?days=7`, see url-values.ts), and `viz`
 * (the active tab). Legacy `?p={...}` links are read into plain params.
 */
export type QuerySearch = ValueSearch & { viz?: number | 'new' };

export function readQuerySearch(raw: RawSearch): QuerySearch {
  return { ...valuesToSearch(valuesFromSearch(raw)), viz: readVizSearch(raw.viz) };
}

/** The search with `values` as the parameter values, the page's other keys kept. */
export function withValues<T extends Record<string, unknown>>(search: T, values: FormValues) {
  return { ...withoutValues(search), ...valuesToSearch(values) };
}

export { valuesFromSearch };
