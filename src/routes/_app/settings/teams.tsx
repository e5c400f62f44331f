import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { useSettingsTab } from '../../../features/settings/settings-tab';
import { TeamsPage } from '../../../features/settings/teams-page';

export const Route = createFileRoute('/_app/settings/teams')({
  validateSearch: z.object({ team: z.string().max(100).optional() }),
  onEnter: () => useSettingsTab.getState().remember('teams'),
  component: TeamsRoute,
});

function TeamsRoute() {
  const { team } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <TeamsPage
      selected={team}
      onSelect={(next) => void navigate({ search: { team: next }, replace: true })}
    />
  );
}
