import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import type { DashboardResponse, DashboardVisualization } from '../../../contract/dashboards';
import { EmbedFrame, EmbedLoading, EmbedNotAvailable } from '../../components/embed-frame';
import { preloadVisualizationView } from '../../components/viz/lazy-visualization-view';
import { ApiError } from '../../lib/api';
import { dashboardVisualizationsOptions, publicScope, type DashboardScope } from './api';
import { DashboardGrid } from './dashboard-grid';
import {
  dashboardValues,
  parameterOf,
  REFRESH_INTERVALS,
  valueParam,
  valuesFor,
  type DashboardSearch,
} from './params';
import { dashboardBundleOptions } from './public-bundle';
import { metaOf } from './viz-meta';
import { useVizSource } from './viz-source';
import { VizWidgetFrame } from './viz-widget-frame';
import { WidgetFrame } from './widget-frame';

// Text widgets only: most embedded dashboards have none, so the Markdown renderer stays out.
const MarkdownText = lazy(() =>
  import('../../components/markdown-text').then((m) => ({ default: m.MarkdownText })),
);

type Props = {
  owner: string;
  slug: string;
  /** The parameter values (`p.<query_id>.<key>`) and refresh interval, as on the public page. */
  search: DashboardSearch;
  colorScheme: 'light' | 'dark';
};

/** A visualization widget of an embed: the latest result for its values, never a run. */
function EmbedVizWidget(props: {
  scope: DashboardScope;
  dashboardId: number;
  widgetId: number;
  meta: DashboardVisualization | undefined;
  visualizationId: number;
  values: Record<string, string>;
  dashboardValues: Record<string, readonly string[]>;
  refreshMs: number;
  colorScheme: 'light' | 'dark';
}) {
  const { meta } = props;
  const source = useVizSource({
    scope: props.scope,
    dashboardId: props.dashboardId,
    visualizationId: props.visualizationId,
    queryId: meta?.query?.query_id ?? null,
    parameters: meta?.query?.parameters ?? [],
    values: props.values,
    signedIn: false,
    refreshMs: props.refreshMs,
    runRequested: false,
    enabled: meta !== undefined && !meta.error,
  });
  return (
    <VizWidgetFrame
      widgetId={props.widgetId}
      meta={meta}
      source={source}
      ctx={props.scope.ctx}
      hasValues={Object.keys(props.values).length > 0}
      dashboardValues={props.dashboardValues}
      colorScheme={props.colorScheme}
    />
  );
}

function Grid({
  dashboard,
  search,
  colorScheme,
  scope,
}: Props & {
  dashboard: DashboardResponse;
  scope: DashboardScope;
}) {
  const meta = useQuery(dashboardVisualizationsOptions(scope, dashboard.dashboard_id));
  const refreshMs = REFRESH_INTERVALS[search.refresh ?? 'off'];
  const set = dashboardValues(dashboard, search, meta.data?.visualizations);
  return (
    <DashboardGrid
      dashboard={dashboard}
      viz={(w) => {
        const m = metaOf(meta, w.visualization_id);
        return (
          <EmbedVizWidget
            scope={scope}
            dashboardId={dashboard.dashboard_id}
            widgetId={w.widget_id}
            visualizationId={w.visualization_id}
            meta={m}
            values={valuesFor(
              dashboard,
              w.widget_id,
              m?.query?.query_id ?? null,
              search,
              meta.data?.visualizations,
            )}
            dashboardValues={set}
            refreshMs={refreshMs}
            colorScheme={colorScheme}
          />
        );
      }}
      text={(w) => (
        <WidgetFrame label="Text" testId={`text-widget-${w.widget_id}`}>
          <Suspense fallback={null}>
            <MarkdownText text={w.text} />
          </Suspense>
        </WidgetFrame>
      )}
      param={(w) => {
        const value =
          search[valueParam(w.query_id, w.key)] ??
          parameterOf(meta.data?.visualizations, w.query_id, w.key)?.value ??
          '';
        return (
          <WidgetFrame title={w.key} label={`Parameter ${w.key}`} testId={`param-widget-${w.key}`}>
            <Text size="sm" truncate="end" data-testid="param-value">
              {value || '–'}
            </Text>
          </WidgetFrame>
        );
      }}
    />
  );
}

/**
 * A public dashboard in an embed: its widgets as on its public page, for the URL's parameter
 * values, read-only (parameter widgets show their values; nothing runs). Private or missing:
 * "not available".
 */
export function EmbedDashboard(props: Props) {
  const { owner, slug, search } = props;
  const bundle = useQuery(dashboardBundleOptions(owner, slug));
  // The charts' code loads while the data is read, not after.
  useEffect(preloadVisualizationView, []);
  if (bundle.error instanceof ApiError && bundle.error.status === 404) return <EmbedNotAvailable />;
  if (bundle.isError) return <EmbedNotAvailable message={bundle.error.message} />;
  if (!bundle.data) return <EmbedLoading />;
  const d = bundle.data.dashboard;
  const values = Object.entries(search).filter(([k, v]) => k.startsWith('p.') && v !== undefined);
  const page = `/${encodeURIComponent(d.owner_handle)}/${encodeURIComponent(d.slug)}`;
  const qs = new URLSearchParams(values as [string, string][]).toString();
  return (
    <EmbedFrame
      title={d.name}
      subtitle={`by ${d.owner_handle}`}
      href={`${page}${qs ? `?${qs}` : ''}`}
      scroll
    >
      <Grid {...props} dashboard={d} scope={publicScope(owner, slug)} />
    </EmbedFrame>
  );
}
