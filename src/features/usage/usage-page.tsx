import { Badge, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
import { usageQueryOptions } from './api';
import { CreditsChart } from './credits-chart';
import { lastMonths, MONTH_CHOICES, type Months } from './periods';
import { UsageStats } from './usage-stats';

/** Usage of the active context: credits per billing period, storage, private objects. */
export function UsagePage(props: { months: Months; onMonths: (months: Months) => void }) {
  const { context, ctx } = useSession();
  const { data: usage } = useSuspenseQuery(usageQueryOptions(ctx, lastMonths(props.months)));
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={2}>Usage</Title>
            <Badge
              variant="light"
              tt="none"
              size="lg"
              color={context.type === 'team' ? 'grape' : 'indigo'}
            >
              {ctx}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Credits, storage and private objects of the active context. Billing periods are calendar
            months (UTC).
          </Text>
        </Stack>
        <SegmentedControl
          aria-label="Billing periods shown"
          value={String(props.months)}
          onChange={(v) => props.onMonths(Number(v) as Months)}
          data={MONTH_CHOICES.map((m) => ({ value: String(m), label: `${m} months` }))}
        />
      </Group>
      <UsageStats usage={usage} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={4}>Credits per billing period</Title>
          <CreditsChart periods={usage.billing_periods} />
        </Stack>
      </Paper>
    </Stack>
  );
}
