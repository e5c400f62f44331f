import { createFileRoute, redirect } from '@tanstack/react-router';
import { createQuery, NEW_QUERY } from '../../../features/queries/api';
import { activeCtx } from '../../../lib/session';

/** Visiting /queries/new creates a query in the active context and opens it. */
export const Route = createFileRoute('/_app/queries/new')({
  loader: async ({ context: { queryClient }, preload }) => {
    // Hovering a link preloads; only a real visit creates a query.
    if (preload) return;
    const id = await createQuery(queryClient, activeCtx(queryClient), NEW_QUERY);
    throw redirect({ to: '/queries/$queryId', params: { queryId: String(id) }, replace: true });
  },
});
