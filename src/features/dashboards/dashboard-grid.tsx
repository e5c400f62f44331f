import type { CSSProperties, ReactNode } from 'react';
import type { DashboardResponse } from '../../../contract/dashboards';
import { GRID_MARGIN, ROW_HEIGHT, type GridItem } from './draft';
import { draftFromDashboard, GRID_COLS, toPosition } from './grid-mapping';

type Widgets = Pick<DashboardResponse, 'visualization_widgets' | 'text_widgets' | 'param_widgets'>;

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

/** The height in pixels of a dashboard's grid: its lowest widget's bottom edge. */
export function gridHeight(d: Widgets): number {
  const rows = Math.max(0, ...draftFromDashboard(d).layout.map((l) => l.y + l.h));
  return rows === 0 ? 0 : rows * ROW_HEIGHT + (rows - 1) * GRID_MARGIN;
}

/**
 * A dashboard's widgets in view mode, each in the cells of its saved position (fixed row
 * height), so nothing moves as charts load. What each widget shows is the caller's: the app's
 * dashboard page and the embed page draw them differently.
 */
export function DashboardGrid(props: {
  dashboard: Widgets;
  viz: (w: DashboardResponse['visualization_widgets'][number]) => ReactNode;
  text: (w: DashboardResponse['text_widgets'][number]) => ReactNode;
  param: (w: DashboardResponse['param_widgets'][number]) => ReactNode;
}) {
  const { dashboard } = props;
  const { layout } = draftFromDashboard(dashboard);
  const byItem = new Map(layout.map((l) => [l.i, l]));
  const at = (id: string) => {
    const l = byItem.get(id);
    if (!l) return null;
    const p = toPosition(l);
    return { style: cell(l), 'data-position': `${p.col},${p.row},${p.size_x},${p.size_y}` };
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
