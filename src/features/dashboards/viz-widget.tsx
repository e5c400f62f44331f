import { Button, useComputedColorScheme } from '@mantine/core';
import { useState, type ReactNode } from 'react';
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
  /** Offered under "no result yet" for values a viewer may not run (none in an embed). */
  signIn?: ReactNode;
  refreshMs: number;
  /** The dashboard's maximum result age (null: none). */
  maxAgeSeconds: number | null;
  /** The scheme to draw in (an embed's); else the app's. */
  colorScheme?: 'light' | 'dark';
};

/**
 * A visualization widget: its chart from the latest result for its values, or why not; with no
 * result yet, a signed-in viewer may run the query, and anyone else is shown `signIn`. No
 * routing, so the embed page draws it too (signed out: it only reads).
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
      colorScheme={props.colorScheme ?? scheme}
      maxAgeSeconds={props.maxAgeSeconds}
      missingAction={
        source.state !== 'missing' ? null : source.canRun ? (
          <Button size="xs" variant="light" onClick={() => setRunRequested(true)}>
            Run the query
          </Button>
        ) : (
          hasValues && props.signIn
        )
      }
    />
  );
}
