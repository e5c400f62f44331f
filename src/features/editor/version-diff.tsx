import { Box, Group, ScrollArea, Text } from '@mantine/core';
import { useMemo } from 'react';
import { diffStats, lineDiff, type DiffLine } from './line-diff';

const BACKGROUND: Record<DiffLine['kind'], string | undefined> = {
  same: undefined,
  added: 'var(--mantine-color-green-light)',
  removed: 'var(--mantine-color-red-light)',
};
const SIGN: Record<DiffLine['kind'], string> = { same: ' ', added: '+', removed: '−' };

const gutter = { width: '3.5ch', textAlign: 'right', opacity: 0.6, userSelect: 'none' } as const;

/** A line diff of `newText` against `oldText` (its own chunk, with the `diff` package). */
export default function VersionDiff(props: {
  oldText: string;
  newText: string;
  oldLabel: string;
  newLabel: string;
}) {
  const lines = useMemo(
    () => lineDiff(props.oldText, props.newText),
    [props.oldText, props.newText],
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
              <span style={{ whiteSpace: 'pre' }}>{line.text || ' '}</span>
            </Box>
          ))}
        </Box>
      </ScrollArea.Autosize>
    </Box>
  );
}
