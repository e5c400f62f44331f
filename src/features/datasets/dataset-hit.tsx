import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { SearchDatasetResult } from '../../../contract/datasets';
import { markdownPreview } from './dataset-facts';
import { contractLine, typeColor, typeLabel, visibleChains } from './format';

/** One search result: name (a link to the dataset), type, chains, description, contract. */
export function DatasetHit({ hit }: { hit: SearchDatasetResult }) {
  const chains = visibleChains(hit.blockchains);
  const contract = hit.dataset_type === 'decoded_table' ? contractLine(hit.metadata) : null;
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={hit.full_name}>
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Anchor
            renderRoot={(rootProps) => (
              <Link to="/datasets/$slug" params={{ slug: hit.full_name }} {...rootProps} />
            )}
            fw={600}
            ff="monospace"
            style={{ wordBreak: 'break-all' }}
          >
            {hit.full_name}
          </Anchor>
          <Badge size="sm" variant="light" color={typeColor(hit.dataset_type)}>
            {typeLabel(hit.dataset_type)}
          </Badge>
          {hit.visibility === 'private' && (
            <Badge size="sm" variant="outline" color="gray" leftSection={<IconLock size={10} />}>
              Private
            </Badge>
          )}
          {chains.shown.map((c) => (
            <Badge key={c} size="sm" variant="light" color="gray" tt="none">
              {c}
            </Badge>
          ))}
          {chains.more > 0 && (
            <Text size="xs" c="dimmed">
              +{chains.more} more
            </Text>
          )}
        </Group>
        {contract && (
          <Text size="xs" c="dimmed" ff="monospace">
            {contract}
          </Text>
        )}
        <Text size="sm" c={hit.description ? undefined : 'dimmed'} lineClamp={2}>
          {hit.description ? markdownPreview(hit.description) : 'No description.'}
        </Text>
      </Stack>
    </Paper>
  );
}
