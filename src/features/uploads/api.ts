import { queryOptions } from '@tanstack/react-query';
import type { z } from '@hono/zod-openapi';
import type { TableListResponse } from '../../../contract/uploads';
import { api } from '../../lib/api';
import { ctxKey, keepPreviousInContext } from '../../lib/context-keys';

export type UploadList = z.output<typeof TableListResponse>;
export type UploadedTable = UploadList['tables'][number];

/** Rows per page of the uploads list. */
export const UPLOADS_PAGE_SIZE = 25;
/** The service's largest page: the wizard looks up existing names in one request. */
const ALL = 10_000;

/** Every key of the uploads feature starts with the context it belongs to. */
export const uploadKeys = {
  all: (ctx: string) => [...ctxKey(ctx), 'uploads'] as const,
  page: (ctx: string, offset: number, limit: number) =>
    [...uploadKeys.all(ctx), 'list', { offset, limit }] as const,
};

const listUploads = (ctx: string, offset: number, limit: number, signal: AbortSignal) =>
  api<UploadList>('/uploads', { ctx, query: { limit, offset }, signal });

/** One page of the context's uploaded tables (by name). */
export const uploadListOptions = (ctx: string, offset: number) =>
  queryOptions({
    queryKey: uploadKeys.page(ctx, offset, UPLOADS_PAGE_SIZE),
    queryFn: ({ signal }) => listUploads(ctx, offset, UPLOADS_PAGE_SIZE, signal),
    // While another page loads, keep showing the last one of the SAME context only.
    placeholderData: keepPreviousInContext(ctx),
  });

/** Every uploaded table of the context (up to the service's page limit), for name checks. */
export const allUploadsOptions = (ctx: string) =>
  queryOptions({
    queryKey: uploadKeys.page(ctx, 0, ALL),
    queryFn: ({ signal }) => listUploads(ctx, 0, ALL, signal),
  });
