import { Anchor, Badge, Button, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCheck, IconCopy, IconLock, IconPlus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCtx } from '../../lib/session';
import { datasetOptions } from './api';
import { DatasetColumns } from './dataset-columns';
import { DatasetPreview } from './dataset-preview';
import { DatasetDescription, DatasetStats } from './dataset-about';
import { datasetFacts, ownerLabel } from './dataset-facts';
import { contractLine, typeColor, typeLabel } from './format';
import { newQuerySql } from './preview-sql';
import { ToolButton } from '../../components/tool-button';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strings = (v: unknown) =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/**
 * One dataset: what it is (its description in Markdown), how big, its columns (with their docs
 * in Markdown), a preview of its first rows and what to do with it.
 */
export function DatasetPage({ fullName }: { fullName: string }) {
  const ctx = useCtx();
  const { data: dataset } = useSuspenseQuery(datasetOptions(ctx, fullName));
  const name = dataset.full_name;
  const description = str(dataset.metadata.description);
  const chains = strings(dataset.metadata.blockchains);
  const contract = dataset.type === 'decoded_table' ? contractLine(dataset.metadata) : null;
  const partitionKey = datasetFacts(dataset.metadata).partitions?.columns[0];
  const partition = dataset.columns.find((c) => c.name === partitionKey);

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/datasets" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          Datasets
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} ff="monospace" style={{ wordBreak: 'break-all' }}>
            {name}
          </Title>
          <Group gap="xs">
            <Badge variant="light" color={typeColor(dataset.type)}>
              {typeLabel(dataset.type)}
            </Badge>
            {dataset.is_private && (
              <Badge variant="outline" color="gray" leftSection={<IconLock size={10} />}>
                Private
              </Badge>
            )}
            {chains.map((c) => (
              <Badge key={c} variant="light" color="gray" tt="none">
                {c}
              </Badge>
            ))}
            <Text size="sm" c="dimmed">
              {ownerLabel(dataset.owner, dataset.metadata)}
            </Text>
          </Group>
          {contract && (
            <Text size="sm" c="dimmed" ff="monospace">
              {contract}
            </Text>
          )}
          <DatasetDescription text={description} />
        </Stack>
        <Group gap="xs">
          <CopyButton value={name}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                size="xs"
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={() => {
                  copy();
                  notifications.show({ message: `Copied ${name}`, color: 'teal' });
                }}
              >
                Copy full name
              </Button>
            )}
          </CopyButton>
          <ToolButton
            icon={IconPlus}
            renderRoot={(rootProps) => (
              <Link
                to="/queries/new"
                search={{ sql: newQuerySql(name, partition) }}
                preload={false}
                {...rootProps}
              />
            )}
          >
            New query from this table
          </ToolButton>
        </Group>
      </Group>
      <DatasetStats metadata={dataset.metadata} />
      <Paper withBorder radius="md">
        <DatasetColumns columns={dataset.columns} />
      </Paper>
      <DatasetPreview ctx={ctx} fullName={name} />
    </Stack>
  );
}
