import { Badge, Group, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PipelineExecutionStatus } from '../../../contract/pipelines';
import { fromNow, localDateTime } from '../../lib/time';
import { recentRunsOptions } from './api';
import { PIPELINE_LABEL } from './status-style';

/** The context's latest pipeline runs; a click watches one. */
export function RunsList(props: {
  ctx: string;
  /** The watched run, fresher than the list while the list is not polled. */
  watched?: PipelineExecutionStatus;
  onSelect: (run: PipelineExecutionStatus) => void;
}) {
  const runs = useQuery(recentRunsOptions(props.ctx));
  const { watched } = props;
  const list = (runs.data?.pipeline_executions ?? []).map((r) =>
    r.pipeline_execution_id === watched?.pipeline_execution_id ? watched : r,
  );
  return (
    <Stack gap="xs" h="100%" miw={0}>
      <Title order={2} size="h5">
        Recent runs
      </Title>
      {runs.isError && (
        <Text size="sm" c="red">
          {runs.error.message}
        </Text>
      )}
      {runs.isSuccess && list.length === 0 && (
        <Text size="sm" c="dimmed">
          No runs yet. Build a pipeline and press Run.
        </Text>
      )}
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((run) => {
            const s = PIPELINE_LABEL[run.status];
            const active = run.pipeline_execution_id === watched?.pipeline_execution_id;
            return (
              <li key={run.pipeline_execution_id}>
                <UnstyledButton
                  w="100%"
                  p={6}
                  aria-current={active ? 'true' : undefined}
                  aria-label={`Run of ${localDateTime(run.submitted_at) ?? run.submitted_at}: ${s.label}, ${run.node_executions.length} nodes`}
                  onClick={() => props.onSelect(run)}
                  style={{
                    borderRadius: 'var(--mantine-radius-sm)',
                    background: active ? 'var(--mantine-primary-color-light)' : undefined,
                  }}
                >
                  <Group gap={6} justify="space-between" wrap="nowrap">
                    <Badge size="sm" color={s.color} variant="light">
                      {s.label}
                    </Badge>
                    <Text size="xs" c="dimmed" title={localDateTime(run.submitted_at) ?? ''}>
                      {fromNow(run.submitted_at)}
                    </Text>
                  </Group>
                  <Text size="xs" mt={2}>
                    {run.node_executions.length}{' '}
                    {run.node_executions.length === 1 ? 'node' : 'nodes'}
                  </Text>
                </UnstyledButton>
              </li>
            );
          })}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}
