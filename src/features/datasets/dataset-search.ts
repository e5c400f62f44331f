import {
  DATASET_CATEGORIES,
  DATASET_TYPES,
  OWNER_SCOPES,
  type DatasetCategory,
  type DatasetType,
  type OwnerScope,
} from '../../../contract/rules/enums';
import { boolean, integer, oneOf, text, textList, type RawSearch } from '../../lib/search-params';
import type { SearchBody } from './api';
import { DATASET_LIMITS } from '../../../contract/rules/limits';

/** The browser's URL state: text, facets and page. */
export type DatasetSearch = {
  q: string;
  chains: string[];
  categories: DatasetCategory[];
  types: DatasetType[];
  owner: OwnerScope;
  /** Also the active context's private datasets. */
  private: boolean;
  page: number;
};

export const PAGE_SIZE = 20;

/** Defaults of the URL state; a default is left out of the URL. */
export const DATASET_SEARCH_DEFAULTS: DatasetSearch = {
  q: '',
  chains: [],
  categories: [],
  types: [],
  owner: 'all',
  private: true,
  page: 1,
};

const only = <T extends string>(raw: unknown, choices: readonly T[]): T[] =>
  textList(raw, { max: choices.length, maxLength: 40 }).filter((v): v is T =>
    (choices as readonly string[]).includes(v),
  );

/** Reads the search params; anything malformed in a hand-edited URL falls back to its default. */
export function datasetSearchSchema(raw: RawSearch): DatasetSearch {
  const d = DATASET_SEARCH_DEFAULTS;
  return {
    q: text(raw.q, { max: DATASET_LIMITS.query, fallback: d.q }),
    chains: textList(raw.chains, { max: 50, maxLength: 100 }),
    categories: only(raw.categories, DATASET_CATEGORIES),
    types: only(raw.types, DATASET_TYPES),
    owner: oneOf(raw.owner, OWNER_SCOPES, d.owner),
    private: boolean(raw.private, d.private),
    page: integer(raw.page, { min: 1, max: 100_000, fallback: d.page }),
  };
}

/** A change of filters starts again at page 1; a change of page alone keeps the filters. */
export function nextDatasetSearch(
  current: DatasetSearch,
  patch: Partial<DatasetSearch>,
): DatasetSearch {
  const filtersChanged = Object.keys(patch).some((k) => k !== 'page');
  return { ...current, ...(filtersChanged ? { page: 1 } : {}), ...patch };
}

const list = <T>(items: T[]) => (items.length ? items : undefined);

/** The POST /datasets/search body of a URL state (metadata for the contract/project line). */
export function searchBody(s: DatasetSearch): SearchBody {
  return {
    query: s.q.trim() || undefined,
    blockchains: list(s.chains),
    categories: list(s.categories),
    dataset_types: list(s.types),
    owner_scope: s.owner === 'all' ? undefined : s.owner,
    include_private: s.private,
    include_metadata: true,
    limit: PAGE_SIZE,
    offset: (s.page - 1) * PAGE_SIZE,
  };
}
