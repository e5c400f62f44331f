import { queryOptions } from '@tanstack/react-query';
import type { ListDatasetsResponse } from '../../../contract/datasets';
import type { ListQueryVersionsResponse, QueryVersion } from '../../../contract/queries';
import { api, apiQueryFn, ApiError } from '../../lib/api';
import { ctxKey } from '../../lib/context-keys';
import { queryKeys } from '../../lib/resources/queries';
import { buildCatalog, type DatasetLike } from './catalog';

/**
 * Keys of the editor's server data. The catalog lives under the context's `datasets` keys and
 * the versions under the query's detail key, so invalidating a context's datasets or a saved
 * query's detail also refreshes what the editor shows.
 */
export const editorKeys = {
  catalog: (ctx: string) => [...ctxKey(ctx), 'datasets', 'editor-catalog'] as const,
  versions: (ctx: string, id: number) => [...queryKeys.detail(ctx, id), 'versions'] as const,
  version: (ctx: string, id: number, version: number) =>
    [...editorKeys.versions(ctx, id), version] as const,
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
