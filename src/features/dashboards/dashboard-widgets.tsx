import { governingAge } from '../../../contract/rules/result-age';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import type { DashboardResponse } from '../../../contract/dashboards';
import type { Parameter } from '../../../contract/parameters';
import { preloadVisualizationView } from '../../components/viz/lazy-visualization-view';
import { dashboardVisualizationsOptions, type DashboardScope } from './api';
import { DashboardGrid } from './dashboard-grid';
import {
  dashboardValues,
  parameterOf,
  valueParam,
  valuesFor,
  type DashboardSearch,
  type ValueParam,
} from './params';
import { metaOf } from './viz-meta';
import { VizWidget } from './viz-widget';
import { WidgetFrame } from './widget-frame';

/** A parameter widget as the view knows it: its key, its definition and its value in the URL. */
export type ParamWidgetInput = {
  paramKey: string;
  /** The parameter's definition in its query; null while unknown or when it cannot be read. */
  parameter: Parameter | null;
  /** The URL's search parameter of its value (`p.<query_id>.<key>`). */
  name: ValueParam;
  /** The value in the URL; undefined: the query's default. */
  value: string | undefined;
  testId: string;
};

export type DashboardWidgetsProps = {
  scope: DashboardScope;
  dashboard: DashboardResponse;
  search: DashboardSearch;
  refreshMs: number;
  /** A signed-in viewer may run a query that has no result yet for its widget's values. */
  signedIn: boolean;
  /** Under "no result yet" for a viewer who may not run it (the app's sign-in offer). */
  signIn?: ReactNode;
  /** The scheme charts are drawn in (an embed's, from its URL); else the app's. */
  colorScheme?: 'light' | 'dark';
  /** Draws a parameter widget: the app's input, or an embed's read-only value. */
  param: (input: ParamWidgetInput) => ReactNode;
  /** Renders a text widget's Markdown (an embed loads the renderer only when it has one). */
  Markdown: ComponentType<{ text: string }>;
};

/**
 * A dashboard's widgets in view mode: the app's dashboard page, its public page and its embed
 * alike. Each widget's box is laid out from its saved position before any data arrives (fixed
 * row height), so nothing moves as charts load; each chart loads, fails or runs on its own.
 * What differs between them (parameter inputs, the sign-in offer, the Markdown renderer's
 * loading) comes in as props, so an embed draws no router and no date picker.
 */
export function DashboardWidgets(props: DashboardWidgetsProps) {
  const { scope, dashboard, search, Markdown } = props;
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
            signedIn={props.signedIn}
            signIn={props.signIn}
            refreshMs={props.refreshMs}
            // The maximum age is a signed-in reader's: a visitor sees the latest result as it is.
            // The dashboard's governs; without one, the widget's query's own.
            maxAgeSeconds={
              props.signedIn
                ? governingAge(dashboard.max_result_age_seconds, m?.query?.max_result_age_seconds)
                : null
            }
            colorScheme={props.colorScheme}
          />
        );
      }}
      text={(w) => (
        <WidgetFrame label="Text" testId={`text-widget-${w.widget_id}`}>
          <Markdown text={w.text} />
        </WidgetFrame>
      )}
      param={(w) => {
        const name = valueParam(w.query_id, w.key);
        return props.param({
          paramKey: w.key,
          parameter: parameterOf(meta.data?.visualizations, w.query_id, w.key),
          name,
          value: search[name],
          testId: `param-widget-${w.key}`,
        });
      }}
    />
  );
}
