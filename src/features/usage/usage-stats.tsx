import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCoin, IconDatabase, IconLayoutDashboard, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Usage } from './api';
import { formatBytes } from '../../lib/format';
import { formatCredits, percentOf, periodLabel } from './periods';

function Stat(props: { label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={6}>
        <Group gap={6} c="dimmed">
          {props.icon}
          <Text size="xs" tt="uppercase" fw={600}>
            {props.label}
          </Text>
        </Group>
        {props.children}
      </Stack>
    </Paper>
  );
}

/** The current period's credits, storage against its allowance, and private object counts. */
export function UsageStats(props: { usage: Usage }) {
  const { usage } = props;
  const current = usage.billing_periods.at(-1);
  const creditsPct = current ? percentOf(current.credits_used, current.credits_included) : 0;
  const bytesPct = percentOf(usage.bytes_used, usage.bytes_allowed);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      <Stat
        label={current ? `Credits, ${periodLabel(current)}` : 'Credits'}
        icon={<IconCoin size={16} />}
      >
        <Text fw={700} size="xl" data-testid="credits-current">
          {current ? formatCredits(current.credits_used) : '—'}
          <Text span c="dimmed" size="sm" fw={400}>
            {current ? ` of ${formatCredits(current.credits_included)} included` : ''}
          </Text>
        </Text>
        <Progress
          value={creditsPct}
          color={creditsPct >= 100 ? 'red' : 'indigo'}
          aria-label="Credits used this period"
        />
      </Stat>
      <Stat label="Storage" icon={<IconDatabase size={16} />}>
        <Text fw={700} size="xl" data-testid="bytes-used">
          {formatBytes(usage.bytes_used)}
          <Text span c="dimmed" size="sm" fw={400}>
            {` of ${formatBytes(usage.bytes_allowed)}`}
          </Text>
        </Text>
        <Progress
          value={bytesPct}
          color={bytesPct >= 90 ? 'red' : 'teal'}
          aria-label="Storage used"
        />
      </Stat>
      <Stat label="Private queries" icon={<IconLock size={16} />}>
        <Text fw={700} size="xl" data-testid="private-queries">
          {usage.private_queries}
        </Text>
      </Stat>
      <Stat label="Private dashboards" icon={<IconLayoutDashboard size={16} />}>
        <Text fw={700} size="xl" data-testid="private-dashboards">
          {usage.private_dashboards}
        </Text>
      </Stat>
    </SimpleGrid>
  );
}
