import { queryOptions } from '@tanstack/react-query';
import type { ListDatasetsResponse } from '../../../contract/datasets';
import type {
  GetQueryResponse,
  ListQueriesResponse,
  ListQueryVersionsResponse,
  QueryVersion,
} from '../../../contract/queries';
import { api, apiQueryFn, ApiError } from '../../lib/api';
import { ctxKey } from '../../lib/context-keys';
import {
  executionKeys,
  latestParamsQuery,
  latestResult,
  whileUnfinished,
} from '../../lib/resources/executions';
import {
  queryDetailOptions,
  queryKeys,
  queryListOptions,
  type QueryListQuery,
} from '../../lib/resources/queries';
import { buildCatalog, type CatalogColumn, type DatasetLike, type SavedQueryLike } from './catalog';
import { resultColumns } from './query-tables';

/**
 * Keys of the editor's server data. The catalog lives under the context's `datasets` keys, the
 * versions under the query's detail key and a referenced query's columns under its latest run's
 * key, so invalidating a context's datasets, a saved query's detail or its latest run (a run or
 * a save does) also refreshes what the editor shows.
 */
export const editorKeys = {
  catalog: (ctx: string) => [...ctxKey(ctx), 'datasets', 'editor-catalog'] as const,
  versions: (ctx: string, id: number) => [...queryKeys.detail(ctx, id), 'versions'] as const,
  version: (ctx: string, id: number, version: number) =>
    [...editorKeys.versions(ctx, id), version] as const,
  referenceColumns: (ctx: string, id: number) =>
    [...executionKeys.latestOf(ctx, id), 'editor-columns'] as const,
};

const PAGE = 250;
/** At most this many pages (10,000 datasets) feed autocomplete. */
const MAX_PAGES = 40;

/** Every dataset the context can see, page by page; none when the service has no catalog. */
export async function fetchCatalogDatasets(
  ctx: string,
  signal?: AbortSignal,
): Promise<DatasetLike[]> {
  const out: DatasetLike[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    let res: ListDatasetsResponse;
    try {
      res = await api<ListDatasetsResponse>('/datasets', {
        ctx,
        query: { limit: PAGE, offset: out.length },
        signal,
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return out;
      throw err;
    }
    for (const d of res.datasets)
      out.push({ full_name: d.full_name, type: d.type, columns: d.columns });
    if (res.datasets.length === 0 || out.length >= res.total) break;
  }
  return out;
}

/** The datasets for autocomplete, indexed (`select`) into a Catalog. */
export const catalogOptions = (ctx: string) =>
  queryOptions({
    queryKey: editorKeys.catalog(ctx),
    queryFn: ({ signal }) => fetchCatalogDatasets(ctx, signal),
    select: buildCatalog,
    staleTime: 5 * 60_000,
  });

export const versionsOptions = (ctx: string, queryId: number) =>
  queryOptions({
    queryKey: editorKeys.versions(ctx, queryId),
    queryFn: apiQueryFn<ListQueryVersionsResponse>(`/query/${queryId}/versions`, { ctx }),
  });

/** One version in full; a saved version never changes. */
export const versionOptions = (ctx: string, queryId: number, version: number) =>
  queryOptions({
    queryKey: editorKeys.version(ctx, queryId, version),
    queryFn: apiQueryFn<QueryVersion>(`/query/${queryId}/versions/${version}`, { ctx }),
    staleTime: Infinity,
  });

/** The saved queries `query_` completes to: the context's own, not archived, newest first. */
const SAVED_QUERIES: QueryListQuery = { limit: 200, include_archived: false };

const savedQueriesOf = (res: ListQueriesResponse): SavedQueryLike[] =>
  res.queries.map(({ id, name }) => ({ id, name }));

/**
 * The context's saved queries for `query_<id>` completion: a list page of GET /queries, under
 * the queries' list keys, so creating, renaming or archiving a query refreshes it.
 */
export const savedQueriesOptions = (ctx: string) =>
  queryOptions({
    ...queryListOptions(ctx, SAVED_QUERIES),
    select: savedQueriesOf,
    staleTime: 60_000,
  });

/** A referenced query's latest result, as far as the editor needs it; null when it has none. */
export type ReferenceColumns = { is_execution_finished: boolean; columns: CatalogColumn[] | null };

/**
 * The columns of a referenced query's latest result (GET /query/{id}/results, one row); null
 * when it has none or the caller cannot read it (404, which the editor shows nowhere). Asked
 * again while that run is unfinished.
 */
export const referenceColumnsOptions = (ctx: string, queryId: number) =>
  queryOptions({
    queryKey: editorKeys.referenceColumns(ctx, queryId),
    queryFn: async ({ signal }): Promise<ReferenceColumns | null> => {
      const r = await latestResult(ctx, queryId, latestParamsQuery({}), signal);
      if (!r) return null;
      const columns = r.result ? resultColumns(r.result.metadata) : null;
      return { is_execution_finished: r.is_execution_finished, columns };
    },
    staleTime: 30_000,
    refetchInterval: whileUnfinished(2000),
  });

const nameOf = (q: GetQueryResponse) => q.name;

/** The name of a referenced query that is not the context's own (a public one). */
export const referenceNameOptions = (ctx: string, queryId: number) =>
  queryOptions({ ...queryDetailOptions(ctx, queryId), select: nameOf, staleTime: 60_000 });
