import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { uploadListOptions } from '../../../features/uploads/api';
import { UploadsSection } from '../../../features/uploads/uploads-section';
import { integer, type RawSearch } from '../../../lib/search-params';
import { activeCtx } from '../../../lib/session';

/** ?offset=N: where the page of the list starts. */
const parseListSearch = (raw: RawSearch): { offset: number } => ({
  offset: integer(raw.offset, { min: 0, max: 1_000_000_000, fallback: 0 }),
});

/** The context's uploaded tables; the page (offset) lives in the URL. */
export const Route = createFileRoute('/_app/uploads/')({
  validateSearch: (raw: { offset?: number } & SearchSchemaInput) => parseListSearch(raw),
  search: { middlewares: [stripSearchParams({ offset: 0 })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureQueryData(uploadListOptions(activeCtx(queryClient), deps.offset)),
  component: function UploadsRoute() {
    const { offset } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <UploadsSection
        page="list"
        offset={offset}
        onOffset={(o) => void navigate({ search: { offset: o } })}
      />
    );
  },
});
