import { Badge, Group, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import type { ContextEntry } from '../../../contract/accounts';
import { ToolButton } from '../../components/tool-button';

/** The user's teams (from `me`); picking one shows its members. */
export function TeamList(props: {
  teams: ContextEntry[];
  selected: string | undefined;
  onSelect: (team: string) => void;
  onCreate: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Your teams</Title>
          <ToolButton icon={IconPlus} onClick={props.onCreate}>
            Create team
          </ToolButton>
        </Group>
        {props.teams.length === 0 ? (
          <Text size="sm" c="dimmed">
            You belong to no team yet. A team shares queries, dashboards, data and API keys between
            its members.
          </Text>
        ) : (
          <nav aria-label="Teams">
            {props.teams.map((t) => (
              <NavLink
                key={t.handle}
                component="button"
                type="button"
                active={t.handle === props.selected}
                aria-current={t.handle === props.selected ? 'true' : undefined}
                onClick={() => props.onSelect(t.handle)}
                leftSection={<IconUsersGroup size={16} />}
                label={t.handle}
                description={t.display_name || undefined}
                rightSection={
                  <Badge size="sm" variant="light" color={t.role === 'admin' ? 'grape' : 'gray'}>
                    {t.role}
                  </Badge>
                }
              />
            ))}
          </nav>
        )}
      </Stack>
    </Paper>
  );
}
