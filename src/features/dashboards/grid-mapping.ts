import { verticalCompactor, type LayoutItem } from 'react-grid-layout/core';
import type {
  DashboardResponse,
  ParamWidgetInput,
  TextWidgetInput,
  VisualizationWidgetInput,
  WidgetPosition,
} from '../../../contract/dashboards';
import {
  paramItemId,
  textItemId,
  vizItemId,
  type Draft,
  type DraftWidget,
  type GridItem,
} from './draft';

/** The grid is 12 columns wide (DASHBOARD_LIMITS.gridColumns of the contract). */
export const GRID_COLS = 12;
const MAX_ROW = 10_000;
const MAX_SIZE_Y = 200;

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

/** Whether two layouts place every item identically (order aside). */
export function sameLayout(a: readonly GridItem[], b: readonly GridItem[]): boolean {
  if (a.length !== b.length) return false;
  const byId = new Map(b.map((l) => [l.i, l]));
  return a.every((l) => {
    const o = byId.get(l.i);
    return !!o && o.x === l.x && o.y === l.y && o.w === l.w && o.h === l.h;
  });
}

type WidgetSource = Pick<
  DashboardResponse,
  'text_widgets' | 'visualization_widgets' | 'param_widgets'
>;

/** The editor's draft of a dashboard the service returned. */
export function draftFromDashboard(d: WidgetSource): Draft {
  const widgets: DraftWidget[] = [];
  const items: GridItem[] = [];
  for (const w of d.visualization_widgets) {
    const id = vizItemId(w.widget_id);
    widgets.push({ kind: 'viz', id, widgetId: w.widget_id, visualizationId: w.visualization_id });
    items.push(toGridItem(id, w.position));
  }
  for (const w of d.text_widgets) {
    const id = textItemId(w.widget_id);
    widgets.push({ kind: 'text', id, widgetId: w.widget_id, text: w.text });
    items.push(toGridItem(id, w.position));
  }
  for (const w of d.param_widgets) {
    const id = paramItemId(w.widget_id);
    widgets.push({
      kind: 'param',
      id,
      key: w.key,
      queryId: w.query_id,
      target: vizItemId(w.visualization_widget_id),
    });
    items.push(toGridItem(id, w.position));
  }
  return { widgets, layout: normalizeLayout(items) };
}

export type WidgetArrays = {
  text_widgets: TextWidgetInput[];
  visualization_widgets: VisualizationWidgetInput[];
  param_widgets: ParamWidgetInput[];
};

/**
 * The widget arrays of the PATCH body for a draft. Saved widgets keep their `widget_id`, so
 * parameter widgets keep their targets. A parameter widget whose visualization widget is new
 * has no id to point at yet: it is left out and listed in `pending` (see resolveNewWidgetIds);
 * `newVizIds` gives ids learnt from a first save.
 */
export function patchWidgets(
  draft: Draft,
  newVizIds: ReadonlyMap<string, number> = new Map(),
): WidgetArrays & { pending: string[] } {
  const layout = new Map(normalizeLayout(draft.layout).map((l) => [l.i, l]));
  const position = (id: string) => {
    const l = layout.get(id);
    return l ? toPosition(l) : undefined;
  };
  const vizIds = new Map<string, number>(newVizIds);
  for (const w of draft.widgets)
    if (w.kind === 'viz' && w.widgetId !== null) vizIds.set(w.id, w.widgetId);
  const out: WidgetArrays & { pending: string[] } = {
    text_widgets: [],
    visualization_widgets: [],
    param_widgets: [],
    pending: [],
  };
  for (const w of draft.widgets) {
    const keep = 'widgetId' in w && w.widgetId !== null ? { widget_id: w.widgetId } : {};
    if (w.kind === 'text')
      out.text_widgets.push({ text: w.text, position: position(w.id), ...keep });
    else if (w.kind === 'viz')
      out.visualization_widgets.push({
        visualization_id: w.visualizationId,
        position: position(w.id),
        ...keep,
      });
    else {
      const target = vizIds.get(w.target);
      if (target === undefined) out.pending.push(w.id);
      else
        out.param_widgets.push({
          key: w.key,
          query_id: w.queryId,
          visualization_widget_id: target,
          position: position(w.id),
        });
    }
  }
  return out;
}

/**
 * After a save, the ids the service gave the draft's new visualization widgets: the returned
 * widget of the same visualization at the same position (positions do not overlap).
 */
export function resolveNewWidgetIds(
  draft: Draft,
  saved: Pick<DashboardResponse, 'visualization_widgets'>,
): Map<string, number> {
  const layout = new Map(normalizeLayout(draft.layout).map((l) => [l.i, l]));
  const known = new Set(
    draft.widgets.flatMap((w) => (w.kind === 'viz' && w.widgetId !== null ? [w.widgetId] : [])),
  );
  const ids = new Map<string, number>();
  for (const w of draft.widgets) {
    if (w.kind !== 'viz' || w.widgetId !== null) continue;
    const l = layout.get(w.id);
    if (!l) continue;
    const p = toPosition(l);
    const match = saved.visualization_widgets.find(
      (s) =>
        !known.has(s.widget_id) &&
        s.visualization_id === w.visualizationId &&
        s.position.col === p.col &&
        s.position.row === p.row,
    );
    if (match) {
      ids.set(w.id, match.widget_id);
      known.add(match.widget_id);
    }
  }
  return ids;
}

/** The first free spot of a w×h widget: the topmost row, then leftmost column, it fits in. */
export function placeNew(layout: readonly GridItem[], i: string, w: number, h: number): GridItem {
  const width = Math.min(Math.max(1, w), GRID_COLS);
  const bottom = layout.reduce((m, l) => Math.max(m, l.y + l.h), 0);
  const free = (x: number, y: number) =>
    layout.every((l) => x + width <= l.x || l.x + l.w <= x || y + h <= l.y || l.y + l.h <= y);
  for (let y = 0; y < bottom; y++)
    for (let x = 0; x + width <= GRID_COLS; x++) if (free(x, y)) return { i, x, y, w: width, h };
  return { i, x: 0, y: bottom, w: width, h };
}
