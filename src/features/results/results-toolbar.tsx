import '@mantine/core/styles/Checkbox.css';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Menu,
  Popover,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconChevronDown, IconColumns, IconDownload, IconFilter, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { DownloadFormat } from '../../lib/resources/results';
import type { ResultView } from './result-view';
import type { GridColumn } from './grid-rows';

/**
 * Filter (the service's `filters` grammar), column picker and downloads above the grid: CSV,
 * and Parquet and Arrow for data tools, each with the view's sort, filter and columns.
 */
export function ResultsToolbar({
  view,
  columns,
  onChange,
  filterError,
  downloadHref,
  csvName,
}: {
  view: ResultView;
  /** Every column of the result. */
  columns: GridColumn[];
  onChange: (view: ResultView) => void;
  /** The service's message when it refused the filter. */
  filterError: string | null;
  /** The link that downloads the result as the view shows it, in `format`. */
  downloadHref: (format: DownloadFormat) => string;
  csvName: string;
}) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <FilterInput
        key={view.filters}
        applied={view.filters}
        error={filterError}
        onApply={(filters) => onChange({ ...view, filters })}
      />
      <ColumnPicker
        columns={columns}
        chosen={view.columns}
        onChange={(chosen) => onChange({ ...view, columns: chosen })}
      />
      <Button
        component="a"
        href={downloadHref('csv')}
        download={csvName}
        variant="default"
        size="sm"
        leftSection={<IconDownload size={16} />}
      >
        Download CSV
      </Button>
      <DataToolDownloads href={downloadHref} csvName={csvName} />
    </Group>
  );
}

/** The downloads for data tools: the file's extension, and what reads it. */
const DATA_TOOL_FORMATS = [
  {
    format: 'parquet',
    label: 'Parquet',
    extension: 'parquet',
    hint: 'pandas, Polars, Spark',
  },
  {
    format: 'arrow',
    label: 'Arrow IPC stream',
    extension: 'arrows',
    hint: 'pyarrow, Arrow readers',
  },
] as const;

/** `name.csv` as the file name of another format. */
const renamed = (csvName: string, extension: string) =>
  `${csvName.replace(/\.csv$/i, '')}.${extension}`;

function DataToolDownloads({
  href,
  csvName,
}: {
  href: (format: DownloadFormat) => string;
  csvName: string;
}) {
  return (
    <Menu position="bottom-end" shadow="md" width={300}>
      <Menu.Target>
        <Button variant="default" size="sm" rightSection={<IconChevronDown size={16} />}>
          More formats
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Download for data tools</Menu.Label>
        {DATA_TOOL_FORMATS.map((f) => (
          <Menu.Item
            key={f.format}
            component="a"
            href={href(f.format)}
            download={renamed(csvName, f.extension)}
            leftSection={<IconDownload size={16} />}
          >
            <Text size="sm">{f.label}</Text>
            <Text size="xs" c="dimmed">
              .{f.extension} · {f.hint}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function FilterInput({
  applied,
  error,
  onApply,
}: {
  applied: string;
  error: string | null;
  onApply: (filters: string) => void;
}) {
  const [draft, setDraft] = useState(applied);
  const apply = (value: string) => {
    if (value.trim() !== applied.trim()) onApply(value.trim());
  };
  return (
    <TextInput
      aria-label="Filter rows"
      placeholder="Filter, e.g. amount > 100 AND symbol = 'WETH' (Enter applies)"
      value={draft}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply(draft);
        if (e.key === 'Escape') setDraft(applied);
      }}
      error={error}
      leftSection={<IconFilter size={16} />}
      rightSection={
        draft || applied ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Clear filter"
            onClick={() => {
              setDraft('');
              apply('');
            }}
          >
            <IconX size={14} />
          </ActionIcon>
        ) : null
      }
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      style={{ flex: 1 }}
    />
  );
}

function ColumnPicker({
  columns,
  chosen,
  onChange,
}: {
  columns: GridColumn[];
  chosen: string[] | null;
  onChange: (chosen: string[] | null) => void;
}) {
  const shown = chosen ? columns.filter((c) => chosen.includes(c.name)) : columns;
  const isShown = (name: string) => shown.some((c) => c.name === name);
  const toggle = (name: string, on: boolean) => {
    const next = columns.filter((c) => (c.name === name ? on : isShown(c.name))).map((c) => c.name);
    if (next.length === 0) return; // at least one column stays
    onChange(next.length === columns.length ? null : next);
  };
  return (
    <Popover position="bottom-end" shadow="md" width={280} trapFocus>
      <Popover.Target>
        <Button variant="default" size="sm" leftSection={<IconColumns size={16} />}>
          Columns {shown.length < columns.length ? `${shown.length}/${columns.length}` : ''}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              Visible columns
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => onChange(null)}>
              Show all
            </Button>
          </Group>
          <ScrollArea.Autosize mah={320}>
            <Stack gap={6}>
              {columns.map((c) => (
                <Checkbox
                  key={c.name}
                  label={c.name}
                  description={c.type}
                  checked={isShown(c.name)}
                  disabled={isShown(c.name) && shown.length === 1}
                  onChange={(e) => toggle(c.name, e.currentTarget.checked)}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
