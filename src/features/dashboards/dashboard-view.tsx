import { useQuery } from '@tanstack/react-query';
import { useEffect, type CSSProperties } from 'react';
import type { DashboardResponse } from '../../../contract/dashboards';
import { preloadVisualizationView } from '../../components/viz/lazy-visualization-view';
import { dashboardVisualizationsOptions, type DashboardScope } from './api';
import { GRID_MARGIN, ROW_HEIGHT, type GridItem } from './draft';
import { draftFromDashboard, GRID_COLS, toPosition } from './grid-mapping';
import { MarkdownText } from '../../components/markdown-text';
import { ParamWidget } from './param-widget';
import { parameterOf, valueParam, valuesFor, type DashboardSearch } from './params';
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

const gridStyle: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: `repeat(${GRID_COLS}, minmax(0, 1fr))`,
  gridAutoRows: ROW_HEIGHT,
  gap: GRID_MARGIN,
};

/** Where an item sits in the CSS grid: the same cells the editor's grid gives it. */
const cell = (l: GridItem): CSSProperties => ({
  gridColumn: `${l.x + 1} / span ${l.w}`,
  gridRow: `${l.y + 1} / span ${l.h}`,
  minWidth: 0,
});

/**
 * A dashboard in view mode, for the app and the public page alike. Each widget's box is laid out
 * from its saved position before any data arrives (fixed row height), so nothing moves as charts
 * load; each chart loads, fails or runs on its own.
 */
export function DashboardView({ scope, dashboard, signedIn, search, onValue, refreshMs }: Props) {
  const meta = useQuery(dashboardVisualizationsOptions(scope, dashboard.dashboard_id));
  // The charts' code loads while their data is read, not after.
  useEffect(preloadVisualizationView, []);
  const { layout } = draftFromDashboard(dashboard);
  const byItem = new Map(layout.map((l) => [l.i, l]));
  const metaOf = (vid: number) => {
    if (meta.isError)
      return { visualization_id: vid, visualization: null, query: null, error: meta.error.message };
    return meta.data?.visualizations.find((v) => v.visualization_id === vid);
  };
  const at = (id: string) => {
    const l = byItem.get(id);
    if (!l) return null;
    const p = toPosition(l);
    return { style: cell(l), 'data-position': `${p.col},${p.row},${p.size_x},${p.size_y}` };
  };

  return (
    <div style={gridStyle} data-testid="dashboard-grid" aria-label="Dashboard widgets">
      {dashboard.visualization_widgets.map((w) => {
        const place = at(`v:${w.widget_id}`);
        const m = metaOf(w.visualization_id);
        return (
          place && (
            <div key={`v:${w.widget_id}`} {...place} data-widget={`v:${w.widget_id}`}>
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
                signedIn={signedIn}
                refreshMs={refreshMs}
              />
            </div>
          )
        );
      })}
      {dashboard.text_widgets.map((w) => {
        const place = at(`t:${w.widget_id}`);
        return (
          place && (
            <div key={`t:${w.widget_id}`} {...place} data-widget={`t:${w.widget_id}`}>
              <WidgetFrame label="Text" testId={`text-widget-${w.widget_id}`}>
                <MarkdownText text={w.text} />
              </WidgetFrame>
            </div>
          )
        );
      })}
      {dashboard.param_widgets.map((w) => {
        const place = at(`p:${w.widget_id}`);
        const name = valueParam(w.query_id, w.key);
        return (
          place && (
            <div key={`p:${w.widget_id}`} {...place} data-widget={`p:${w.widget_id}`}>
              <ParamWidget
                paramKey={w.key}
                parameter={parameterOf(meta.data?.visualizations, w.query_id, w.key)}
                value={search[name]}
                onChange={(v) => onValue(name, v)}
                testId={`param-widget-${w.key}`}
              />
            </div>
          )
        );
      })}
    </div>
  );
}
