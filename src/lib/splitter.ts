/** Sizes a splitter may take, in pixels. */
export type Bounds = { min: number; max: number };

/** `h` within the bounds (a max below the min gives the min), in whole pixels. */
export function clampSize(h: number, b: Bounds): number {
  return Math.round(Math.min(Math.max(h, b.min), Math.max(b.min, b.max)));
}

/**
 * The size after a key press on a horizontal splitter (the pane above it grows downwards), or
 * null when the key does nothing: arrows move by `step`, Page Up/Down by five steps, Home and End
 * go to the bounds.
 */
export function sizeAfterKey(key: string, h: number, b: Bounds, step = 24): number | null {
  switch (key) {
    case 'ArrowUp':
      return clampSize(h - step, b);
    case 'ArrowDown':
      return clampSize(h + step, b);
    case 'PageUp':
      return clampSize(h - 5 * step, b);
    case 'PageDown':
      return clampSize(h + 5 * step, b);
    case 'Home':
      return clampSize(b.min, b);
    case 'End':
      return clampSize(b.max, b);
    default:
      return null;
  }
}
