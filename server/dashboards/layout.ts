import { DASHBOARD_LIMITS, type WidgetPosition } from '../../contract/dashboards.js';

const GRID = DASHBOARD_LIMITS.gridColumns;

/** Height of a visualization widget placed automatically (the hosted service's default). */
export const VISUALIZATION_HEIGHT = 8;
/** Text widgets placed automatically are this many rows at least and at most. */
export const TEXT_MIN_HEIGHT = 2;
export const TEXT_MAX_HEIGHT = 12;
/** About this many characters fit on one grid row of a full-width text widget. */
export const TEXT_CHARS_PER_ROW = 120;
/** Parameter widgets placed automatically: this many side by side, this tall. */
export const PARAMS_PER_ROW = 4;
export const PARAM_HEIGHT = 2;

export type ColumnsPerRow = 1 | 2 | 3;

/**
 * Rows a full-width text widget gets: one per line of its Markdown (a long line counts once per
 * TEXT_CHARS_PER_ROW characters), at least TEXT_MIN_HEIGHT and at most TEXT_MAX_HEIGHT.
 */
export function textHeight(text: string): number {
  const lines = text
    .replace(/\s+$/, '')
    .split('\n')
    .reduce((n, line) => n + Math.max(1, Math.ceil(line.length / TEXT_CHARS_PER_ROW)), 0);
  return Math.min(TEXT_MAX_HEIGHT, Math.max(TEXT_MIN_HEIGHT, lines));
}

/** The first free row below every given position (0 when there are none). */
export function bottomOf(positions: readonly WidgetPosition[]): number {
  return positions.reduce((max, p) => Math.max(max, p.row + p.size_y), 0);
}

export type LayoutRequest = {
  /** Positions already taken (explicit ones, and widgets that stay); new widgets go below. */
  fixed: readonly WidgetPosition[];
  /** Texts of the text widgets to place, in order. */
  texts: readonly string[];
  /** How many parameter widgets to place. */
  params: number;
  /** How many visualization widgets to place. */
  visualizations: number;
  columnsPerRow: ColumnsPerRow;
};

export type Layout = {
  texts: WidgetPosition[];
  params: WidgetPosition[];
  visualizations: WidgetPosition[];
};

/** `count` widgets of `width` x `height`, `perRow` side by side from column 0, starting at `row`. */
function rows(
  count: number,
  perRow: number,
  width: number,
  height: number,
  row: number,
): WidgetPosition[] {
  return Array.from({ length: count }, (_, i) => ({
    col: (i % perRow) * width,
    row: row + Math.floor(i / perRow) * height,
    size_x: width,
    size_y: height,
  }));
}

/**
 * The automatic layout (compat-reference 2.7), below everything in `fixed`: text widgets full
 * width, one under another in order; then parameter widgets, PARAMS_PER_ROW per row; then
 * visualizations, `columnsPerRow` per row, each 12 / columnsPerRow wide and VISUALIZATION_HEIGHT
 * tall. Pure.
 */
export function autoLayout(req: LayoutRequest): Layout {
  let row = bottomOf(req.fixed);
  const texts = req.texts.map((text) => {
    const p = { col: 0, row, size_x: GRID, size_y: textHeight(text) };
    row += p.size_y;
    return p;
  });
  const paramWidth = GRID / PARAMS_PER_ROW;
  const params = rows(req.params, PARAMS_PER_ROW, paramWidth, PARAM_HEIGHT, row);
  row += Math.ceil(req.params / PARAMS_PER_ROW) * PARAM_HEIGHT;
  const width = GRID / req.columnsPerRow;
  const visualizations = rows(
    req.visualizations,
    req.columnsPerRow,
    width,
    VISUALIZATION_HEIGHT,
    row,
  );
  return { texts, params, visualizations };
}
