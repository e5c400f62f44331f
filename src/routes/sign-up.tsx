import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { SignUpPage } from '../features/auth/sign-up-page';
import { meQueryOptions } from '../lib/session';

export const Route = createFileRoute('/sign-up')({
  beforeLoad: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(meQueryOptions);
    if (me?.user) throw redirect({ to: '/queries' });
  },
  component: function SignUpRoute() {
    const navigate = useNavigate();
    return <SignUpPage onSignedUp={() => void navigate({ to: '/queries' })} />;
  },
});
