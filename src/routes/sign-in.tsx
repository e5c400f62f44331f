import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { text, type RawSearch } from '../lib/search-params';
import { SignInPage } from '../features/auth/sign-in-page';
import { meQueryOptions } from '../lib/session';

/** Only same-app paths may be redirected to after signing in. */
function localPath(raw: unknown): string | undefined {
  const path = text(raw, { max: 2000 });
  return path !== undefined && /^\/(?!\/)/.test(path) ? path : undefined;
}

export const Route = createFileRoute('/sign-in')({
  validateSearch: (raw: RawSearch): { redirect?: string } => ({
    redirect: localPath(raw.redirect),
  }),
  beforeLoad: async ({ context, search }) => {
    const me = await context.queryClient.ensureQueryData(meQueryOptions);
    if (me?.user) throw redirect({ to: search.redirect ?? '/queries' });
  },
  component: function SignInRoute() {
    const { redirect: to } = Route.useSearch();
    const navigate = useNavigate();
    return <SignInPage onSignedIn={() => void navigate({ to: to ?? '/queries' })} />;
  },
});
