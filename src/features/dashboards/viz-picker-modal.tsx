import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  Badge,
  Checkbox,
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
import { queryDetailOptions } from '../../lib/resources/queries';
import { vizListOptions } from '../../lib/resources/visualizations';
import { pickerQueriesOptions } from './api';
import type { VizInfo } from './viz-info';
import { FormActions } from '../../components/form-actions';

export type PickedViz = { visualizationId: number; info: VizInfo };

/**
 * Pick visualizations: search the context's saved queries, then tick any number of one query's
 * visualizations and add them in one go. The query stays chosen between openings, so the next
 * visualization of the same query is one click away.
 */
export function VizPickerModal(props: {
  ctx: string;
  opened: boolean;
  onClose: () => void;
  onPick: (picked: PickedViz[]) => void;
  /** How many widgets of each visualization the dashboard already has. */
  countOf: (visualizationId: number) => number;
}) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const [queryId, setQueryId] = useState<number | null>(null);
  const [ticked, setTicked] = useState<number[]>([]);
  const choose = (id: number) => {
    if (id !== queryId) setTicked([]);
    setQueryId(id);
  };
  const close = () => {
    setTicked([]);
    props.onClose();
  };
  const queries = useQuery({
    ...pickerQueriesOptions(props.ctx, debounced),
    enabled: props.opened,
  });
  const vizzes = useQuery({
    ...vizListOptions(props.ctx, queryId ?? 0),
    enabled: queryId !== null,
  });
  const query = useQuery({
    ...queryDetailOptions(props.ctx, queryId ?? 0),
    enabled: queryId !== null,
  });
  return (
    <Modal opened={props.opened} onClose={close} title="Add visualizations" size="xl">
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
                  onClick={() => choose(row.id)}
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
            <Stack gap={6} role="group" aria-label="Visualizations">
              {vizzes.data.results.map((v) => {
                const count = props.countOf(v.id);
                return (
                  <Group key={v.id} justify="space-between" wrap="nowrap">
                    <Checkbox
                      label={v.name}
                      checked={ticked.includes(v.id)}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        setTicked((t) => (on ? [...t, v.id] : t.filter((id) => id !== v.id)));
                      }}
                      styles={{ body: { minWidth: 0 }, label: { wordBreak: 'break-word' } }}
                    />
                    <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
                      {count > 0 && (
                        <Badge size="xs" variant="outline" color="gray">
                          on the dashboard{count > 1 ? ` ×${count}` : ''}
                        </Badge>
                      )}
                      <Badge size="xs" variant="light">
                        {v.type}
                      </Badge>
                    </Group>
                  </Group>
                );
              })}
            </Stack>
          )}
        </Stack>
      </SimpleGrid>
      <FormActions
        mt="md"
        onCancel={close}
        confirmLabel={
          ticked.length > 1 ? `Add ${ticked.length} visualizations` : 'Add visualization'
        }
        disabled={ticked.length === 0 || !query.data || !vizzes.data}
        onConfirm={() => {
          if (!query.data || !vizzes.data) return;
          const q = query.data;
          // In the list's order, whatever order they were ticked in.
          const picked = vizzes.data.results
            .filter((v) => ticked.includes(v.id))
            .map((v) => ({
              visualizationId: v.id,
              info: {
                name: v.name,
                type: v.type,
                queryId: q.query_id,
                queryName: q.name,
                parameters: q.parameters,
                error: null,
              },
            }));
          setTicked([]);
          props.onPick(picked);
        }}
      />
    </Modal>
  );
}
