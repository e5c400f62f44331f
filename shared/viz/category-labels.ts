/** The size of a chart's box in pixels, when known (the layout of labels depends on it). */
export type ChartSize = { width: number; height: number };

/** Assumed when the box is not measured yet (a dashboard cell is about this big). */
export const DEFAULT_CHART_SIZE: ChartSize = { width: 640, height: 320 };

/** Space a label needs across its line (12 px text and a little air). */
const LINE_PX = 15;
/** Longest label drawn rotated, in pixels; longer ones are cut with an ellipsis. */
const MAX_ROTATED_PX = 120;
/** What the value axis, the margins and the legend take from the box, roughly. */
const X_AXIS_INSET = 90;
const Y_AXIS_INSET = 80;

/**
 * The approximate width of a label's text at the axis font (12 px sans-serif), on the generous
 * side: capitals and digits about 8 px, narrow letters and punctuation 4, the rest 6.5.
 */
export function labelPx(text: string): number {
  let px = 0;
  for (const ch of text)
    px += /[A-Z0-9@#%&MW]/.test(ch) ? 8 : /[ilj.,:;'|!() -]/.test(ch) ? 4 : 6.5;
  return Math.ceil(px);
}

/** The parts of an ECharts category axis label that decide which labels show and how. */
export type CategoryLabelLayout = {
  /** 0: every label; 'auto': ECharts leaves out labels that would overlap. */
  interval: 0 | 'auto';
  rotate: 0 | 45 | 90;
  /** Labels longer than this many pixels are truncated with an ellipsis. */
  width: number;
  overflow: 'truncate';
  hideOverlap: boolean;
};

/**
 * How the labels of a category axis are laid out in a chart of `size`: every label, straight,
 * when they fit side by side; else every label rotated 45° (or 90° when the slots are narrow),
 * long ones truncated; only when even rotated labels would overlap does ECharts pick which to
 * leave out. With `vertical` (horizontal bars), labels stack down the left side: all of them
 * when a line fits each, truncated to a share of the width.
 */
export function categoryLabelLayout(
  labels: readonly string[],
  size: ChartSize,
  vertical: boolean,
): CategoryLabelLayout {
  const n = Math.max(1, labels.length);
  const widest = labels.reduce((m, l) => Math.max(m, labelPx(l)), 0);
  if (vertical) {
    const slot = Math.max(0, size.height - Y_AXIS_INSET) / n;
    const width = Math.round(Math.min(180, Math.max(60, size.width * 0.3)));
    const all = slot >= LINE_PX - 2;
    return {
      interval: all ? 0 : 'auto',
      rotate: 0,
      width,
      overflow: 'truncate',
      hideOverlap: !all,
    };
  }
  const slot = Math.max(0, size.width - X_AXIS_INSET) / n;
  if (widest + 8 <= slot)
    return {
      interval: 0,
      rotate: 0,
      width: Math.floor(slot),
      overflow: 'truncate',
      hideOverlap: false,
    };
  // Rotated labels are cut only past MAX_ROTATED_PX (the estimate may be short of the truth).
  const width = MAX_ROTATED_PX;
  // A label rotated by 45° takes about its line height / sin 45° along the axis.
  if (slot >= LINE_PX * 1.45)
    return { interval: 0, rotate: 45, width, overflow: 'truncate', hideOverlap: false };
  if (slot >= LINE_PX)
    return { interval: 0, rotate: 90, width, overflow: 'truncate', hideOverlap: false };
  return { interval: 'auto', rotate: 90, width, overflow: 'truncate', hideOverlap: true };
}
