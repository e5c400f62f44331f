import { createFileRoute } from '@tanstack/react-router';
import { datasetOptions } from '../../../features/datasets/api';
import { DatasetPage } from '../../../features/datasets/dataset-page';
import { activeCtx } from '../../../lib/session';

/** One dataset by full name (`ethereum.transactions`, `dune.alice.my_table`). */
export const Route = createFileRoute('/_app/datasets/$slug')({
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(datasetOptions(activeCtx(queryClient), params.slug)),
  component: function DatasetRoute() {
    const { slug } = Route.useParams();
    return <DatasetPage fullName={slug} />;
  },
});
