import { createFileRoute, notFound } from '@tanstack/react-router';
import { stringRecord, type RawSearch } from '../../../lib/search-params';
import { queryDetailOptions } from '../../../features/queries/api';
import { activeCtx } from '../../../lib/session';
import { QueryPage } from './-query-page/query-page';
import { readVizSearch } from './-query-page/viz-search';

/** Parameter values live in the URL (`?p=...`), so a link reproduces the run. */

export const Route = createFileRoute('/_app/queries/$queryId')({
  validateSearch: (
    raw: RawSearch,
  ): { p?: Record<string, string | string[]>; viz?: number | 'new' } => ({
    p: stringRecord(raw.p),
    viz: readVizSearch(raw.viz),
  }),
  loader: ({ context, params }) => {
    const id = Number(params.queryId);
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
    return context.queryClient.ensureQueryData(
      queryDetailOptions(activeCtx(context.queryClient), id),
    );
  },
  component: function QueryRoute() {
    const { queryId } = Route.useParams();
    const { p } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <QueryPage
        queryId={Number(queryId)}
        values={p}
        onValuesChange={(next) =>
          void navigate({ search: (s) => ({ ...s, p: next }), replace: true })
        }
      />
    );
  },
});
