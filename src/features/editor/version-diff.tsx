import { Box, Group, ScrollArea, Text, useComputedColorScheme } from '@mantine/core';
import { useMemo } from 'react';
import { highlightDiff, type DiffSide } from './highlight';
import { diffStats, lineDiff, type DiffLine } from './line-diff';
import { SqlRuns } from './sql-preview';

const BACKGROUND: Record<DiffLine['kind'], string | undefined> = {
  same: undefined,
  added: 'var(--mantine-color-green-light)',
  removed: 'var(--mantine-color-red-light)',
};
const SIGN: Record<DiffLine['kind'], string> = { same: ' ', added: '+', removed: '−' };

const gutter = { width: '3.5ch', textAlign: 'right', opacity: 0.6, userSelect: 'none' } as const;

/**
 * A line diff of `newer` against `older` (its own chunk, with the `diff` package), each side's
 * lines coloured in that side's dialect.
 */
export default function VersionDiff(props: {
  older: DiffSide;
  newer: DiffSide;
  oldLabel: string;
  newLabel: string;
}) {
  const { sql: oldSql, dialect: oldDialect } = props.older;
  const { sql: newSql, dialect: newDialect } = props.newer;
  const scheme = useComputedColorScheme('light');
  const lines = useMemo(() => lineDiff(oldSql, newSql), [oldSql, newSql]);
  const painted = useMemo(
    () =>
      highlightDiff(
        lines,
        { sql: oldSql, dialect: oldDialect },
        { sql: newSql, dialect: newDialect },
      ),
    [lines, oldSql, oldDialect, newSql, newDialect],
  );
  const stats = diffStats(lines);
  return (
    <Box>
      <Group gap="md" mb={6}>
        <Text size="xs" c="red">
          − {props.oldLabel} ({stats.removed} removed)
        </Text>
        <Text size="xs" c="green">
          + {props.newLabel} ({stats.added} added)
        </Text>
      </Group>
      <ScrollArea.Autosize mah={420} type="auto">
        <Box
          role="region"
          aria-label="Differences"
          data-scheme={scheme}
          ff="monospace"
          fz="xs"
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
        >
          {lines.map((line, i) => (
            <Box
              key={i}
              data-diff={line.kind}
              px={6}
              style={{ display: 'flex', gap: '1ch', background: BACKGROUND[line.kind] }}
            >
              <span style={gutter}>{line.oldLine ?? ''}</span>
              <span style={gutter}>{line.newLine ?? ''}</span>
              <span aria-hidden style={{ userSelect: 'none' }}>
                {SIGN[line.kind]}
              </span>
              <span style={{ whiteSpace: 'pre' }}>
                {line.text ? <SqlRuns runs={painted[i]!} /> : ' '}
              </span>
            </Box>
          ))}
        </Box>
      </ScrollArea.Autosize>
    </Box>
  );
}
