import { Group, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { DIALECTS, type Dialect } from '../../../contract/rules/enums';

/** What each dialect is called and means, as the editor's dialect switch explains it. */
export const DIALECT_INFO: Record<Dialect, { label: string; description: string }> = {
  dunesql: {
    label: 'DuneSQL',
    description:
      'The hosted service’s SQL: Trino’s syntax and functions, 0x… varbinary literals, uint256 and int256. Strata runs it on DuckDB through a rewrite; functions it does not run are marked in the text.',
  },
  duckdb: {
    label: 'DuckDB',
    description: 'DuckDB’s own SQL, run as written.',
  },
};

const DATA = DIALECTS.map((d) => ({
  value: d,
  label: (
    <Tooltip label={DIALECT_INFO[d].description} multiline w={300} openDelay={300} withArrow>
      <span>{DIALECT_INFO[d].label}</span>
    </Tooltip>
  ),
}));

/**
 * The SQL dialect of a query's text, switched here: how the editor completes, documents, formats
 * and marks it, and how a run reads it. Saved with the query.
 */
export function DialectControl(props: { value: Dialect; onChange: (dialect: Dialect) => void }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="xs" c="dimmed" aria-hidden>
        Dialect
      </Text>
      <SegmentedControl
        size="xs"
        aria-label="Dialect"
        value={props.value}
        onChange={(v) => props.onChange(v as Dialect)}
        data={DATA}
      />
    </Group>
  );
}
