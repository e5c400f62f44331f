import { Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { DashboardVisualization } from '../../../contract/dashboards';
import { LazyVisualizationView } from '../../components/viz/lazy-visualization-view';
import { ResultAge } from './result-age';
import { ValuesCaption } from './values-caption';
import type { VizSource } from './viz-source';
import { WidgetFrame } from './widget-frame';

function Message(props: { children: ReactNode; error?: boolean }) {
  return (
    <Center h="100%">
      <Stack gap={6} align="center" maw={360} role={props.error ? 'alert' : undefined}>
        {props.error && <IconAlertTriangle size={20} color="var(--mantine-color-red-6)" />}
        {props.children}
      </Stack>
    </Center>
  );
}

/**
 * A visualization widget's box: its chart from `source`, or why not (loading, running, failed,
 * no result yet, with `missingAction` under the last), beside its title the parameter values
 * of that result (or of the run it waits for), and at the end of the title row how old the
 * result drawn is. No routing, so the embed page draws it too.
 */
export function VizWidgetFrame(props: {
  widgetId: number;
  /** What the service said about this visualization; undefined while that loads. */
  meta: DashboardVisualization | undefined;
  source: VizSource;
  /** Context handle of the reads (null: anonymous). */
  ctx: string | null;
  hasValues: boolean;
  /** The values the dashboard's parameter widgets set, by key (params.ts dashboardValues). */
  dashboardValues: Record<string, readonly string[]>;
  colorScheme: 'light' | 'dark';
  /** The dashboard's maximum result age (null: none), which the result's age is held to. */
  maxAgeSeconds: number | null;
  /** Under "no result yet": what the viewer may do about it. */
  missingAction?: ReactNode;
}) {
  const { meta, source, hasValues } = props;
  const viz = meta?.visualization;
  const title = viz?.name ?? (meta ? 'Visualization' : '');

  let body: ReactNode;
  if (meta?.error || (meta && !viz))
    body = (
      <Message error>
        <Text size="sm">{meta.error ?? 'This visualization cannot be shown.'}</Text>
      </Message>
    );
  else if (!viz || source.state === 'loading')
    body = (
      <Center h="100%">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  else if (source.state === 'failed')
    body = (
      <Message error>
        <Text size="sm">{source.message}</Text>
      </Message>
    );
  else if (source.state === 'running')
    body = (
      <Message>
        <Loader size="sm" aria-label="Running" />
        <Text size="sm" c="dimmed">
          Running the query{hasValues ? ' with these values' : ''}…
        </Text>
      </Message>
    );
  else if (source.state === 'missing')
    body = (
      <Message>
        <Text size="sm" c="dimmed" ta="center">
          {hasValues ? 'No result for these values yet.' : 'This query has no result yet.'}
        </Text>
        {props.missingAction}
      </Message>
    );
  else
    body = (
      <LazyVisualizationView
        visualization={{ name: viz.name, type: viz.type, options: viz.options }}
        source={{ key: source.key, path: source.path, ctx: props.ctx, query: source.query }}
        height="100%"
        colorScheme={props.colorScheme}
      />
    );

  return (
    <WidgetFrame
      title={title}
      label={`Visualization ${title}`.trim()}
      testId={`viz-widget-${props.widgetId}`}
      actions={
        source.state === 'ready' && (
          <ResultAge
            endedAt={source.endedAt}
            maxAgeSeconds={props.maxAgeSeconds}
            refreshing={source.refreshing ?? false}
          />
        )
      }
      caption={
        meta?.query && (
          <ValuesCaption
            values={source.values}
            order={meta.query.parameters.map((p) => p.key)}
            set={props.dashboardValues}
          />
        )
      }
      fill
    >
      <div style={{ height: '100%' }} data-state={source.state}>
        {body}
      </div>
    </WidgetFrame>
  );
}
