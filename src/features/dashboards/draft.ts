/**
 * The dashboard as the editor holds it: widgets by grid item id, and the grid's layout. Item ids
 * say the widget's kind and identity: `v:<widget_id>`, `t:<widget_id>`, `p:<uuid>` for saved
 * widgets and `new:<n>` for widgets added since the last save.
 */
import type { GridItem } from '../../../shared/dashboards/grid-layout';

export type VizWidget = {
  kind: 'viz';
  id: string;
  /** The saved widget's id (kept on save), null for a new one. */
  widgetId: number | null;
  visualizationId: number;
};
export type TextWidget = { kind: 'text'; id: string; widgetId: number | null; text: string };
export type ParamWidget = {
  kind: 'param';
  id: string;
  key: string;
  queryId: number;
  /** Item id of the visualization widget it drives. */
  target: string;
};
export type DraftWidget = VizWidget | TextWidget | ParamWidget;

export type Draft = { widgets: DraftWidget[]; layout: GridItem[] };

/** Sizes of widgets added in the editor, in grid units (12 columns, rows of ROW_HEIGHT px). */
export const NEW_SIZES = {
  viz: { w: 6, h: 8 },
  text: { w: 6, h: 3 },
  param: { w: 3, h: 2 },
} as const;
