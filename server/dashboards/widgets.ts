import { randomUUID } from 'node:crypto';
import {
  DASHBOARD_LIMITS,
  type ParamWidgetInput,
  type TextWidgetInput,
  type VisualizationWidgetInput,
  type WidgetPosition,
} from '../../contract/dashboards.js';
import { invalid } from '../errors.js';
import type { DashboardWidgetsTable } from '../store/schema.js';
import { autoLayout, type ColumnsPerRow } from './layout.js';

export type WidgetKind = DashboardWidgetsTable['kind'];

/** One widget as stored (`id` null = not stored yet, the store assigns one). */
export type WidgetRow = Pick<
  DashboardWidgetsTable,
  | 'kind'
  | 'uid' // the string widget_id of a parameter widget
  | 'visualization_id'
  | 'text'
  | 'param_key'
  | 'query_id'
  | 'visualization_widget_id'
> & { id: number | null; position: WidgetPosition; ord: number };

export type StoredWidget = WidgetRow & { id: number };

/** What the planner needs to know about a visualization the dashboard would show. */
export type VisualizationInfo = { queryId: number; parameterKeys: readonly string[] };

export type WidgetInputs = {
  text_widgets?: readonly TextWidgetInput[];
  visualization_widgets?: readonly VisualizationWidgetInput[];
  param_widgets?: readonly ParamWidgetInput[];
};

export type WidgetPlan = {
  /** Kinds whose stored widgets are all removed before `rows` are inserted. */
  replace: WidgetKind[];
  /** Widgets to insert (those with an id keep it). */
  rows: WidgetRow[];
  /** Ids of parameter widgets to remove besides (their visualization widget is gone). */
  dropParams: number[];
};

export type PlanOptions = {
  columnsPerRow: ColumnsPerRow;
  /** Facts about a visualization the caller may show; throws a 400 naming `label` otherwise. */
  visualization: (visualizationId: number, label: string) => VisualizationInfo;
  /** Names a visualization widget input in messages (create says `visualization_ids[i]`). */
  visualizationLabel?: (index: number) => string;
};

type Item = {
  kind: WidgetKind;
  keepId: number | undefined;
  position: WidgetPosition | undefined;
  row: Omit<WidgetRow, 'position' | 'ord' | 'id' | 'kind'>;
};

const EMPTY = {
  uid: null,
  visualization_id: null,
  text: null,
  param_key: null,
  query_id: null,
  visualization_widget_id: null,
};

/** Checks a `widget_id` to keep: an existing widget of that kind, named once. */
function keepIds(
  label: string,
  inputs: readonly { widget_id?: number }[],
  existing: readonly StoredWidget[],
  kind: WidgetKind,
): void {
  const ids = new Set(existing.filter((w) => w.kind === kind).map((w) => w.id));
  const seen = new Set<number>();
  inputs.forEach((w, i) => {
    if (w.widget_id === undefined) return;
    if (!ids.has(w.widget_id))
      throw invalid(
        `${label}[${i}].widget_id: ${w.widget_id} is not a ${kind} widget of this dashboard`,
      );
    if (seen.has(w.widget_id))
      throw invalid(`${label}[${i}].widget_id: ${w.widget_id} is given twice`);
    seen.add(w.widget_id);
  });
}

/**
 * Plans the widgets after a change: each given array replaces every widget of its kind (a
 * `widget_id` keeps that widget's id, and its position when none is given); kinds not given
 * stay. Parameter widgets must drive a visualization widget of the dashboard (after the change)
 * whose visualization is of their `query_id`, and name one of that query's parameters. When
 * visualization widgets are replaced and parameter widgets are not given, the parameter widgets
 * whose visualization widget is gone (or now shows another query) are dropped. New widgets
 * without a position are laid out automatically below all the others.
 */
