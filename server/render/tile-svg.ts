import { chartOption } from '../../shared/viz/chart-option.js';
import type { ChartRows } from '../../shared/viz/chart-data.js';
import { chartProblem, readChartSpec } from '../../shared/viz/chart-spec.js';
import { counterModel, type Tone } from '../../shared/viz/counter.js';
import type { Obj } from '../../shared/viz/read.js';
import { tableColumns } from '../../shared/viz/table-columns.js';
import { renderChartSvg } from './echarts-ssr.js';
import { cleanSvg } from './svg-allowlist.js';
import { r, svgText, textWidth } from './svg-text.js';

/** What one visualization shows, with the rows it needs (read by server/previews). */
export type TileData =
  | { kind: 'chart'; options: Obj; rows: ChartRows }
  | { kind: 'counter'; options: Obj; value: unknown; target: unknown; missingRow: number | null }
  | { kind: 'table'; options: Obj; rows: ChartRows; total: number }
  | { kind: 'message'; text: string };

export type Box = { x: number; y: number; width: number; height: number };

/** The light theme's colors (Mantine's grays, ECharts' default text). */
export const INK = { text: '#212529', dimmed: '#868e96', line: '#dee2e6', stripe: '#f8f9fa' };
const TONE: Record<Tone, string> = { positive: '#0ca678', negative: '#f03e3e', neutral: INK.text };

function message(text: string, box: Box): string {
  return svgText(
    text,
    { x: box.x + box.width / 2, y: box.y + box.height / 2, width: box.width - 16 },
    { size: 14, color: INK.dimmed, anchor: 'middle' },
  );
}

/**
 * A standalone SVG document (ECharts' answer) as an element nested in the card, written anew
 * from the allowlist (svg-allowlist.ts): placed at the box and scaled to it (its viewBox stays,
 * its own width and height give way to the box's). Empty when it is not well-formed.
 */
export const placeSvg = (svg: string, box: Box): string =>
  cleanSvg(svg, {
    x: `${r(box.x)}`,
    y: `${r(box.y)}`,
    width: `${r(box.width)}`,
    height: `${r(box.height)}`,
  });

/**
 * A chart: the app's ECharts option for this box, drawn by ECharts as SVG, placed in the box. A
 * chart ECharts cannot draw (it throws on some values, such as denormal numbers) is a message,
 * so the rest of the card is still drawn.
 */
function chartSvg(options: Obj, rows: ChartRows, box: Box): string {
  const problem = chartProblem(readChartSpec(options), rows.columns);
  if (problem) return message(problem, box);
  if (rows.rows.length === 0) return message('The result has no rows.', box);
  // A small box is drawn larger and scaled down, so axes keep room for their labels.
  const k = box.width < 500 ? 1.3 : 1;
  const size = { width: Math.round(box.width * k), height: Math.round(box.height * k) };
  let placed = '';
  try {
    placed = placeSvg(renderChartSvg(chartOption(options, rows, 'light', size), size), box);
  } catch {
    // left as a message, below
  }
  return placed || message('This chart could not be drawn.', box);
}

/** A counter: the value big and centered (toned as in the app), its target and label below. */
function counterSvg(t: Extract<TileData, { kind: 'counter' }>, name: string, box: Box): string {
  if (t.missingRow !== null) return message(`The result has no row ${t.missingRow}.`, box);
  const model = counterModel(t.options, t.value, t.target, name);
  const cx = box.x + box.width / 2;
  const fits = (box.width - 24) / Math.max(1, textWidth(model.text, 1, true));
  const size = Math.max(14, Math.min(72, box.height * 0.36, fits));
  // The number and the lines under it, centered as one block.
  const lines = [model.target, model.label].filter(Boolean).length;
  const cap = size * 0.72;
  const gap = lines ? Math.max(14, size * 0.3) : 0;
  const y = box.y + (box.height - (cap + gap + lines * 20)) / 2 + cap;
  const parts = [
    svgText(
      model.text,
      { x: cx, y, width: box.width - 16 },
      { size, weight: 700, color: TONE[model.tone], anchor: 'middle' },
    ),
  ];
  let below = y + gap + 13;
  if (model.target) {
    const delta = model.target.delta ? ` (${model.target.delta})` : '';
    parts.push(
      svgText(
        `Target ${model.target.text}${delta}`,
        { x: cx, y: below, width: box.width - 16 },
        { size: 13, color: TONE[model.target.tone], anchor: 'middle' },
      ),
    );
    below += 20;
  }
  if (model.label)
    parts.push(
      svgText(
        model.label,
        { x: cx, y: below, width: box.width - 16 },
        { size: 13, color: INK.dimmed, anchor: 'middle' },
      ),
    );
  return parts.join('');
}

