import { Group, Loader, Paper, Table, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { previewOptions, previewRowsOptions, previewStatusOptions } from './preview-api';
import { isCompletedState } from '../../../contract/rules/enums';
import { RetryAlert } from '../../components/error-alert';
import { cellText } from './format';
import { PREVIEW_ROWS } from './preview-sql';
import type { ExecutionResult } from '../../lib/resources/executions';
import { ToolButton } from '../../components/tool-button';

const STATE_TEXT: Record<string, string> = {
  QUERY_STATE_PENDING: 'Queued',
  QUERY_STATE_EXECUTING: 'Running',
};

function RowsTable({ result }: { result: NonNullable<ExecutionResult['result']> }) {
  const names = result.metadata.column_names;
  if (result.rows.length === 0)
    return (
      <Text size="sm" c="dimmed" px="md" pb="md">
        The table has no rows.
      </Text>
    );
  return (
    <div style={{ overflowX: 'auto' }}>
      <Table aria-label="Preview rows" striped verticalSpacing={4} fz="xs" ff="monospace">
        <Table.Thead>
          <Table.Tr>
            {names.map((n) => (
              <Table.Th key={n} style={{ whiteSpace: 'nowrap' }}>
                {n}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.rows.map((row, i) => (
            <Table.Tr key={i}>
              {names.map((n) => {
                const text = cellText(row[n]);
                return (
                  <Table.Td
                    key={n}
                    title={text}
                    c={row[n] === null || row[n] === undefined ? 'dimmed' : undefined}
                    style={{
                      maxWidth: 260,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {text}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The first rows of the dataset, run through the service on the small tier. */
export function DatasetPreview({ ctx, fullName }: { ctx: string; fullName: string }) {
  const start = useQuery(previewOptions(ctx, fullName));
  const id = start.data?.execution_id ?? null;
  const status = useQuery({
    ...previewStatusOptions(ctx, fullName, id ?? ''),
    enabled: id !== null,
  });
  const finished = status.data?.is_execution_finished === true;
  const completed = finished && isCompletedState(status.data?.state);
  const rows = useQuery({ ...previewRowsOptions(ctx, fullName, id ?? ''), enabled: completed });
  const again = () => void start.refetch();

  let body;
  if (start.isError)
    body = (
      <RetryAlert title="The preview did not start" message={start.error.message} onRetry={again} />
    );
  else if (status.isError)
    body = (
      <RetryAlert
        title="Could not follow the preview"
        message={status.error.message}
        onRetry={again}
      />
    );
  else if (finished && !completed)
    body = (
      <RetryAlert
        title="The preview failed"
        message={
          status.data?.error?.message ?? `The run ended as ${status.data?.state ?? 'unknown'}.`
        }
        onRetry={again}
      />
    );
  else if (rows.isError)
    body = (
      <RetryAlert
        title="Could not read the preview"
        message={rows.error.message}
        onRetry={() => void rows.refetch()}
      />
    );
  else if (rows.data?.result) body = <RowsTable result={rows.data.result} />;
  else
    body = (
      <Group gap="xs" px="md" pb="md" aria-busy="true">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {STATE_TEXT[status.data?.state ?? ''] ?? 'Starting'} the preview…
        </Text>
      </Group>
    );

  return (
    <Paper withBorder radius="md" component="section" aria-label="Preview">
      <Group justify="space-between" px="md" pt="sm" pb={6}>
        <div>
          <Title order={4}>Preview</Title>
          <Text size="xs" c="dimmed">
            The first {PREVIEW_ROWS} rows, run on the small tier.
          </Text>
        </div>
        <ToolButton
          variant="subtle"
          icon={IconPlayerPlay}
          onClick={again}
          disabled={id !== null && !finished && !status.isError}
        >
          Run again
        </ToolButton>
      </Group>
      {body}
    </Paper>
  );
}
