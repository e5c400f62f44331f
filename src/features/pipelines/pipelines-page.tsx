import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { PipelineExecutionStatus } from '../../../contract/pipelines';
import { PageLoader } from '../../components/page-loader';
import { useSession } from '../../lib/session';
import { DEFAULT_TIER } from '../../../contract/rules/enums';
import { localDateTime } from '../../lib/time';
import { lineageOptions, pickerQueriesOptions, pipelineKeys, runStatusOptions } from './api';
import {
  emptyGraph,
  fromExecution,
  fromPipeline,
  toPipeline,
  validate,
  type Graph,
  type Tier,
} from './graph-model';
import { useCancelPipeline, useExecutePipeline } from './mutations';
import { nodeCards } from './node-cards';
import { PipelineToolbar } from './pipeline-toolbar';
import { RunsList } from './runs-list';
import { isTerminal, PIPELINE_LABEL } from './status-style';
import { useEditorGraph } from './use-editor-graph';
import { useQueryNames } from './use-query-names';

/** React Flow and dagre: their own chunk, loaded with this page only. */
const PipelineCanvas = lazy(() => import('./pipeline-canvas'));

export type PipelinesSearch = { query?: number; run?: string };

type PageProps = {
  search: PipelinesSearch;
  onSearch: (next: PipelinesSearch) => void;
};

/**
 * The pipelines manager: build a graph of queries and view refreshes (or load a query's
 * lineage), run it and watch each node. `?query=` loads a lineage, `?run=` watches a run.
 */
export function PipelinesPage({ search, onSearch }: PageProps) {
  const { ctx } = useSession();
  const lineage = useQuery({
    ...lineageOptions(ctx, search.query ?? 0),
    enabled: search.query !== undefined,
  });
  const run = useQuery({ ...runStatusOptions(ctx, search.run ?? ''), enabled: !!search.run });
  // The route loaded both before rendering: the editor starts from the watched run, else the
  // query's lineage. A new lineage (or context) starts a new editor.
  const initial: Graph = run.data
    ? fromExecution(run.data)
    : lineage.data
      ? fromPipeline(lineage.data.pipeline)
      : emptyGraph();
  return (
    <Stack gap="sm" h="calc(100dvh - var(--app-shell-header-height, 52px) - 2rem)" mih={520}>
      <Title order={1} size="h3">
        Pipelines
      </Title>
      {lineage.isError && (
        <Alert color="red" title="The query's lineage could not be loaded">
          {lineage.error.message}
        </Alert>
      )}
      <Editor
        key={`${ctx}:${search.query ?? ''}`}
        ctx={ctx}
        initial={initial}
        search={search}
        onSearch={onSearch}
        run={run.data}
        runError={run.error?.message}
      />
    </Stack>
  );
}

function Editor(
  props: PageProps & {
    ctx: string;
    initial: Graph;
    run?: PipelineExecutionStatus;
    runError?: string;
  },
) {
  const { ctx, search, onSearch, run } = props;
  const qc = useQueryClient();
  const editor = useEditorGraph(props.initial);
  const [tier, setTier] = useState<Tier>(DEFAULT_TIER);
  const queries = useQuery(pickerQueriesOptions(ctx));
  const execute = useExecutePipeline(ctx);
  const cancel = useCancelPipeline(ctx);
  const running = !!run && !isTerminal(run.status);
  const problems = validate(editor.graph);
  const queryNames = useQueryNames(ctx, editor.graph, queries.data);
  const cards = nodeCards(editor.graph, { queryNames, tier, run });

  const fail = (title: string, message: string) =>
    notifications.show({ color: 'red', title, message });

  const watch = (r: PipelineExecutionStatus) => {
    qc.setQueryData(pipelineKeys.status(ctx, r.pipeline_execution_id), r);
    editor.replace(fromExecution(r));
    onSearch({ run: r.pipeline_execution_id });
  };

  return (
    <>
      <PipelineToolbar
        ctx={ctx}
        tier={tier}
        onTier={setTier}
        onAdd={editor.add}
        onLoadLineage={(queryId) => onSearch({ query: queryId })}
        onLayout={editor.relayout}
        onClear={() => {
          editor.clear();
          if (search.query !== undefined || search.run) onSearch({});
        }}
        onRun={() =>
          execute.mutate(toPipeline(editor.graph, tier), {
            onSuccess: (res) => onSearch({ ...search, run: res.pipeline_execution_id }),
            onError: (err) => fail('The pipeline did not start', err.message),
          })
        }
        onCancel={() =>
          search.run &&
          cancel.mutate(search.run, {
            onError: (err) => fail('The run could not be cancelled', err.message),
          })
        }
        running={running}
        canRun={problems.length === 0}
        starting={execute.isPending}
        cancelling={cancel.isPending}
      />
      {editor.graph.nodes.length > 0 && problems.length > 0 && (
        <Text size="sm" c="red" role="status">
          {problems.join(' · ')}
        </Text>
      )}
      {props.runError && (
        <Alert color="red" title="The run could not be loaded">
          {props.runError}
        </Alert>
      )}
      {run && <RunBanner run={run} />}
      <Group gap="sm" align="stretch" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        <Paper
          withBorder
          radius="md"
          pos="relative"
          style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}
        >
          {editor.graph.nodes.length === 0 && (
            <Text size="sm" c="dimmed" p="md" pos="absolute" style={{ zIndex: 5 }}>
              Add queries and view refreshes from the toolbar, then drag from a node&apos;s right
              handle to another node to make it wait for the first.
            </Text>
          )}
          <Suspense fallback={<PageLoader />}>
            <PipelineCanvas
              graph={editor.graph}
              positions={editor.positions}
              cards={cards}
              editable={!running}
              fitSignal={editor.fitSignal}
              onMove={editor.move}
              onConnect={(from, to) => {
                const refused = editor.connect(from, to);
                if (refused) fail('Cannot add this dependency', refused);
              }}
              onDisconnect={editor.disconnect}
              onRemove={editor.remove}
            />
          </Suspense>
        </Paper>
        <Paper withBorder radius="md" p="sm" w={250} visibleFrom="sm">
          <RunsList ctx={ctx} watched={run} onSelect={watch} />
        </Paper>
      </Group>
    </>
  );
}

function RunBanner({ run }: { run: PipelineExecutionStatus }) {
  const s = PIPELINE_LABEL[run.status];
  return (
    <Group gap="xs" wrap="nowrap" aria-label="Watched run">
      <Text size="sm">Run of {localDateTime(run.submitted_at) ?? run.submitted_at}</Text>
      <Badge color={s.color} data-testid="run-status">
        {s.label}
      </Badge>
      {run.error && (
        <Text size="sm" c="red" truncate="end" title={run.error}>
          {run.error}
        </Text>
      )}
    </Group>
  );
}
