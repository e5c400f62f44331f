import { Group, Loader, Text } from '@mantine/core';
import { useIsFetching } from '@tanstack/react-query';
import { resultKeys } from '../../lib/resources/results';
import type { ExecutionResult } from '../../lib/resources/executions';
import { formatBytes, formatCount } from '../../lib/format';
import { formatDuration, millisBetween } from './humanize';

/**
 * Total rows (or "N of M rows" when filtered), result size, execution and queue time. Times come
 * from the envelope's timestamps, or the metadata's millis when a timestamp is missing.
 */
export function ResultsFooter({
  ctx,
  summary,
  shownRows,
  filtered,
}: {
  ctx: string;
  /** The unfiltered result (its envelope and metadata). */
  summary: ExecutionResult;
  /** Rows in the current view; undefined while unknown. */
  shownRows: number | undefined;
  filtered: boolean;
}) {
  const loading = useIsFetching({ queryKey: resultKeys.all(ctx, summary.execution_id) }) > 0;
  const meta = summary.result?.metadata;
  const total = meta?.total_row_count ?? 0;
  const executed =
    millisBetween(summary.execution_started_at, summary.execution_ended_at) ??
    meta?.execution_time_millis;
  const queued =
    millisBetween(summary.submitted_at, summary.execution_started_at) ?? meta?.pending_time_millis;
  const rows =
    filtered && shownRows !== undefined
      ? `${formatCount(shownRows)} of ${formatCount(total)} rows`
      : `${formatCount(total)} ${total === 1 ? 'row' : 'rows'}`;
  return (
    <Group gap="md" justify="space-between" wrap="nowrap" px={4} data-testid="results-footer">
      <Group gap="md" wrap="nowrap">
        <Text size="xs" fw={600} data-testid="results-row-count">
          {rows}
        </Text>
        {meta && (
          <Text size="xs" c="dimmed">
            {formatBytes(meta.total_result_set_bytes)}
          </Text>
        )}
        {executed !== undefined && (
          <Text size="xs" c="dimmed">
            Executed in {formatDuration(executed)}
          </Text>
        )}
        {queued !== undefined && (
          <Text size="xs" c="dimmed">
            Queued {formatDuration(queued)}
          </Text>
        )}
      </Group>
      <Group gap={6} wrap="nowrap">
        {loading && <Loader size={12} aria-label="Loading rows" />}
        <Text size="xs" c="dimmed" visibleFrom="md" truncate>
          Ctrl+C copies the selected cell, Ctrl+Shift+C its row; right-click for more
        </Text>
      </Group>
    </Group>
  );
}
