import { verticalCompactor, type LayoutItem } from 'react-grid-layout/core';
import type { DashboardResponse, WidgetPosition } from '../../contract/dashboards';

/**
 * Where a dashboard's widgets sit: the grid's geometry and the mapping from saved positions to
 * grid items, as the app's editor and view lay them out and as the server's first paint of a
 * public dashboard places them (one mapping, so both draw the same boxes).
 */

/** A widget's place in grid units. Item ids say the widget's kind: `v:<id>`, `t:<id>`, `p:<uid>`. */
export type GridItem = { i: string; x: number; y: number; w: number; h: number };

/** The grid is 12 columns wide (DASHBOARD_LIMITS.gridColumns of the contract). */
export const GRID_COLS = 12;
/** Rows are this many pixels high, with this many pixels between rows and columns. */
export const ROW_HEIGHT = 40;
export const GRID_MARGIN = 12;
const MAX_ROW = 10_000;
const MAX_SIZE_Y = 200;

export const vizItemId = (widgetId: number) => `v:${widgetId}`;
export const textItemId = (widgetId: number) => `t:${widgetId}`;
export const paramItemId = (uid: string) => `p:${uid}`;

const int = (v: number, fallback: number) => (Number.isFinite(v) ? Math.trunc(v) : fallback);
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A position forced into the grid: sizes 1..12 wide, columns so the widget fits, rows ≥ 0. */
export function clampPosition(p: WidgetPosition): WidgetPosition {
  const size_x = clamp(int(p.size_x, GRID_COLS), 1, GRID_COLS);
  const size_y = clamp(int(p.size_y, 1), 1, MAX_SIZE_Y);
  const col = clamp(int(p.col, 0), 0, GRID_COLS - size_x);
  const row = clamp(int(p.row, 0), 0, MAX_ROW);
  return { col, row, size_x, size_y };
}

export const toGridItem = (i: string, p: WidgetPosition): GridItem => {
  const c = clampPosition(p);
  return { i, x: c.col, y: c.row, w: c.size_x, h: c.size_y };
};

export const toPosition = (item: Pick<GridItem, 'x' | 'y' | 'w' | 'h'>): WidgetPosition =>
  clampPosition({ col: item.x, row: item.y, size_x: item.w, size_y: item.h });

/** Only what the mapping cares about, whatever extra fields the grid put on its items. */
const strip = (l: Pick<LayoutItem, 'i' | 'x' | 'y' | 'w' | 'h'>): GridItem => ({
  i: l.i,
  x: l.x,
  y: l.y,
  w: l.w,
  h: l.h,
});

/**
 * What the grid shows for these items: each clamped into the grid, then compacted upward the way
 * react-grid-layout does, which moves overlapping items down. The order of the input does not
 * matter: items are placed by row, column, then id, so the result is deterministic.
 */
export function normalizeLayout(items: readonly GridItem[]): GridItem[] {
  const clamped = items
    .map((l) => toGridItem(l.i, { col: l.x, row: l.y, size_x: l.w, size_y: l.h }))
    .sort((a, b) => a.y - b.y || a.x - b.x || (a.i < b.i ? -1 : a.i > b.i ? 1 : 0));
  const compacted = verticalCompactor.compact(clamped, GRID_COLS).map(strip);
  return compacted.sort((a, b) => a.y - b.y || a.x - b.x || (a.i < b.i ? -1 : 1));
}

export type DashboardWidgets = Pick<
  DashboardResponse,
  'text_widgets' | 'visualization_widgets' | 'param_widgets'
>;

/** The grid items of a dashboard's saved widgets (`v:`, `t:`, `p:` ids), as the grid shows them. */
export function widgetLayout(d: DashboardWidgets): GridItem[] {
  return normalizeLayout([
    ...d.visualization_widgets.map((w) => toGridItem(vizItemId(w.widget_id), w.position)),
    ...d.text_widgets.map((w) => toGridItem(textItemId(w.widget_id), w.position)),
    ...d.param_widgets.map((w) => toGridItem(paramItemId(w.widget_id), w.position)),
  ]);
}

/** The height in pixels of `rows` grid rows (the rows' heights and the gaps between them). */
export const rowsHeight = (rows: number): number =>
  rows <= 0 ? 0 : rows * ROW_HEIGHT + (rows - 1) * GRID_MARGIN;

/** The height in pixels of a dashboard's grid: its lowest widget's bottom edge. */
export function gridHeight(d: DashboardWidgets): number {
  return rowsHeight(Math.max(0, ...widgetLayout(d).map((l) => l.y + l.h)));
}

/** The CSS grid's `grid-column` and `grid-row` of an item: the same cells the editor gives it. */
export const gridCell = (l: GridItem): { column: string; row: string } => ({
  column: `${l.x + 1} / span ${l.w}`,
  row: `${l.y + 1} / span ${l.h}`,
});
