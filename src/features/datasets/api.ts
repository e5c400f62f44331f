import { queryOptions } from '@tanstack/react-query';
import type {
  Dataset,
  SearchDatasetsRequest,
  SearchDatasetsResponse,
} from '../../../contract/datasets';
import { apiQueryFn } from '../../lib/api';
import { ctxKey, keepPreviousInContext } from '../../lib/context-keys';

export type SearchBody = Partial<Omit<SearchDatasetsRequest, 'contract_address'>>;

/** Every key of the datasets feature starts with the context (the editor's catalog shares `datasets`). */
export const datasetKeys = {
  all: (ctx: string) => [...ctxKey(ctx), 'datasets'] as const,
  search: (ctx: string, body: SearchBody) => [...datasetKeys.all(ctx), 'search', body] as const,
  detail: (ctx: string, fullName: string) => [...datasetKeys.all(ctx), 'detail', fullName] as const,
  preview: (ctx: string, fullName: string) =>
    [...datasetKeys.all(ctx), 'preview', fullName] as const,
  previewStatus: (ctx: string, fullName: string, id: string) =>
    [...datasetKeys.preview(ctx, fullName), 'status', id] as const,
  previewRows: (ctx: string, fullName: string, id: string) =>
    [...datasetKeys.preview(ctx, fullName), 'rows', id] as const,
};

/** POST /datasets/search (a read: the body is part of the key). */
export const searchOptions = (ctx: string, body: SearchBody) =>
  queryOptions({
    queryKey: datasetKeys.search(ctx, body),
    queryFn: apiQueryFn<SearchDatasetsResponse>('/datasets/search', { ctx, method: 'POST', body }),
    placeholderData: keepPreviousInContext(ctx),
    staleTime: 30_000,
  });

/** GET /datasets/{full name}: the dataset and its columns. */
export const datasetOptions = (ctx: string, fullName: string) =>
  queryOptions({
    queryKey: datasetKeys.detail(ctx, fullName),
    queryFn: apiQueryFn<Dataset>(`/datasets/${encodeURIComponent(fullName)}`, { ctx }),
    staleTime: 60_000,
  });
