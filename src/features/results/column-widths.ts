import { formatValue } from './format-value';

/** The fonts of the grid's text, as the measure function gets them. */
export type GridFont = 'cell' | 'cellMono' | 'header' | 'headerType';

/** The width in pixels of `text` drawn in `font`. */
export type Measure = (text: string, font: GridFont) => number;

/** Narrowest a column gets, by dragging or fitting. */
export const MIN_COLUMN_WIDTH = 56;
/** Widest a column is fitted to (a 66-character hash fits); dragging may go wider. */
export const MAX_FIT_WIDTH = 560;
/** Widest a column may be dragged. */
export const MAX_COLUMN_WIDTH = 2000;
/** A cell's horizontal padding and border, and 2 px for the canvas and the page rounding apart. */
const CELL_CHROME = 8 + 8 + 1 + 2;
/** The header's padding, the gap and the sort icon beside the name (and the same 2 px). */
const HEADER_CHROME = 8 + 8 + 4 + 14 + 1 + 2;
/** Longest text measured per cell: past it a column is at its widest anyway. */
const MEASURED_CHARS = 120;
/** Cells measured per column: the longest texts of the page (by length), as candidates. */
const CANDIDATES = 24;

export const clampWidth = (w: number, max = MAX_COLUMN_WIDTH) =>
  Math.round(Math.min(max, Math.max(MIN_COLUMN_WIDTH, w)));

const MONO = new Set(['number', 'temporal', 'binary', 'json']);

/**
 * The width that shows a column's header (name over type) and the cells of `rows` (the first
 * page) without cutting them, within MIN_COLUMN_WIDTH..MAX_FIT_WIDTH. Only the longest texts are
 * measured, so a 500-row page costs a few dozen measurements per column.
 */
export function fitColumnWidth(
  column: { name: string; type: string },
  rows: readonly Record<string, unknown>[],
  measure: Measure,
): number {
  const header =
    Math.max(measure(column.name, 'header'), measure(column.type, 'headerType')) + HEADER_CHROME;
  const texts = rows.map((r) => {
    const f = formatValue(r[column.name], column.type);
    const font: GridFont = MONO.has(f.kind) ? 'cellMono' : 'cell';
    return { text: f.text.slice(0, MEASURED_CHARS), font };
  });
  const longest = texts.sort((a, b) => b.text.length - a.text.length).slice(0, CANDIDATES);
  const cells = longest.reduce((m, t) => Math.max(m, measure(t.text, t.font)), 0) + CELL_CHROME;
  return clampWidth(Math.ceil(Math.max(header, cells)), MAX_FIT_WIDTH);
}

/** Fitted widths by column name (see fitColumnWidth). */
export function fitColumnWidths(
  columns: readonly { name: string; type: string }[],
  rows: readonly Record<string, unknown>[],
  measure: Measure,
): Record<string, number> {
  return Object.fromEntries(columns.map((c) => [c.name, fitColumnWidth(c, rows, measure)]));
}

/**
 * A column's width: the one the user dragged it to, else the fitted one, else (before the first
 * page is read) `fallback`.
 */
export const widthOf = (
  name: string,
  set: Readonly<Record<string, number>>,
  fitted: Readonly<Record<string, number>>,
  fallback: number,
) => set[name] ?? fitted[name] ?? fallback;

/** Average character widths of the fonts, for when no canvas can measure (tests, old browsers). */
const APPROX: Record<GridFont, number> = { cell: 6.6, cellMono: 7.3, header: 8.4, headerType: 6.7 };

export const approximateMeasure: Measure = (text, font) => Math.ceil(text.length * APPROX[font]);
