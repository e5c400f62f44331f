import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import type { SearchSchemaInput } from '@tanstack/react-router';
import { oneOf } from '../../lib/search-params';
import { usageQueryOptions } from '../../features/usage/api';
import { DEFAULT_MONTHS, lastMonths, MONTH_CHOICES } from '../../features/usage/periods';
import { UsagePage } from '../../features/usage/usage-page';
import { meQueryOptions, resolveContext, useContextChoice } from '../../lib/session';

const usageSearch = (raw: { months?: unknown } & SearchSchemaInput) => ({
  months: oneOf(raw.months, MONTH_CHOICES, DEFAULT_MONTHS),
});

export const Route = createFileRoute('/_app/usage')({
  validateSearch: usageSearch,
  search: { middlewares: [stripSearchParams({ months: DEFAULT_MONTHS })] },
  loaderDeps: ({ search }) => ({ months: search.months }),
  loader: async ({ context: { queryClient }, deps }) => {
    const me = await queryClient.ensureQueryData(meQueryOptions);
    if (!me) return;
    const ctx = resolveContext(me, useContextChoice.getState().handle).handle;
    await queryClient.ensureQueryData(usageQueryOptions(ctx, lastMonths(deps.months)));
  },
  component: UsageRoute,
});

function UsageRoute() {
  const { months } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <UsagePage months={months} onMonths={(m) => void navigate({ search: { months: m } })} />;
}
