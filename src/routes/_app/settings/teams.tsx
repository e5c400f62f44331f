import { createFileRoute } from '@tanstack/react-router';
import { text, type RawSearch } from '../../../lib/search-params';
import { useSettingsTab } from '../../../features/settings/settings-tab';
import { TeamsPage } from '../../../features/settings/teams-page';

export const Route = createFileRoute('/_app/settings/teams')({
  validateSearch: (raw: RawSearch): { team?: string } => ({ team: text(raw.team, { max: 100 }) }),
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
