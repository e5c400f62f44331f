import { escapeMarkup } from '../../shared/escape-markup.js';

/** Text in SVG made by hand: widths and `<text>` elements, for the preview cards (card-svg.ts). */

/**
 * The approximate width of `text` at `px` in the cards' font (Arimo, metric-compatible with
 * Arial), on the generous side: per character class, in ems.
 */
export function textWidth(text: string, px: number, bold = false): number {
  let em = 0;
  for (const ch of text)
    em += /[ijlI.,:;'|!()[\] ]/.test(ch)
      ? 0.28
      : /[mwMW@%]/.test(ch)
        ? 0.86
        : /[A-Z&#]/.test(ch)
          ? 0.68
          : /[0-9$]/.test(ch)
            ? 0.56
            : ch.charCodeAt(0) > 0x2e7f
              ? 1
              : 0.52;
  return em * px * (bold ? 1.08 : 1);
}

/** `text` on one line of at most `width` pixels at `px`: cut with an ellipsis when longer. */
export function fitText(text: string, width: number, px: number, bold = false): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (textWidth(line, px, bold) <= width) return line;
  const chars = [...line];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (textWidth(`${chars.slice(0, mid).join('')}…`, px, bold) <= width) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '' : `${chars.slice(0, lo).join('').trimEnd()}…`;
}

/** A `<text>` element: `text` escaped, one line fitted to `width` at `size`. */
export function svgText(
  text: string,
  at: { x: number; y: number; width: number },
  style: {
    size: number;
    weight?: 400 | 700;
    color: string;
    anchor?: 'start' | 'middle' | 'end';
  },
): string {
  const bold = style.weight === 700;
  const fitted = fitText(text, at.width, style.size, bold);
  if (!fitted) return '';
  const anchor = style.anchor && style.anchor !== 'start' ? ` text-anchor="${style.anchor}"` : '';
  const weight = bold ? ' font-weight="700"' : '';
  return `<text x="${r(at.x)}" y="${r(at.y)}" font-size="${style.size}"${weight} fill="${style.color}"${anchor}>${escapeMarkup(fitted)}</text>`;
}

/** A coordinate with at most one decimal. */
export const r = (n: number): number => Math.round(n * 10) / 10;
