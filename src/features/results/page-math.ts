/**
 * Pure arithmetic of the results grid: how rows map to server pages (offset windows), and how a
 * result taller than a browser can scroll is squeezed into a scrollable height (the row
 * virtualizer works in "virtual" pixels, the scroll container in "real" ones).
 */

/** Height of one grid row, in pixels. */
export const ROW_HEIGHT = 28;
/** Height of the header row (name over type). */
export const HEADER_HEIGHT = 46;
/** Rows per page asked of the service. */
export const MAX_PAGE_ROWS = 500;
/** The service's default cap on cells per results call (MAX_DATAPOINTS_PER_REQUEST). */
export const MAX_PAGE_CELLS = 250_000;
/**
 * Tallest scroll height the grid uses. Browsers cap element heights (Firefox near 17.9M px,
 * Chrome near 33.5M px); past this the scroll position is scaled.
 */
export const MAX_SCROLL_HEIGHT = 12_000_000;

/** Rows per page for this many columns: at most 500, and within the service's cell cap. */
export function pageSizeFor(columnCount: number, maxCells = MAX_PAGE_CELLS): number {
  return Math.max(1, Math.min(MAX_PAGE_ROWS, Math.floor(maxCells / Math.max(1, columnCount))));
}

/** The page holding `row` and the row's index within it. */
export function rowLocation(row: number, pageSize: number): { page: number; index: number } {
  return { page: Math.floor(row / pageSize), index: row % pageSize };
}

/**
 * The page indices the rows `first..last` (inclusive, clamped to `count` rows) need, ascending.
 * An empty or inverted range needs nothing.
 */
export function pagesForRange(
  first: number,
  last: number,
  pageSize: number,
  count: number,
): number[] {
  const lo = Math.max(0, Math.floor(first));
  const hi = Math.min(count - 1, Math.floor(last));
  if (count <= 0 || hi < lo || pageSize <= 0) return [];
  const pages: number[] = [];
  for (let p = Math.floor(lo / pageSize); p <= Math.floor(hi / pageSize); p++) pages.push(p);
  return pages;
}

/** How the virtual row area (every row at full height) maps onto the real scroll height. */
export type ScrollScale = {
  /** Height of all rows at ROW_HEIGHT each. */
  virtualHeight: number;
  /** Height the rows occupy in the scroll container (at most `maxHeight`). */
  realHeight: number;
  /** Virtual pixels per real pixel of scrolling (1 when nothing is squeezed). */
  ratio: number;
};

/**
 * The scale for `rowCount` rows in a viewport `viewport` px tall (the row area, without the
 * header). Scrolling the real area from top to bottom moves through every virtual row, so the
 * first and last rows are both reachable.
 */
export function scrollScale(
  rowCount: number,
  viewport: number,
  rowHeight = ROW_HEIGHT,
  maxHeight = MAX_SCROLL_HEIGHT,
): ScrollScale {
  const virtualHeight = Math.max(0, rowCount) * rowHeight;
  if (virtualHeight <= maxHeight) return { virtualHeight, realHeight: virtualHeight, ratio: 1 };
  const realHeight = maxHeight;
  const span = Math.max(1, realHeight - viewport);
  return { virtualHeight, realHeight, ratio: Math.max(1, (virtualHeight - viewport) / span) };
}

/** The virtual offset (row area) shown at a real scrollTop. */
export const toVirtual = (realOffset: number, scale: ScrollScale) =>
  Math.min(Math.max(0, realOffset * scale.ratio), Math.max(0, scale.virtualHeight));

/** The real scrollTop that shows a virtual offset. */
export const toReal = (virtualOffset: number, scale: ScrollScale) =>
  Math.max(0, virtualOffset / scale.ratio);

/**
 * How far a row moves from its virtual top to where it is drawn in the scroll container (add it
 * to the row's `start`). Computed from the row virtualizer's own offset, the number that chose
 * the rows, never from a second reading of scrollTop: the two can disagree for a moment (the
 * virtualizer also reads the element on a timer, between a scroll and its event), and on a
 * scaled axis that drew the last rows up to 16 million px below the container, so a scroll made
 * then landed past the real range and stayed on the last rows. From the one offset, the rows it
 * chose sit inside the container, where that offset's real scrollTop shows them.
 */
export function rowShift(virtualOffset: number, scale: ScrollScale, viewport: number): number {
  if (scale.ratio === 1) return 0;
  // Clamped as the virtualizer clamps it when it picks the rows.
  const top = Math.min(Math.max(0, virtualOffset), Math.max(0, scale.virtualHeight - viewport));
  return toReal(top, scale) - top;
}

/**
 * The virtual offset to scroll to so `row` is fully visible, moving as little as possible
 * (unchanged when it already is).
 */
export function offsetToShowRow(
  row: number,
  current: number,
  viewport: number,
  rowHeight = ROW_HEIGHT,
): number {
  const top = row * rowHeight;
  const bottom = top + rowHeight;
  if (top < current) return top;
  if (bottom > current + viewport) return Math.max(0, bottom - viewport);
  return current;
}
