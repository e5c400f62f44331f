import { createFileRoute, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { SettingsLayout } from '../../features/settings/settings-layout';

export const Route = createFileRoute('/_app/settings')({ component: SettingsRoute });

function SettingsRoute() {
  const navigate = useNavigate();
  const tab = useRouterState({
    select: (s) => (s.location.pathname.startsWith('/settings/api-keys') ? 'api-keys' : 'teams'),
  });
  return (
    <SettingsLayout tab={tab} onTab={(t) => void navigate({ to: `/settings/${t}` })}>
      <Outlet />
    </SettingsLayout>
  );
}
