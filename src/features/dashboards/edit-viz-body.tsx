import { Center, Loader, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { VisualizationType } from '../../../contract/visualizations';
import { BoxNote } from '../../components/box-note';
import { LazyVisualizationView } from '../../components/viz/lazy-visualization-view';
import { executionSource } from '../../components/viz/use-viz-data';
import { vizDetailOptions } from '../../lib/resources/visualizations';
import { editLatestOptions } from './api';
import type { VizInfo } from './viz-info';

export type Definition = {
  name: string;
  type: VisualizationType;
  options: Record<string, unknown>;
};

function Note(props: { children: ReactNode; error?: boolean }) {
  return (
    <BoxNote size="xs" maw={320} error={props.error}>
      {props.children}
    </BoxNote>
  );
}

/**
 * A visualization widget's body in edit mode: the chart, counter or table itself, drawn from the
 * latest run of its query (parameter widgets' values are not applied while editing), so the
 * layout is arranged around what viewers will see. It fills its card and follows its size.
 */
export function EditVizBody(props: {
  ctx: string;
  visualizationId: number;
  info: VizInfo | undefined;
  /** The definition when the dashboard's list already has it (saved widgets). */
  definition: Definition | undefined;
}) {
  const { ctx, info } = props;
  const scheme = useComputedColorScheme('light');
  const fetched = useQuery({
    ...vizDetailOptions(ctx, props.visualizationId),
    enabled: props.definition === undefined && !info?.error,
  });
  const definition = props.definition ?? fetched.data;
  const queryId = info?.queryId ?? null;
  const latest = useQuery({
    ...editLatestOptions(ctx, queryId ?? 0),
    enabled: queryId !== null && !info?.error,
  });

  if (info?.error) return <Note error>{info.error}</Note>;
  const error = fetched.error ?? latest.error;
  if (error) return <Note error>{error.message}</Note>;
  if (!definition || !info || latest.data === undefined)
    return (
      <Center h="100%">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  const run = latest.data;
  if (run === null)
    return <Note>The query {info.queryName} has no result yet: run it to see this here.</Note>;
  if (!run.is_execution_finished)
    return (
      <Center h="100%">
        <Stack gap={4} align="center">
          <Loader size="sm" aria-label="Running" />
          <Text size="xs" c="dimmed">
            The query is running…
          </Text>
        </Stack>
      </Center>
    );
  if (run.error) return <Note error>{run.error.message}</Note>;
  const id = run.execution_id;
  return (
    <div style={{ height: '100%' }} data-testid="edit-viz-body">
      <LazyVisualizationView
        visualization={{
          name: definition.name,
          type: definition.type,
          options: definition.options,
        }}
        source={executionSource(ctx, id)}
        height="100%"
        colorScheme={scheme}
      />
    </div>
  );
}
