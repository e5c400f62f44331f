import type { CSSProperties, ReactNode } from 'react';
import type { DashboardResponse } from '../../../contract/dashboards';
import {
  GRID_COLS,
  GRID_MARGIN,
  gridCell,
  ROW_HEIGHT,
  toPosition,
  widgetLayout,
  type DashboardWidgets,
} from '../../../shared/dashboards/grid-layout';

const gridStyle: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: `repeat(${GRID_COLS}, minmax(0, 1fr))`,
  gridAutoRows: ROW_HEIGHT,
  gap: GRID_MARGIN,
};

/**
 * A dashboard's widgets in view mode, each in the cells of its saved position (fixed row
 * height), so nothing moves as charts load. What each widget shows is the caller's: the app's
 * dashboard page and the embed page draw them differently. The server's first paint of a public
 * dashboard (server/previews/first-paint-html.ts) places its boxes by the same mapping.
 */
export function DashboardGrid(props: {
  dashboard: DashboardWidgets;
  viz: (w: DashboardResponse['visualization_widgets'][number]) => ReactNode;
  text: (w: DashboardResponse['text_widgets'][number]) => ReactNode;
  param: (w: DashboardResponse['param_widgets'][number]) => ReactNode;
}) {
  const { dashboard } = props;
  const byItem = new Map(widgetLayout(dashboard).map((l) => [l.i, l]));
  const at = (id: string) => {
    const l = byItem.get(id);
    if (!l) return null;
    const p = toPosition(l);
    const { column, row } = gridCell(l);
    return {
      style: { gridColumn: column, gridRow: row, minWidth: 0 },
      'data-position': `${p.col},${p.row},${p.size_x},${p.size_y}`,
    };
  };
  const item = (id: string, body: ReactNode) => {
    const place = at(id);
    return (
      place && (
        <div key={id} {...place} data-widget={id}>
          {body}
        </div>
      )
    );
  };

  return (
    <div style={gridStyle} data-testid="dashboard-grid" aria-label="Dashboard widgets">
      {dashboard.visualization_widgets.map((w) => item(`v:${w.widget_id}`, props.viz(w)))}
      {dashboard.text_widgets.map((w) => item(`t:${w.widget_id}`, props.text(w)))}
      {dashboard.param_widgets.map((w) => item(`p:${w.widget_id}`, props.param(w)))}
    </div>
  );
}
