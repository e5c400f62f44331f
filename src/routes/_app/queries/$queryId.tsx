import { createFileRoute, notFound } from '@tanstack/react-router';
import { loadMonacoSqlEditor } from '../../../features/editor/preload';
import { queryDetailOptions } from '../../../lib/resources/queries';
import type { RawSearch } from '../../../lib/search-params';
import { activeCtx } from '../../../lib/session';
import { QueryPage } from './-query-page/query-page';
import {
  readQuerySearch,
  valuesFromSearch,
  withValues,
  type QuerySearch,
} from './-query-page/query-search';

/** Parameter values live in the URL (`?days=7`), so a link reproduces the run. */
export const Route = createFileRoute('/_app/queries/$queryId')({
  validateSearch: (raw: RawSearch): QuerySearch => readQuerySearch(raw),
  loader: ({ context, params }) => {
    const id = Number(params.queryId);
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
    // The editor's chunk downloads once the query has arrived: not before, so the query is not
    // queued behind it and its SQL shows (read-only) before Monaco's code runs.
    return context.queryClient
      .ensureQueryData(queryDetailOptions(activeCtx(context.queryClient), id))
      .then((query) => {
        void loadMonacoSqlEditor();
        return query;
      });
  },
  component: function QueryRoute() {
    const { queryId } = Route.useParams();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <QueryPage
        queryId={Number(queryId)}
        values={valuesFromSearch(search)}
        onValuesChange={(next) =>
          void navigate({ search: (s) => withValues(s, next), replace: true })
        }
        tab={search.viz ?? 'results'}
        onTabChange={(tab) =>
          void navigate({ search: (s) => ({ ...s, viz: tab === 'results' ? undefined : tab }) })
        }
      />
    );
  },
});
