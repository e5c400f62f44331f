import { Button, useComputedColorScheme } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import type { DashboardVisualization } from '../../../contract/dashboards';
import type { DashboardScope } from './api';
import { VizWidgetFrame } from './viz-widget-frame';
import { useVizSource } from './viz-source';

type Props = {
  scope: DashboardScope;
  dashboardId: number;
  widgetId: number;
  visualizationId: number;
  /** What the service said about this visualization; undefined while that loads. */
  meta: DashboardVisualization | undefined;
  values: Record<string, string>;
  /** The values the dashboard's parameter widgets set, by key (params.ts dashboardValues). */
  dashboardValues: Record<string, readonly string[]>;
  signedIn: boolean;
  refreshMs: number;
};

/** Sends the visitor to sign in, back to this page after. */
function SignInToRun() {
  const href = useRouterState({ select: (s) => s.location.href });
  const navigate = useNavigate();
  return (
    <Button
      size="xs"
      variant="light"
      onClick={() => void navigate({ to: '/sign-in', search: { redirect: href } })}
    >
      Sign in to run with these values
    </Button>
  );
}

/**
 * A visualization widget: its chart from the latest result for its values, or why not; with no
 * result yet, a signed-in viewer may run the query, and a visitor is offered to sign in.
 */
export function VizWidget(props: Props) {
  const { meta } = props;
  const scheme = useComputedColorScheme('light');
  const [runRequested, setRunRequested] = useState(false);
  const source = useVizSource({
    scope: props.scope,
    dashboardId: props.dashboardId,
    visualizationId: props.visualizationId,
    queryId: meta?.query?.query_id ?? null,
    parameters: meta?.query?.parameters ?? [],
    values: props.values,
    signedIn: props.signedIn,
    refreshMs: props.refreshMs,
    runRequested,
    enabled: meta !== undefined && !meta.error,
  });
  const hasValues = Object.keys(props.values).length > 0;
  return (
    <VizWidgetFrame
      widgetId={props.widgetId}
      meta={meta}
      source={source}
      ctx={props.scope.ctx}
      hasValues={hasValues}
      dashboardValues={props.dashboardValues}
      colorScheme={scheme}
      missingAction={
        source.state !== 'missing' ? null : source.canRun ? (
          <Button size="xs" variant="light" onClick={() => setRunRequested(true)}>
            Run the query
          </Button>
        ) : (
          hasValues && <SignInToRun />
        )
      }
    />
  );
}
