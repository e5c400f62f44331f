import type {
  DashboardResponse,
  ParamWidgetInput,
  TextWidgetInput,
  VisualizationWidgetInput,
} from '../../../contract/dashboards';
import {
  GRID_COLS,
  normalizeLayout,
  paramItemId,
  textItemId,
  toPosition,
  vizItemId,
  widgetLayout,
  type DashboardWidgets,
  type GridItem,
} from '../../../shared/dashboards/grid-layout';
import type { Draft, DraftWidget } from './draft';

// The grid's geometry and the position mapping are shared/dashboards/grid-layout.ts (the
// server's first paint of a public dashboard places widgets with them too).

/** Whether two layouts place every item identically (order aside). */
export function sameLayout(a: readonly GridItem[], b: readonly GridItem[]): boolean {
  if (a.length !== b.length) return false;
  const byId = new Map(b.map((l) => [l.i, l]));
  return a.every((l) => {
    const o = byId.get(l.i);
    return !!o && o.x === l.x && o.y === l.y && o.w === l.w && o.h === l.h;
  });
}

/** The editor's draft of a dashboard the service returned. */
export function draftFromDashboard(d: DashboardWidgets): Draft {
  const widgets: DraftWidget[] = [
    ...d.visualization_widgets.map((w): DraftWidget => ({
      kind: 'viz',
      id: vizItemId(w.widget_id),
      widgetId: w.widget_id,
      visualizationId: w.visualization_id,
    })),
    ...d.text_widgets.map((w): DraftWidget => ({
      kind: 'text',
      id: textItemId(w.widget_id),
      widgetId: w.widget_id,
      text: w.text,
    })),
    ...d.param_widgets.map((w): DraftWidget => ({
      kind: 'param',
      id: paramItemId(w.widget_id),
      key: w.key,
      queryId: w.query_id,
      target: vizItemId(w.visualization_widget_id),
    })),
  ];
  return { widgets, layout: widgetLayout(d) };
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
