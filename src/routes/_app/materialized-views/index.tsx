import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { matviewListOptions } from '../../../features/matviews/api';
import { MatviewsPage } from '../../../features/matviews/matviews-page';
import { integer, text, type RawSearch } from '../../../lib/search-params';
import { activeCtx } from '../../../lib/session';

type ListSearch = { offset: number; history?: string };

/** ?offset=N: where the page starts; ?history=<full name>: the view whose refreshes are open. */
const parseListSearch = (raw: RawSearch): ListSearch => {
  const history = text(raw.history, { max: 300 });
  const offset = integer(raw.offset, { min: 0, max: 1_000_000_000, fallback: 0 });
  return history ? { offset, history } : { offset };
};

/** The context's materialized views. */
export const Route = createFileRoute('/_app/materialized-views/')({
  validateSearch: (raw: Partial<ListSearch> & SearchSchemaInput) => parseListSearch(raw),
  search: { middlewares: [stripSearchParams({ offset: 0 })] },
  loaderDeps: ({ search }) => ({ offset: search.offset }),
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureQueryData(matviewListOptions(activeCtx(queryClient), deps.offset)),
  component: function MatviewsRoute() {
    const { offset, history } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <MatviewsPage
        offset={offset}
        onOffset={(o) => void navigate({ search: (s) => ({ ...s, offset: o }) })}
        history={history ?? null}
        onHistory={(name) =>
          void navigate({ search: (s) => ({ offset: s.offset ?? 0, history: name ?? undefined }) })
        }
      />
    );
  },
});
