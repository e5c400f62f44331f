import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { SignInPage } from '../features/auth/sign-in-page';
import { meQueryOptions } from '../lib/session';

/** Only same-app paths may be redirected to after signing in. */
const localPath = z
  .string()
  .regex(/^\/(?!\/)/)
  .optional()
  .catch(undefined);

export const Route = createFileRoute('/sign-in')({
  validateSearch: z.object({ redirect: localPath }),
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
