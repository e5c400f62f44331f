import { createFileRoute, redirect } from '@tanstack/react-router';
import { DEFAULT_DIALECT } from '../../../../contract/rules/enums';
import { loadMonacoSqlEditor } from '../../../features/editor/preload';
import { NEW_QUERY } from '../../../features/queries/api';
import { text, type RawSearch } from '../../../lib/search-params';
import { activeCtx } from '../../../lib/session';
import { NewQueryPage } from './-query-page/new-query-page';
import { readQuerySearch, valuesFromSearch, type QuerySearch } from './-query-page/query-search';

/**
 * A new query: a local draft until its first save creates it (nothing is published before).
 * `?sql=` starts the draft with that text ("New query from this table", an upload's "Open in
 * editor") and is then dropped from the URL, so a reload keeps the edits.
 */
export const Route = createFileRoute('/_app/queries/new')({
  validateSearch: (raw: RawSearch): QuerySearch & { sql?: string } => ({
    ...readQuerySearch(raw),
    viz: undefined,
    sql: text(raw.sql, { max: 10_000 }),
  }),
  loaderDeps: ({ search }) => ({ sql: search.sql }),
  loader: async ({ context: { queryClient }, preload, deps }) => {
    void loadMonacoSqlEditor();
    // Hovering a link preloads; only a real visit starts a draft.
    if (preload || deps.sql === undefined) return;
    // Read here, not imported: the drafts' code stays out of the pages that load before this one.
    const { seedDraft } = await import('../../../features/editor/use-draft');
    const start = { sql: NEW_QUERY.query_sql, version: 0, dialect: DEFAULT_DIALECT };
    seedDraft(activeCtx(queryClient), 'new', deps.sql.trim() ? deps.sql : start.sql, start);
    throw redirect({
      to: '/queries/new',
      search: (s) => ({ ...s, sql: undefined }),
      replace: true,
    });
  },
  component: function NewQueryRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const values = valuesFromSearch(search);
    return (
      <NewQueryPage
        values={values}
        onValuesChange={(next) =>
          void navigate({ search: { ...readQuerySearch(next), viz: undefined }, replace: true })
        }
        onCreated={(id) =>
          void navigate({
            to: '/queries/$queryId',
            params: { queryId: String(id) },
            search: readQuerySearch(values),
            replace: true,
            ignoreBlocker: true,
          })
        }
      />
    );
  },
});
