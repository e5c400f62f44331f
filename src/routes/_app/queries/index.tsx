import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { libraryListOptions } from '../../../features/queries/api';
import { LibraryPage } from '../../../features/queries/library-page';
import {
  LIBRARY_DEFAULTS,
  librarySearchSchema,
  type LibrarySearch,
} from '../../../features/queries/library-search';
import { activeCtx } from '../../../lib/session';

/** The query library; its search, filters and page live in the URL. */
export const Route = createFileRoute('/_app/queries/')({
  validateSearch: (raw: Partial<LibrarySearch> & SearchSchemaInput) => librarySearchSchema(raw),
  search: { middlewares: [stripSearchParams(LIBRARY_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureQueryData(libraryListOptions(activeCtx(queryClient), deps)),
  component: QueriesRoute,
});

function QueriesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <LibraryPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
