import '@mantine/core/styles/Code.css';
import { Code, Group, Stack, Text, Title } from '@mantine/core';
import { AnchorLink } from '../../../components/anchor-link';
import { ExecutionPanel } from '../../../features/execution/execution-panel';
import { useExecutionStatus } from '../../../features/execution/api';
import { ResultsGrid } from '../../../features/results/results-grid';
import { useSession } from '../../../lib/session';
import { isCompletedState } from '../../../../contract/rules/enums';

/** The execution's live state (with its error if it failed) and, once completed, its result. */
export function ExecutionView({ executionId }: { executionId: string }) {
  const { ctx } = useSession();
  const status = useExecutionStatus(ctx, executionId);
  const s = status.data;
  const completed = isCompletedState(s?.state);
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Execution</Title>
        <Group gap="xs">
          <Code>{executionId}</Code>
          {s?.query_id ? (
            <Text size="sm" c="dimmed">
              of{' '}
              <AnchorLink to="/queries/$queryId" params={{ queryId: String(s.query_id) }}>
                query #{s.query_id}
              </AnchorLink>
            </Text>
          ) : null}
        </Group>
      </div>
      <ExecutionPanel ctx={ctx} executionId={executionId} />
      {completed && <ResultsGrid ctx={ctx} executionId={executionId} height={520} />}
    </Stack>
  );
}