export function planWidgets(
  current: readonly StoredWidget[],
  input: WidgetInputs,
  opts: PlanOptions,
): WidgetPlan {
  const byId = new Map(current.map((w) => [w.id, w]));
  const items: Item[] = [];
  const replace: WidgetKind[] = [];

  if (input.text_widgets) {
    replace.push('text');
    keepIds('text_widgets', input.text_widgets, current, 'text');
    for (const w of input.text_widgets)
      items.push({
        kind: 'text',
        keepId: w.widget_id,
        position: w.position,
        row: { ...EMPTY, text: w.text },
      });
  }

  // Visualization widgets after the change: widget id → facts about its visualization (lazy).
  const vizWidgets = new Map<number, () => VisualizationInfo>();
  const infoCache = new Map<number, VisualizationInfo>();
  const info = (vizId: number, label: string) => {
    let found = infoCache.get(vizId);
    if (!found) {
      found = opts.visualization(vizId, label);
      infoCache.set(vizId, found);
    }
    return found;
  };
  if (input.visualization_widgets) {
    replace.push('visualization');
    keepIds('visualization_widgets', input.visualization_widgets, current, 'visualization');
    input.visualization_widgets.forEach((w, i) => {
      const label = opts.visualizationLabel?.(i) ?? `visualization_widgets[${i}].visualization_id`;
      const facts = info(w.visualization_id, label);
      if (w.widget_id !== undefined) vizWidgets.set(w.widget_id, () => facts);
      items.push({
        kind: 'visualization',
        keepId: w.widget_id,
        position: w.position,
        row: { ...EMPTY, visualization_id: w.visualization_id },
      });
    });
  } else {
    for (const w of current)
      if (w.kind === 'visualization' && w.visualization_id !== null)
        vizWidgets.set(w.id, () => info(w.visualization_id!, `visualization widget ${w.id}`));
  }

  const dropParams: number[] = [];
  const currentParams = current.filter((w) => w.kind === 'param');
  if (input.param_widgets) {
    replace.push('param');
    const uids = new Map<string, string[]>();
    for (const p of currentParams) {
      const k = `${p.param_key}\u0000${p.query_id}\u0000${p.visualization_widget_id}`;
      uids.set(k, [...(uids.get(k) ?? []), p.uid ?? randomUUID()]);
    }
    input.param_widgets.forEach((p, i) => {
      const label = `param_widgets[${i}]`;
      const target = vizWidgets.get(p.visualization_widget_id)?.();
      if (!target)
        throw invalid(
          `${label}.visualization_widget_id: ${p.visualization_widget_id} is not a visualization widget of this dashboard`,
        );
      if (target.queryId !== p.query_id)
        throw invalid(
          `${label}.query_id: visualization widget ${p.visualization_widget_id} shows a visualization of query ${target.queryId}, not of query ${p.query_id}`,
        );
      if (!target.parameterKeys.includes(p.key))
        throw invalid(`${label}.key: query ${p.query_id} has no parameter "${p.key}"`);
      const k = `${p.key}\u0000${p.query_id}\u0000${p.visualization_widget_id}`;
      const uid = uids.get(k)?.shift() ?? randomUUID();
      items.push({
        kind: 'param',
        keepId: undefined,
        position: p.position,
        row: {
          ...EMPTY,
          uid,
          param_key: p.key,
          query_id: p.query_id,
          visualization_widget_id: p.visualization_widget_id,
        },
      });
    });
  } else if (input.visualization_widgets) {
    for (const p of currentParams) {
      const target = vizWidgets.get(p.visualization_widget_id ?? -1)?.();
      if (!target || target.queryId !== p.query_id) dropParams.push(p.id);
    }
  }

  // Positions: explicit ones, kept widgets' old ones and untouched widgets are fixed.
  const dropped = new Set(dropParams);
  const fixed: WidgetPosition[] = current
    .filter((w) => !replace.includes(w.kind) && !dropped.has(w.id))
    .map((w) => w.position);
  const placed = items.map((it) => {
    const position =
      it.position ?? (it.keepId !== undefined ? byId.get(it.keepId)?.position : undefined);
    if (position) fixed.push(position);
    return position;
  });
  const pending = items.filter((_, i) => !placed[i]);
  const auto = autoLayout({
    fixed,
    texts: pending.filter((it) => it.kind === 'text').map((it) => it.row.text ?? ''),
    params: pending.filter((it) => it.kind === 'param').length,
    visualizations: pending.filter((it) => it.kind === 'visualization').length,
    columnsPerRow: opts.columnsPerRow,
  });
  const queues: Record<WidgetKind, WidgetPosition[]> = {
    text: auto.texts,
    param: auto.params,
    visualization: auto.visualizations,
  };
  const ords: Record<WidgetKind, number> = { text: 0, param: 0, visualization: 0 };
  const rows = items.map((it, i): WidgetRow => {
    const position = placed[i] ?? queues[it.kind].shift()!;
    if (position.row > DASHBOARD_LIMITS.maxRow)
      throw invalid(
        `no room for more widgets: automatic layout would go past row ${DASHBOARD_LIMITS.maxRow}`,
      );
    return { ...it.row, id: it.keepId ?? null, kind: it.kind, position, ord: ords[it.kind]++ };
  });
  return { replace, rows, dropParams };
}
