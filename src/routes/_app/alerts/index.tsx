import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { alertListOptions } from '../../../features/alerts/api';
import { AlertsPage } from '../../../features/alerts/alerts-page';
import { valueInputs } from '../../../features/parameters/value-inputs';
import { integer, type RawSearch } from '../../../lib/search-params';
import { activeCtx, useCtx } from '../../../lib/session';

type ListSearch = { offset: number; history?: number };

/** ?offset=N: where the page starts; ?history=<id>: the alert whose history is open. */
const parseListSearch = (raw: RawSearch): ListSearch => {
  const offset = integer(raw.offset, { min: 0, max: 1_000_000_000, fallback: 0 });
  const history = integer(raw.history, { min: 0, max: 1e15, fallback: 0 });
  return history ? { offset, history } : { offset };
};

/** The context's alerts; editing one shows the parameters feature's inputs for its values. */
export const Route = createFileRoute('/_app/alerts/')({
  validateSearch: (raw: Partial<ListSearch> & SearchSchemaInput) => parseListSearch(raw),
  search: { middlewares: [stripSearchParams({ offset: 0 })] },
  loaderDeps: ({ search }) => ({ offset: search.offset }),
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureQueryData(alertListOptions(activeCtx(queryClient), deps.offset)),
  component: function AlertsRoute() {
    const { offset, history } = Route.useSearch();
    const navigate = Route.useNavigate();
    const ctx = useCtx();
    return (
      <AlertsPage
        offset={offset}
        onOffset={(o) => void navigate({ search: (s) => ({ ...s, offset: o }) })}
        history={history ?? null}
        onHistory={(id) =>
          void navigate({ search: (s) => ({ offset: s.offset ?? 0, history: id ?? undefined }) })
        }
        inputsFor={(parameters) => valueInputs(ctx, parameters)}
      />
    );
  },
});
