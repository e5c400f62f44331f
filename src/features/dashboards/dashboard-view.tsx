import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DashboardResponse } from '../../../contract/dashboards';
import { preloadVisualizationView } from '../../components/viz/lazy-visualization-view';
import { dashboardVisualizationsOptions, type DashboardScope } from './api';
import { DashboardGrid } from './dashboard-grid';
import { MarkdownText } from '../../components/markdown-text';
import { ParamWidget } from './param-widget';
import {
  dashboardValues,
  parameterOf,
  valueParam,
  valuesFor,
  type DashboardSearch,
} from './params';
import { metaOf } from './viz-meta';
import { VizWidget } from './viz-widget';
import { WidgetFrame } from './widget-frame';

type Props = {
  scope: DashboardScope;
  dashboard: DashboardResponse;
  signedIn: boolean;
  search: DashboardSearch;
  /** Writes one parameter widget's value to the URL. */
  onValue: (name: `p.${string}`, value: string) => void;
  refreshMs: number;
};

/**
 * A dashboard in view mode, for the app and the public page alike. Each widget's box is laid out
 * from its saved position before any data arrives (fixed row height), so nothing moves as charts
 * load; each chart loads, fails or runs on its own.
 */
export function DashboardView({ scope, dashboard, signedIn, search, onValue, refreshMs }: Props) {
  const meta = useQuery(dashboardVisualizationsOptions(scope, dashboard.dashboard_id));
  // The charts' code loads while their data is read, not after.
  useEffect(preloadVisualizationView, []);
  const set = dashboardValues(dashboard, search, meta.data?.visualizations);

  return (
    <DashboardGrid
      dashboard={dashboard}
      viz={(w) => {
        const m = metaOf(meta, w.visualization_id);
        return (
          <VizWidget
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
            signedIn={signedIn}
            refreshMs={refreshMs}
          />
        );
      }}
      text={(w) => (
        <WidgetFrame label="Text" testId={`text-widget-${w.widget_id}`}>
          <MarkdownText text={w.text} />
        </WidgetFrame>
      )}
      param={(w) => {
        const name = valueParam(w.query_id, w.key);
        return (
          <ParamWidget
            paramKey={w.key}
            parameter={parameterOf(meta.data?.visualizations, w.query_id, w.key)}
            value={search[name]}
            onChange={(v) => onValue(name, v)}
            testId={`param-widget-${w.key}`}
          />
        );
      }}
    />
  );
}
