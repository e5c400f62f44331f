import { Group, Stack, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { MarkdownText } from '../../components/markdown-text';
import { RelativeTime } from '../../components/relative-time';
import { formatBytes, formatCount } from '../../lib/format';
import { localDateTime } from '../../lib/time';
import { datasetFacts, partitionsLabel, rowsLabel } from './dataset-facts';

/** `2026-11-04 06:00:12`, in UTC. */
const utc = (iso: string) => new Date(iso).toISOString().slice(0, 19).replace('T', ' ');

function Stat({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {term}
      </Text>
      <Text component="dd" m={0} size="sm" fw={500}>
        {children}
      </Text>
    </Stack>
  );
}

/** A time, relative; the exact time (local and UTC) on hover. */
const When = ({ iso }: { iso: string }) => (
  <RelativeTime iso={iso} dimmed={false} label={`${localDateTime(iso)} local · ${utc(iso)} UTC`} />
);

/**
 * What the dataset's data is, as far as its metadata says: rows, size, partitions (count and
 * columns), the time of its import and of the last append, once there was one (relative; the
 * exact time on hover). Nothing when the metadata says none of them.
 */
export function DatasetStats({ metadata }: { metadata: Record<string, unknown> }) {
  const f = datasetFacts(metadata);
  if (f.rows === null && f.sizeBytes === null && !f.partitions && !f.importedAt && !f.appendedAt)
    return null;
  return (
    <Group component="dl" gap="xl" m={0} align="flex-start">
      {f.rows !== null && (
        <Stat term="Rows">
          <Tooltip label={rowsLabel(f.rows)} openDelay={300} withArrow>
            <span>{formatCount(f.rows)}</span>
          </Tooltip>
        </Stat>
      )}
      {f.sizeBytes !== null && (
        <Stat term="Size">
          <Tooltip label={`${formatCount(f.sizeBytes)} bytes`} openDelay={300} withArrow>
            <span>{formatBytes(f.sizeBytes)}</span>
          </Tooltip>
        </Stat>
      )}
      {f.partitions && (
        <Stat term="Partitions">
          {partitionsLabel(f.partitions.count)}
          {f.partitions.columns.length > 0 && (
            <Text span size="sm" c="dimmed" fw={400}>
              {' by '}
              <Text span ff="monospace" size="sm">
                {f.partitions.columns.join(', ')}
              </Text>
            </Text>
          )}
        </Stat>
      )}
      {f.importedAt && (
        <Stat term="Imported">
          <When iso={f.importedAt} />
        </Stat>
      )}
      {f.appendedAt && (
        <Stat term="Last append">
          <When iso={f.appendedAt} />
        </Stat>
      )}
    </Group>
  );
}

/** A dataset's description, Markdown rendered sanitized (no raw HTML, safe links only). */
export function DatasetDescription({ text }: { text: string }) {
  return text.trim() ? (
    <MarkdownText text={text} />
  ) : (
    <Text size="sm" c="dimmed">
      No description.
    </Text>
  );
}
