import { createFileRoute } from '@tanstack/react-router';
import { dashboardBundleOptions } from '../../features/dashboards/public-bundle';
import { parseDashboardSearch } from '../../features/dashboards/params';
import { PublicDashboardPage } from '../../features/dashboards/public-page';

/**
 * The public page of a dashboard, /owner/slug, outside the signed-in layout: it works with no
 * session. Static paths (/queries, /settings, /sign-in, ...) rank above it; a single segment
 * (/owner) matches no route. The loader starts its one read (the dashboard's bundle) early;
 * errors show on the page.
 */
export const Route = createFileRoute('/$owner/$slug')({
  validateSearch: parseDashboardSearch,
  loader: ({ context: { queryClient }, params: { owner, slug } }) =>
    queryClient.prefetchQuery(dashboardBundleOptions(owner, slug)),
  component: function PublicDashboardRoute() {
    const { owner, slug } = Route.useParams();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <PublicDashboardPage
        owner={owner}
        slug={slug}
        search={search}
        onSearch={(next) => void navigate({ search: next, replace: true })}
      />
    );
  },
});
