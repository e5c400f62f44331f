import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { lineageOptions, runStatusOptions } from '../../../features/pipelines/api';
import { PipelinesPage, type PipelinesSearch } from '../../../features/pipelines/pipelines-page';
import { integer, text, type RawSearch } from '../../../lib/search-params';
import { activeCtx } from '../../../lib/session';

/** ?query=<id>: load that query's lineage into the graph; ?run=<id>: watch that execution. */
function parsePipelinesSearch(raw: RawSearch): PipelinesSearch {
  const query = integer(raw.query, { min: 1, max: Number.MAX_SAFE_INTEGER, fallback: 0 });
  const run = text(raw.run, { max: 100 });
  return { ...(query > 0 ? { query } : {}), ...(run ? { run } : {}) };
}

/** The pipelines manager (the graph editor loads React Flow lazily). */
export const Route = createFileRoute('/_app/pipelines/')({
  validateSearch: (raw: Partial<PipelinesSearch> & SearchSchemaInput) => parsePipelinesSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const ctx = activeCtx(queryClient);
    // A failure (unknown query or run) is shown on the page, not as a route error.
    await Promise.all([
      deps.query !== undefined &&
        queryClient.ensureQueryData(lineageOptions(ctx, deps.query)).catch(() => undefined),
      deps.run &&
        queryClient.ensureQueryData(runStatusOptions(ctx, deps.run)).catch(() => undefined),
    ]);
  },
  component: function PipelinesRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <PipelinesPage search={search} onSearch={(next) => void navigate({ search: next })} />;
  },
});
