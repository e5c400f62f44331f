import '@mantine/core/styles/Grid.css';
import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../../lib/session';
import { CreateTeamModal } from './create-team-modal';
import { TeamList } from './team-list';
import { TeamMembers } from './team-members';

/**
 * Settings → Teams: the user's teams, creating one, and the members of the selected team. The
 * selection lives in the URL (`selected`, written by `onSelect`).
 */
export function TeamsPage(props: {
  selected: string | undefined;
  onSelect: (team: string | undefined) => void;
}) {
  const { me, user, context } = useSession();
  const [creating, setCreating] = useState(false);
  const teams = me.contexts.filter((c) => c.type === 'team');
  const fallback = context.type === 'team' ? context.handle : teams[0]?.handle;
  const team =
    teams.find((t) => t.handle === props.selected) ?? teams.find((t) => t.handle === fallback);
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={3}>Teams</Title>
        <Text size="sm" c="dimmed" maw={640}>
          Teams you belong to. Act in a team by picking it in the context switcher in the header.
        </Text>
      </Stack>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <TeamList
            teams={teams}
            selected={team?.handle}
            onSelect={props.onSelect}
            onCreate={() => setCreating(true)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {team ? (
            <TeamMembers
              key={team.handle}
              team={team}
              self={user.handle}
              onLeft={() => props.onSelect(undefined)}
            />
          ) : (
            <Paper withBorder radius="md" p="md">
              <Text size="sm" c="dimmed">
                {props.selected
                  ? `You are not a member of ${props.selected}.`
                  : 'Create a team to add members to it.'}
              </Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
      <CreateTeamModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(t) => props.onSelect(t.handle)}
      />
    </Stack>
  );
}
