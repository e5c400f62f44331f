import { Badge, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { DashboardResponse } from '../../../contract/dashboards';
import { ageLimitWords } from '../../lib/result-age';

/**
 * Name, owner, markers, the maximum age of its results and tags of a dashboard, with the page's
 * actions on the right.
 */
export function DashboardHeader(props: { dashboard: DashboardResponse; actions?: ReactNode }) {
  const d = props.dashboard;
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap">
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {d.name}
          </Title>
          {d.is_private && (
            <Tooltip label="Private: only members of the owner context can open it">
              <Badge variant="light" color="gray" leftSection={<IconLock size={12} />}>
                Private
              </Badge>
            </Tooltip>
          )}
          {d.is_archived && (
            <Badge variant="outline" color="gray">
              Archived
            </Badge>
          )}
        </Group>
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            by {d.owner_handle}
          </Text>
          {d.max_result_age_seconds !== null && (
            <Tooltip label="Older results are refreshed when someone opens the dashboard">
              <Text size="sm" c="dimmed" data-testid="dashboard-max-age">
                · results up to {ageLimitWords(d.max_result_age_seconds)} old
              </Text>
            </Tooltip>
          )}
          {d.tags.map((t) => (
            <Badge key={t} size="sm" variant="light">
              {t}
            </Badge>
          ))}
        </Group>
      </Stack>
      {props.actions && (
        <Group gap="xs" wrap="nowrap">
          {props.actions}
        </Group>
      )}
    </Group>
  );
}
