import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DatasetType, SearchDatasetResult } from '../../../contract/datasets';
import { searchOptions } from './api';
import { DATASET_TYPES } from '../../../contract/rules/enums';
import { markdownPreview } from './dataset-facts';
import { typeLabel } from './format';
import classes from './data-panel.module.css';
import { quoteIdent, sqlTableName } from '../../lib/sql-names';

const STEP = 50;
const MAX = 250;

type Props = {
  ctx: string;
  /** Called with SQL text to insert at the editor's cursor (a quoted table or column name). */
  onInsert: (text: string) => void;
};

function TableItem(props: { hit: SearchDatasetResult; onInsert: (text: string) => void }) {
  const { hit } = props;
  const [open, setOpen] = useState(false);
  const Chevron = open ? IconChevronDown : IconChevronRight;
  return (
    <div role="listitem">
      <Group gap={2} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Columns of ${hit.full_name}`}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          <Chevron size={14} />
        </ActionIcon>
        <UnstyledButton
          className={classes.item}
          onClick={() => props.onInsert(sqlTableName(hit.full_name))}
          aria-label={`Insert ${hit.full_name}`}
          title={`${hit.full_name} · ${typeLabel(hit.dataset_type)}\n${markdownPreview(hit.description)}`}
        >
          <span className={classes.name}>{hit.full_name}</span>
        </UnstyledButton>
      </Group>
      {open && (
        <div className={classes.columns} role="list" aria-label={`Columns of ${hit.full_name}`}>
          {(hit.schema ?? []).map((c) => (
            <div role="listitem" key={c.name}>
              <UnstyledButton
                className={classes.item}
                onClick={() => props.onInsert(quoteIdent(c.name))}
                aria-label={`Insert column ${c.name}`}
                title={`${c.name} ${c.type}${c.nullable ? '' : ' NOT NULL'}`}
              >
                <span className={classes.name}>{c.name}</span>
                <span className={classes.type}>{c.type}</span>
              </UnstyledButton>
            </div>
          ))}
          {hit.schema?.length === 0 && (
            <Text size="xs" c="dimmed" px={6}>
              No columns.
            </Text>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The editor's data panel: search the catalog (text and dataset type), expand a table to see its
 * columns, and click a table or column to insert its name at the editor's cursor.
 */
export function DataPanel({ ctx, onInsert }: Props) {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), 250);
  const [type, setType] = useState<DatasetType | null>(null);
  const [limit, setLimit] = useState(STEP);
  const results = useQuery(
    searchOptions(ctx, {
      query: query || undefined,
      dataset_types: type ? [type] : undefined,
      include_private: true,
      include_schema: true,
      limit,
    }),
  );
  const hits = results.data?.results ?? [];

  return (
    <Stack gap="xs" h="100%" style={{ minHeight: 0 }}>
      <TextInput
        aria-label="Search tables"
        placeholder="Search tables and columns"
        size="xs"
        leftSection={<IconSearch size={14} />}
        rightSection={results.isFetching ? <Loader size={12} /> : null}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setLimit(STEP);
        }}
      />
      <Select
        aria-label="Dataset type"
        size="xs"
        placeholder="All types"
        clearable
        value={type}
        onChange={(v) => {
          setType(v as DatasetType | null);
          setLimit(STEP);
        }}
        data={DATASET_TYPES.map((t) => ({ value: t, label: typeLabel(t) }))}
        comboboxProps={{ withinPortal: true }}
      />
      <div style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {results.isError ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            <Text size="xs">{results.error.message}</Text>
            <Button size="compact-xs" variant="light" mt={4} onClick={() => void results.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : !results.data ? (
          <Group gap="xs" p="xs" aria-busy="true">
            <Loader size="xs" />
            <Text size="xs" c="dimmed">
              Loading tables…
            </Text>
          </Group>
        ) : hits.length === 0 ? (
          <Text size="xs" c="dimmed" p="xs">
            No tables match.
          </Text>
        ) : (
          <div role="list" aria-label="Tables">
            {hits.map((hit) => (
              <TableItem key={hit.full_name} hit={hit} onInsert={onInsert} />
            ))}
          </div>
        )}
        {results.data?.pagination.has_more && limit < MAX && (
          <Button
            size="compact-xs"
            variant="subtle"
            fullWidth
            mt={4}
            onClick={() => setLimit(Math.min(MAX, limit + STEP))}
          >
            Show more ({results.data.total - hits.length} left)
          </Button>
        )}
      </div>
    </Stack>
  );
}
