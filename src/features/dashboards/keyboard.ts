import { moveElement, type LayoutItem } from 'react-grid-layout/core';
import { GRID_COLS, normalizeLayout, type GridItem } from '../../../shared/dashboards/grid-layout';
import { sameLayout } from './grid-mapping';

export type Arrow = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';
const DELTA: Record<Arrow, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export const isArrow = (key: string): key is Arrow => key in DELTA;

/** What dragging item `id` to (x, y) does: the grid's own move, then vertical compaction. */
function moveTo(layout: readonly GridItem[], id: string, x: number, y: number): GridItem[] {
  const copy: LayoutItem[] = layout.map((l) => ({ ...l }));
  const item = copy.find((l) => l.i === id);
  if (!item) return [...layout];
  const moved = moveElement(copy, item, x, y, true, false, 'vertical', GRID_COLS, false);
  return normalizeLayout(moved);
}

/**
 * Keyboard nudge of one item: arrows move it (as a drag of one cell would; up and down go as far
 * as needed to get past a neighbour, since compaction would pull it straight back otherwise),
 * shift+arrows resize it (right/down grow, left/up shrink). The result is what the grid would
 * show; null when the key changes nothing.
 */
export function nudge(
  layout: readonly GridItem[],
  id: string,
  key: Arrow,
  resize: boolean,
): GridItem[] | null {
  const item = layout.find((l) => l.i === id);
  if (!item) return null;
  const [dx, dy] = DELTA[key];
  if (resize) {
    const w = Math.min(GRID_COLS - item.x, Math.max(1, item.w + dx));
    const h = Math.max(1, item.h + dy);
    const next = normalizeLayout(layout.map((l) => (l.i === id ? { ...l, w, h } : l)));
    return sameLayout(next, layout) ? null : next;
  }
  if (dx !== 0) {
    const x = Math.min(GRID_COLS - item.w, Math.max(0, item.x + dx));
    const next = moveTo(layout, id, x, item.y);
    return sameLayout(next, layout) ? null : next;
  }
  const bottom = layout.reduce((m, l) => Math.max(m, l.y + l.h), 0);
  for (let step = 1; step <= bottom + 1; step++) {
    const y = item.y + dy * step;
    if (y < 0) break;
    const next = moveTo(layout, id, item.x, y);
    const after = next.find((l) => l.i === id);
    if (after && after.y !== item.y && !sameLayout(next, layout)) return next;
  }
  return null;
}
