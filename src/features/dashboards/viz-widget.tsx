import { Button, Center, Loader, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import type { DashboardVisualization } from '../../../contract/dashboards';
import { LazyVisualizationView } from '../../components/viz/lazy-visualization-view';
import type { DashboardScope } from './api';
import { useVizSource } from './viz-source';
import { WidgetFrame } from './widget-frame';

type Props = {
  scope: DashboardScope;
  dashboardId: number;
  widgetId: number;
  visualizationId: number;
  /** What the service said about this visualization; undefined while that loads. */
  meta: DashboardVisualization | undefined;
  values: Record<string, string>;
  signedIn: boolean;
  refreshMs: number;
};

function Message(props: { children: React.ReactNode; error?: boolean }) {
  return (
    <Center h="100%">
      <Stack gap={6} align="center" maw={360} role={props.error ? 'alert' : undefined}>
        {props.error && <IconAlertTriangle size={20} color="var(--mantine-color-red-6)" />}
        {props.children}
      </Stack>
    </Center>
  );
}

/** A visualization widget: its chart from the latest result for its values, or why not. */
export function VizWidget(props: Props) {
  const { meta } = props;
  const scheme = useComputedColorScheme('light');
  const [runRequested, setRunRequested] = useState(false);
  const source = useVizSource({
    scope: props.scope,
    dashboardId: props.dashboardId,
    visualizationId: props.visualizationId,
    queryId: meta?.query?.query_id ?? null,
    values: props.values,
    signedIn: props.signedIn,
    refreshMs: props.refreshMs,
    runRequested,
    enabled: meta !== undefined && !meta.error,
  });
  const viz = meta?.visualization;
  const title = viz?.name ?? (meta ? 'Visualization' : '');
  const hasValues = Object.keys(props.values).length > 0;
  const href = useRouterState({ select: (s) => s.location.href });
  const navigate = useNavigate();

  let body: React.ReactNode;
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
        {source.canRun ? (
          <Button size="xs" variant="light" onClick={() => setRunRequested(true)}>
            Run the query
          </Button>
        ) : (
          hasValues && (
            <Button
              size="xs"
              variant="light"
              onClick={() => void navigate({ to: '/sign-in', search: { redirect: href } })}
            >
              Sign in to run with these values
            </Button>
          )
        )}
      </Message>
    );
  else
    body = (
      <LazyVisualizationView
        visualization={{ name: viz.name, type: viz.type, options: viz.options }}
        source={{ key: source.key, path: source.path, ctx: props.scope.ctx, query: source.query }}
        height="100%"
        colorScheme={scheme}
      />
    );

  return (
    <WidgetFrame
      title={title}
      label={`Visualization ${title}`.trim()}
      testId={`viz-widget-${props.widgetId}`}
      fill
    >
      <div style={{ height: '100%' }} data-state={source.state}>
        {body}
      </div>
    </WidgetFrame>
  );
}
