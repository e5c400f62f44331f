import { createFileRoute, redirect, type SearchSchemaInput } from '@tanstack/react-router';
import { createQuery, NEW_QUERY } from '../../../features/queries/api';
import { text } from '../../../lib/search-params';
import { activeCtx } from '../../../lib/session';

/** Visiting /queries/new creates a query in the active context and opens it (`?sql=` prefills it). */
export const Route = createFileRoute('/_app/queries/new')({
  validateSearch: (raw: { sql?: string } & SearchSchemaInput): { sql?: string } => ({
    sql: text(raw.sql, { max: 10_000 }),
  }),
  loaderDeps: ({ search }) => ({ sql: search.sql }),
  loader: async ({ context: { queryClient }, preload, deps }) => {
    // Hovering a link preloads; only a real visit creates a query.
    if (preload) return;
    const body = deps.sql?.trim() ? { ...NEW_QUERY, query_sql: deps.sql } : NEW_QUERY;
    const id = await createQuery(queryClient, activeCtx(queryClient), body);
    throw redirect({ to: '/queries/$queryId', params: { queryId: String(id) }, replace: true });
  },
});