const ROW = 22;

/** A table: the header and as many first rows as fit, cells formatted as the app formats them. */
function tableSvg(t: Extract<TileData, { kind: 'table' }>, box: Box): string {
  const all = tableColumns(t.options, t.rows.columns, t.rows.types);
  if (all.length === 0) return message('Every column is hidden.', box);
  if (t.total === 0) return message('The result has no rows.', box);
  const columns = all.slice(0, Math.max(1, Math.floor(box.width / 90)));
  const w = box.width / columns.length;
  const fits = Math.max(1, Math.floor((box.height - ROW - 4) / ROW));
  const rows = t.rows.rows.slice(0, fits);
  const cellX = (i: number, align: string) =>
    align === 'right'
      ? box.x + (i + 1) * w - 6
      : align === 'center'
        ? box.x + i * w + w / 2
        : box.x + i * w + 6;
  const anchor = (align: string) =>
    align === 'right' ? 'end' : align === 'center' ? 'middle' : 'start';
  const parts: string[] = [
    `<rect x="${r(box.x)}" y="${r(box.y)}" width="${r(box.width)}" height="${ROW}" fill="${INK.stripe}"/>`,
  ];
  columns.forEach((c, i) =>
    parts.push(
      svgText(
        c.title,
        { x: cellX(i, c.align), y: box.y + 15, width: w - 12 },
        { size: 12, weight: 700, color: INK.text, anchor: anchor(c.align) },
      ),
    ),
  );
  rows.forEach((row, j) => {
    const y = box.y + ROW * (j + 1);
    parts.push(
      `<line x1="${r(box.x)}" y1="${r(y)}" x2="${r(box.x + box.width)}" y2="${r(y)}" stroke="${INK.line}"/>`,
    );
    columns.forEach((c, i) => {
      const v = row[c.name];
      parts.push(
        svgText(
          c.format(v),
          { x: cellX(i, c.align), y: y + 15, width: w - 12 },
          { size: 12, color: TONE[c.tone(v)], anchor: anchor(c.align) },
        ),
      );
    });
  });
  const more = t.total - rows.length;
  if (more > 0 && rows.length * ROW + 2 * ROW <= box.height)
    parts.push(
      svgText(
        `${more.toLocaleString('en-US')} more rows`,
        { x: box.x + 6, y: box.y + ROW * (rows.length + 1) + 16, width: box.width - 12 },
        { size: 11, color: INK.dimmed },
      ),
    );
  return parts.join('');
}

/**
 * One visualization drawn in `box` as SVG elements (light theme): a chart by ECharts from the
 * app's own option, a counter's number, a table's first rows, or a message. `name` is the
 * counter's label when its options give none. Pure and synchronous (a chart is CPU work).
 */
export function tileSvg(tile: TileData, name: string, box: Box): string {
  switch (tile.kind) {
    case 'chart':
      return chartSvg(tile.options, tile.rows, box);
    case 'counter':
      return counterSvg(tile, name, box);
    case 'table':
      return tableSvg(tile, box);
    case 'message':
      return message(tile.text, box);
  }
}
