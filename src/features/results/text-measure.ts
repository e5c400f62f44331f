import { approximateMeasure, type GridFont, type Measure } from './column-widths';

/**
 * A Measure that draws nothing: it asks a canvas how wide text is in the grid's fonts (Mantine's
 * font variables, at the sizes results-grid.module.css uses). Without a canvas (jsdom), an
 * approximation by character count.
 */
export function canvasMeasure(): Measure {
  const ctx =
    typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!ctx) return approximateMeasure;
  const css = getComputedStyle(document.documentElement);
  const sans = css.getPropertyValue('--mantine-font-family').trim() || 'sans-serif';
  const mono = css.getPropertyValue('--mantine-font-family-monospace').trim() || 'monospace';
  const fonts: Record<GridFont, string> = {
    cell: `12px ${sans}`,
    cellMono: `12px ${mono}`,
    header: `600 14px ${sans}`,
    headerType: `11px ${mono}`,
  };
  return (text, font) => {
    ctx.font = fonts[font];
    return Math.ceil(ctx.measureText(text).width);
  };
}
