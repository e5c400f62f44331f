import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { searchOptions } from '../../../features/datasets/api';
import { DatasetsPage } from '../../../features/datasets/datasets-page';
import {
  DATASET_SEARCH_DEFAULTS,
  datasetSearchSchema,
  searchBody,
  type DatasetSearch,
} from '../../../features/datasets/dataset-search';
import { activeCtx } from '../../../lib/session';

/** The dataset catalog; its search text, facets and page live in the URL. */
export const Route = createFileRoute('/_app/datasets/')({
  validateSearch: (raw: Partial<DatasetSearch> & SearchSchemaInput) => datasetSearchSchema(raw),
  search: { middlewares: [stripSearchParams(DATASET_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureQueryData(searchOptions(activeCtx(queryClient), searchBody(deps))),
  component: DatasetsRoute,
});

function DatasetsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <DatasetsPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
