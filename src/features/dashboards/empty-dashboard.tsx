import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconLayoutDashboard, IconPencil, IconTextSize } from '@tabler/icons-react';

/**
 * What an empty dashboard shows: in edit mode, the first things to add; in view mode, the way
 * into edit mode.
 */
export function EmptyDashboard(
  props: { onAddViz: () => void; onAddText: () => void } | { onEdit: () => void },
) {
  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      style={{ borderStyle: 'dashed' }}
      data-testid="empty-dashboard"
    >
      <Stack align="center" gap="sm">
        <IconLayoutDashboard size={36} stroke={1.4} color="var(--mantine-color-dimmed)" />
        <Title order={3} size="h4">
          This dashboard is empty
        </Title>
        <Text size="sm" c="dimmed" ta="center" maw={440}>
          {'onEdit' in props
            ? 'Edit it to add charts, counters and tables of your saved queries, text and parameters.'
            : 'Add charts, counters and tables of your saved queries (several at once), text, and then parameters that drive them.'}
        </Text>
        {'onEdit' in props ? (
          <Button leftSection={<IconPencil size={16} />} onClick={props.onEdit}>
            Edit dashboard
          </Button>
        ) : (
          <Group gap="sm">
            <Button leftSection={<IconChartBar size={16} />} onClick={props.onAddViz}>
              Add visualizations
            </Button>
            <Button
              variant="default"
              leftSection={<IconTextSize size={16} />}
              onClick={props.onAddText}
            >
              Add text
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
