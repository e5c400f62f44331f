import { createFileRoute, redirect } from '@tanstack/react-router';
import { Shell } from '../app/shell';
import { meQueryOptions } from '../lib/session';

/** Every signed-in page: a visitor without a session goes to the sign-in page first. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const me = await context.queryClient.ensureQueryData(meQueryOptions);
    if (!me?.user) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
  },
  component: Shell,
});
