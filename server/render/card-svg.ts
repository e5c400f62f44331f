import { escapeMarkup } from '../../shared/escape-markup.js';
import { r, svgText } from './svg-text.js';
import { INK, tileSvg, type Box, type TileData } from './tile-svg.js';

/** A preview card: a title, a line under it, and up to four visualizations in a grid. */
export type Card = {
  title: string;
  subtitle: string;
  /** `name` is shown above the tile's drawing; null: none (the card's title names it). */
  tiles: { name: string | null; data: TileData }[];
};

/** The size of the PNG (Open Graph's and Twitter's large image). */
export const CARD_PX = { width: 1200, height: 630 } as const;
/** The card is laid out at this size and scaled up to CARD_PX, so its text reads in a thumbnail. */
export const CARD_VIEW = { width: 800, height: 420 } as const;
export const MAX_TILES = 4;

const PAD = 16;
const GAP = 12;
const TOP = 76;

/** The tiles' boxes: one, two or three side by side, four in two rows. */
export function gridOf(n: number, area: Box): Box[] {
  const cols = n === 4 ? 2 : Math.max(1, Math.min(3, n));
  const rows = n === 4 ? 2 : 1;
  const w = (area.width - GAP * (cols - 1)) / cols;
  const h = (area.height - GAP * (rows - 1)) / rows;
  return Array.from({ length: Math.min(n, MAX_TILES) }, (_, i) => ({
    x: area.x + (i % cols) * (w + GAP),
    y: area.y + Math.floor(i / cols) * (h + GAP),
    width: w,
    height: h,
  }));
}

function tileFrame(tile: Card['tiles'][number], box: Box): string {
  const frame = `<rect x="${r(box.x)}" y="${r(box.y)}" width="${r(box.width)}" height="${r(box.height)}" rx="8" fill="#ffffff" stroke="${INK.line}"/>`;
  const head = tile.name ? 28 : 8;
  const title = tile.name
    ? svgText(
        tile.name,
        { x: box.x + 12, y: box.y + 19, width: box.width - 24 },
        { size: 13, weight: 700, color: INK.text },
      )
    : '';
  const inner = {
    x: box.x + 8,
    y: box.y + head,
    width: box.width - 16,
    height: box.height - head - 6,
  };
  // A counter without a label of its own is named by the frame, or by the card's title.
  return frame + title + tileSvg(tile.data, '', inner);
}

/**
 * The card as one SVG document of CARD_PX (laid out at CARD_VIEW): the title and subtitle on a
 * light gray ground, the tiles in white frames, "Strata" in a corner. Every text is escaped.
 */
export function cardSvg(card: Card): string {
  const { width, height } = CARD_VIEW;
  const area = { x: PAD, y: TOP, width: width - 2 * PAD, height: height - TOP - PAD };
  const boxes = gridOf(card.tiles.length, area);
  const body = card.tiles.length
    ? card.tiles.map((t, i) => tileFrame(t, boxes[i]!)).join('')
    : svgText(
        'No results yet',
        { x: width / 2, y: area.y + area.height / 2, width: area.width },
        { size: 18, color: INK.dimmed, anchor: 'middle' },
      );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_PX.width}" height="${CARD_PX.height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
    `<title>${escapeMarkup(card.title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#f1f3f5"/>`,
    svgText(
      card.title,
      { x: PAD + 4, y: 38, width: width - 2 * PAD - 90 },
      {
        size: 24,
        weight: 700,
        color: INK.text,
      },
    ),
    svgText(
      card.subtitle,
      { x: PAD + 4, y: 60, width: width - 2 * PAD - 90 },
      {
        size: 14,
        color: INK.dimmed,
      },
    ),
    svgText(
      'Strata',
      { x: width - PAD - 4, y: 36, width: 90 },
      {
        size: 16,
        weight: 700,
        color: '#5070dd',
        anchor: 'end',
      },
    ),
    body,
    '</svg>',
  ].join('');
}
