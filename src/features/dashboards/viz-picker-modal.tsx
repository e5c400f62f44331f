import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  NavLink,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { pickerQueriesOptions, pickerQueryOptions, pickerVisualizationsOptions } from './api';
import type { VizInfo } from './viz-info';

/** Pick a visualization: search the context's saved queries, then pick one of its charts. */
export function VizPickerModal(props: {
  ctx: string;
  opened: boolean;
  onClose: () => void;
  onPick: (visualizationId: number, info: VizInfo) => void;
}) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const [queryId, setQueryId] = useState<number | null>(null);
  const queries = useQuery({
    ...pickerQueriesOptions(props.ctx, debounced),
    enabled: props.opened,
  });
  const vizzes = useQuery({
    ...pickerVisualizationsOptions(props.ctx, queryId ?? 0),
    enabled: queryId !== null,
  });
  const query = useQuery({
    ...pickerQueryOptions(props.ctx, queryId ?? 0),
    enabled: queryId !== null,
  });
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Add a visualization" size="xl">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap="xs">
          <TextInput
            label="Query"
            placeholder="Search saved queries"
            leftSection={<IconSearch size={16} />}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            data-autofocus
          />
          <ScrollArea h={300} type="auto">
            {queries.isError && (
              <Text size="sm" c="red" role="alert">
                {queries.error.message}
              </Text>
            )}
            {!queries.data && !queries.isError && <Loader size="sm" m="md" aria-label="Loading" />}
            {queries.data?.queries.length === 0 && (
              <Text size="sm" c="dimmed" p="xs">
                No saved query matches.
              </Text>
            )}
            <div role="listbox" aria-label="Queries">
              {queries.data?.queries.map((row) => (
                <NavLink
                  key={row.id}
                  label={row.name}
                  description={row.description || undefined}
                  active={row.id === queryId}
                  onClick={() => setQueryId(row.id)}
                  role="option"
                  aria-selected={row.id === queryId}
                />
              ))}
            </div>
          </ScrollArea>
        </Stack>
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Visualizations
          </Text>
          {queryId === null ? (
            <Text size="sm" c="dimmed">
              Pick a query to see its visualizations.
            </Text>
          ) : vizzes.isError ? (
            <Text size="sm" c="red" role="alert">
              {vizzes.error.message}
            </Text>
          ) : !vizzes.data ? (
            <Loader size="sm" aria-label="Loading" />
          ) : vizzes.data.results.length === 0 ? (
            <Text size="sm" c="dimmed">
              This query has no visualizations yet. Make one on the query page first.
            </Text>
          ) : (
            <Stack gap={6} role="list" aria-label="Visualizations">
              {vizzes.data.results.map((v) => (
                <Group key={v.id} justify="space-between" wrap="nowrap" role="listitem">
                  <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                    <Text size="sm" truncate="end">
                      {v.name}
                    </Text>
                    <Badge size="xs" variant="light">
                      {v.type}
                    </Badge>
                  </Group>
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Add ${v.name}`}
                    disabled={!query.data}
                    onClick={() =>
                      query.data &&
                      props.onPick(v.id, {
                        name: v.name,
                        type: v.type,
                        queryId: query.data.query_id,
                        queryName: query.data.name,
                        parameters: query.data.parameters,
                        error: null,
                      })
                    }
                  >
                    Add
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      </SimpleGrid>
    </Modal>
  );
}
