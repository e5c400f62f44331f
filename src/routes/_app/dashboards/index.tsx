import { createFileRoute } from '@tanstack/react-router';
import { dashboardListOptions } from '../../../features/dashboards/api';
import { DashboardListPage } from '../../../features/dashboards/list-page';
import { listParams, parseListSearch } from '../../../features/dashboards/list-search';
import { activeCtx } from '../../../lib/session';

/** The context's dashboards; search text, tags, archived and page live in the URL. */
export const Route = createFileRoute('/_app/dashboards/')({
  validateSearch: parseListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureQueryData(dashboardListOptions(activeCtx(queryClient), listParams(deps))),
  component: function DashboardsRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <DashboardListPage
        search={search}
        onSearch={(next) => void navigate({ search: next })}
        onOpen={(id) =>
          void navigate({ to: '/dashboards/$dashboardId', params: { dashboardId: String(id) } })
        }
      />
    );
  },
});
