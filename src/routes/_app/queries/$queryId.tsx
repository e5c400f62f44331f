import { createFileRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { queryDetailOptions } from '../../../features/queries/api';
import { activeCtx } from '../../../lib/session';
import { QueryPage } from './-query-page/query-page';

/** Parameter values live in the URL (`?p=...`), so a link reproduces the run. */
const Values = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

export const Route = createFileRoute('/_app/queries/$queryId')({
  validateSearch: z.object({ p: Values.optional().catch(undefined) }),
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
        onValuesChange={(next) => void navigate({ search: { p: next }, replace: true })}
      />
    );
  },
});
