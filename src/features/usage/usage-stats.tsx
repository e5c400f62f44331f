import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCoin, IconDatabase, IconLayoutDashboard, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Usage } from './api';
import { formatBytes } from '../../lib/format';
import { formatCredits, percentOf, periodLabel, runsText } from './periods';

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

/** A figure with what it counts against (dimmed after it) and, for a metered one, a meter. */
function Figure(props: {
  testId: string;
  value: ReactNode;
  of?: string;
  meter?: { value: number; color: string; label: string };
}) {
  return (
    <>
      <Text fw={700} size="xl" data-testid={props.testId}>
        {props.value}
        {props.of !== undefined && (
          <Text span c="dimmed" size="sm" fw={400}>
            {props.of}
          </Text>
        )}
      </Text>
      {props.meter && (
        <Progress
          value={props.meter.value}
          color={props.meter.color}
          aria-label={props.meter.label}
        />
      )}
    </>
  );
}

/** The current period's credits, storage against its allowance, and private object counts. */
/** One kind of runs under the credits: "Scheduled: 3 runs, 12 credits". */
function RunsLine(props: { label: string; runs: Parameters<typeof runsText>[0]; testId: string }) {
  return (
    <Text size="xs" data-testid={props.testId}>
      <Text span c="dimmed" size="xs">
        {props.label}:{' '}
      </Text>
      {runsText(props.runs)}
    </Text>
  );
}

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
        <Figure
          testId="credits-current"
          value={current ? formatCredits(current.credits_used) : '—'}
          of={current ? ` of ${formatCredits(current.credits_included)} included` : ''}
          meter={{
            value: creditsPct,
            color: creditsPct >= 100 ? 'red' : 'indigo',
            label: 'Credits used this period',
          }}
        />
        {current?.runs && (
          <Stack gap={0}>
            <RunsLine label="Scheduled" runs={current.runs.scheduled} testId="credits-scheduled" />
            <RunsLine
              label="Interactive"
              runs={current.runs.interactive}
              testId="credits-interactive"
            />
          </Stack>
        )}
      </Stat>
      <Stat label="Storage" icon={<IconDatabase size={16} />}>
        <Figure
          testId="bytes-used"
          value={formatBytes(usage.bytes_used)}
          of={` of ${formatBytes(usage.bytes_allowed)}`}
          meter={{ value: bytesPct, color: bytesPct >= 90 ? 'red' : 'teal', label: 'Storage used' }}
        />
      </Stat>
      <Stat label="Private queries" icon={<IconLock size={16} />}>
        <Figure testId="private-queries" value={usage.private_queries} />
      </Stat>
      <Stat label="Private dashboards" icon={<IconLayoutDashboard size={16} />}>
        <Figure testId="private-dashboards" value={usage.private_dashboards} />
      </Stat>
    </SimpleGrid>
  );
}
