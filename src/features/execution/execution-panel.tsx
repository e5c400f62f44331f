import '@mantine/core/styles/Code.css';
import { Alert, Code, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { IconPlayerStop } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ExecutionStateBadge } from '../../components/execution-state-badge';
import { useCancelExecution, useExecutionStatus } from './api';
import type { ExecutionStatus } from '../../lib/resources/executions';
import { formatCredits, formatDuration, formatRows, isRunning, ordinal } from './format';
import { ToolButton } from '../../components/tool-button';

type Props = {
  ctx: string;
  /** The execution to follow; null before the first run. */
  executionId: string | null;
};

/** The live state of one execution: queue, clock, outcome, cost, and Cancel while it runs. */
export function ExecutionPanel({ ctx, executionId }: Props) {
  const status = useExecutionStatus(ctx, executionId);
  const cancel = useCancelExecution(ctx);
  const data = status.data;
  let body: ReactNode;
  if (executionId === null) {
    body = (
      <Text size="sm" c="dimmed">
        No result yet: run the query (Run, or Ctrl/⌘+Enter) to see one here.
      </Text>
    );
  } else if (status.isError) {
    body = (
      <Alert color="red" variant="light" title="Could not read the execution">
        {status.error.message}
      </Alert>
    );
  } else if (!data) {
    body = (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">Starting…</Text>
      </Group>
    );
  } else {
    body = <StateView status={data} />;
  }
  const canCancel = executionId !== null && isRunning(data) && !cancel.isSuccess;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="section"
      aria-label="Execution"
      data-testid="execution-panel"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          {body}
        </Stack>
        {canCancel && (
          <ToolButton
            variant="light"
            color="red"
            icon={IconPlayerStop}
            loading={cancel.isPending}
            onClick={() => cancel.mutate(executionId)}
          >
            Cancel
          </ToolButton>
        )}
      </Group>
      {cancel.isError && (
        <Text size="sm" c="red" mt="xs">
          Could not cancel: {cancel.error.message}
        </Text>
      )}
    </Paper>
  );
}

/** One execution's state: a badge that screen readers hear change, and its details. */
export function StateView({ status }: { status: ExecutionStatus }) {
  return (
    <>
      <Group gap="sm" wrap="wrap">
        <div role="status" aria-live="polite">
          <ExecutionStateBadge state={status.state} size="lg" />
        </div>
        <Text size="sm" c="dimmed" data-testid="execution-details">
          <Details status={status} />
        </Text>
      </Group>
      {status.state === 'QUERY_STATE_FAILED' && status.error && <ErrorView status={status} />}
    </>
  );
}

function Details({ status: s }: { status: ExecutionStatus }) {
  const cost = formatCredits(s.execution_cost_credits);
  const meta = s.result_metadata;
  switch (s.state) {
    case 'QUERY_STATE_PENDING':
      return (
        <>
          {s.queue_position !== undefined
            ? `${ordinal(s.queue_position)} in queue`
            : 'Waiting for a slot'}
          {' · waiting '}
          <Elapsed since={s.submitted_at} />
        </>
      );
    case 'QUERY_STATE_EXECUTING':
      return (
        <>
          {'Running for '}
          <Elapsed since={s.execution_started_at ?? s.submitted_at} />
        </>
      );
    case 'QUERY_STATE_COMPLETED':
    case 'QUERY_STATE_COMPLETED_PARTIAL':
      return [
        meta && formatRows(meta.total_row_count),
        meta && `ran ${formatDuration(meta.execution_time_millis)}`,
        meta?.pending_time_millis ? `queued ${formatDuration(meta.pending_time_millis)}` : null,
        cost,
        s.state === 'QUERY_STATE_COMPLETED_PARTIAL' ? 'result truncated' : null,
      ]
        .filter(Boolean)
        .join(' · ');
    case 'QUERY_STATE_CANCELLED':
      return `Cancelled ${s.execution_started_at ? 'while running' : 'while queued'} · ${cost}`;
    case 'QUERY_STATE_FAILED':
      return cost;
    case 'QUERY_STATE_EXPIRED':
      return 'The result has expired: run the query again';
  }
}

function ErrorView({ status }: { status: ExecutionStatus }) {
  const error = status.error!;
  const pos = error.metadata;
  return (
    <Alert
      color="red"
      variant="light"
      title={error.type === 'syntax_error' ? 'Syntax error' : 'The query failed'}
    >
      <Stack gap={4}>
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {error.message}
        </Text>
        <Text size="xs" c="dimmed">
          {pos && `line ${pos.line}, column ${pos.column} · `}
          <Code fz="xs">{error.type}</Code>
        </Text>
      </Stack>
    </Alert>
  );
}

/** A display clock (UI only): time since `since`, ticking while mounted. */
function Elapsed({ since }: { since: string }) {
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 100, { autoInvoke: true });
  return <>{formatDuration(now - Date.parse(since))}</>;
}
