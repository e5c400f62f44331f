import { createFileRoute, notFound } from '@tanstack/react-router';
import { dashboardOptions } from '../../../features/dashboards/api';
import { DashboardPage } from '../../../features/dashboards/dashboard-page';
import { parseDashboardSearch } from '../../../features/dashboards/params';
import { activeCtx } from '../../../lib/session';
import { SchedulesAction } from './-dashboard-page/schedules-action';

/**
 * A dashboard of the active context; parameter values and the refresh interval in the URL. The
 * owner's view also offers the schedules feature's dialog.
 */
export const Route = createFileRoute('/_app/dashboards/$dashboardId')({
  validateSearch: parseDashboardSearch,
  loader: ({ context, params }) => {
    const id = Number(params.dashboardId);
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
    return context.queryClient.ensureQueryData(
      dashboardOptions(activeCtx(context.queryClient), id),
    );
  },
  component: function DashboardRoute() {
    const { dashboardId } = Route.useParams();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <DashboardPage
        id={Number(dashboardId)}
        search={search}
        onSearch={(next) => void navigate({ search: next, replace: true })}
        ownerActions={(dashboard) => <SchedulesAction dashboard={dashboard} />}
      />
    );
  },
});
