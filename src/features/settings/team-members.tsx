import { ActionIcon, Badge, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconDoorExit, IconUserMinus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContextEntry } from '../../../contract/accounts';
import { DataTable } from '../../components/data-table';
import { AddMemberForm } from './add-member-form';
import { membersQueryOptions } from './api';
import { ErrorNote } from '../../components/error-alert';
import { formatDateTime } from './format';
import { RemoveMemberModal } from './remove-member-modal';

/** Members of one team; admins add and remove members, anyone may leave. */
export function TeamMembers(props: { team: ContextEntry; self: string; onLeft: () => void }) {
  const { team, self } = props;
  const members = useQuery(membersQueryOptions(team.handle));
  const [removing, setRemoving] = useState<string | null>(null);
  const isAdmin = team.role === 'admin';
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={4}>Members of {team.handle}</Title>
          <Text size="sm" c="dimmed">
            {isAdmin
              ? 'You are an admin: you add and remove members. A team keeps at least one admin.'
              : 'Only team admins add and remove members; you may leave the team.'}
          </Text>
        </Stack>
        {isAdmin && <AddMemberForm key={team.handle} team={team.handle} />}
        {members.isError ? (
          <ErrorNote error={members.error} title="Could not load the members" />
        ) : (
          <DataTable
            label={`Members of ${team.handle}`}
            minWidth={480}
            verticalSpacing="xs"
            loadingRows={1}
            rows={members.data}
            rowKey={(m) => m.handle}
            rowTestId="member-row"
            columns={[
              {
                header: 'Handle',
                cell: (m) => (
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm">{m.handle}</Text>
                    {m.handle === self && (
                      <Badge size="xs" variant="outline">
                        you
                      </Badge>
                    )}
                  </Group>
                ),
              },
              { header: 'Name', cell: (m) => m.display_name || '—' },
              {
                header: 'Role',
                cell: (m) => (
                  <Badge size="sm" variant="light" color={m.role === 'admin' ? 'grape' : 'gray'}>
                    {m.role}
                  </Badge>
                ),
              },
              { header: 'Joined', cell: (m) => formatDateTime(m.joined_at) },
              {
                w: 48,
                cell: (m) =>
                  (isAdmin || m.handle === self) && (
                    <Tooltip label={m.handle === self ? 'Leave team' : 'Remove'}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={m.handle === self ? 'Leave team' : `Remove ${m.handle}`}
                        onClick={() => setRemoving(m.handle)}
                      >
                        {m.handle === self ? (
                          <IconDoorExit size={16} />
                        ) : (
                          <IconUserMinus size={16} />
                        )}
                      </ActionIcon>
                    </Tooltip>
                  ),
              },
            ]}
          />
        )}
      </Stack>
      <RemoveMemberModal
        team={team.handle}
        self={self}
        member={removing}
        onClose={() => setRemoving(null)}
        onLeft={props.onLeft}
      />
    </Paper>
  );
}
