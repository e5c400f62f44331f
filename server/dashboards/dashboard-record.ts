import type { WidgetPosition } from '../../contract/dashboards.js';
import type { ColumnsPerRow } from './layout.js';
import type { StoredWidget, WidgetKind } from './widgets.js';

/** A dashboard as stored, without its widgets. */
export type DashboardHead = {
  id: number;
  owner_id: number;
  owner_handle: string;
  created_by: number | null;
  name: string;
  slug: string;
  is_private: boolean;
  is_archived: boolean;
  columns_per_row: ColumnsPerRow;
  tags: string[];
  created_at: string;
  updated_at: string;
  /** Bumped by every change (If-Match). */
  version: number;
  /** How old a result its viewers accept, in seconds; null: any (contract/rules/result-age.ts). */
  max_result_age_seconds: number | null;
};

export type DashboardRecord = DashboardHead & {
  text_widgets: { widget_id: number; text: string; position: WidgetPosition }[];
  visualization_widgets: {
    widget_id: number;
    visualization_id: number;
    position: WidgetPosition;
  }[];
  param_widgets: {
    widget_id: string;
    key: string;
    query_id: number;
    visualization_widget_id: number;
    position: WidgetPosition;
  }[];
};

/**
 * A dashboard with its stored widgets, each kind in its order. A parameter widget whose
 * visualization widget is gone is never served. Pure.
 */
export function toDashboardRecord(
  head: DashboardHead,
  widgets: readonly StoredWidget[],
): DashboardRecord {
  const of = (kind: WidgetKind) =>
    widgets.filter((w) => w.kind === kind).sort((a, b) => a.ord - b.ord || a.id - b.id);
  const visualization_widgets = of('visualization').map((w) => ({
    widget_id: w.id,
    visualization_id: w.visualization_id!,
    position: w.position,
  }));
  const vizIds = new Set(visualization_widgets.map((w) => w.widget_id));
  return {
    ...head,
    text_widgets: of('text').map((w) => ({
      widget_id: w.id,
      text: w.text ?? '',
      position: w.position,
    })),
    visualization_widgets,
    param_widgets: of('param')
      .filter((w) => vizIds.has(w.visualization_widget_id ?? -1))
      .map((w) => ({
        widget_id: w.uid ?? String(w.id),
        key: w.param_key ?? '',
        query_id: w.query_id!,
        visualization_widget_id: w.visualization_widget_id!,
        position: w.position,
      })),
  };
}
