import {
  GRID_COLS,
  GRID_MARGIN,
  gridCell,
  rowsHeight,
  type GridItem,
} from '../../shared/dashboards/grid-layout.js';
import { counterModel, type Tone } from '../../shared/viz/counter.js';
import { tableColumns } from '../../shared/viz/table-columns.js';
import { FIRST_PAINT_MARKS as MARKS } from '../../shared/pages/page-protocol.js';
import type { ValuesCaptionText } from '../../shared/parameters/values-line.js';
import type { TileData } from '../render/tile-svg.js';
import { escapeMarkup as esc } from '../../shared/escape-markup.js';

/**
 * The first paint of a public dashboard's page, as HTML the server puts in the app's root
 * element: the page's bar, the dashboard's name, and each widget in its grid cells (placed by
 * the app's own mapping, shared/dashboards/grid-layout.ts) with its chart as inline SVG, its
 * counter, its table's first rows or its text, until React replaces it. Pure: every text is
 * escaped here, and the SVGs are ECharts' (escaped by it, checked by render/chart-svgs.ts).
 */

export type Scheme = 'light' | 'dark';

/** What a visualization widget shows in the first paint. */
export type PaintedBody =
  /** A chart: its SVG for each scheme drawn ('' when it could not be drawn). */
  | { kind: 'chart'; svgs: Partial<Record<Scheme, string>> }
  | { kind: 'tile'; tile: Exclude<TileData, { kind: 'chart' }> }
  /** Not drawn on the server (parameter values, past the limits, not ready): the app draws it. */
  | { kind: 'later' };

export type PaintedWidget =
  | {
      kind: 'viz';
      item: GridItem;
      title: string;
      /** The parameter values its result is for (shared/parameters/values-line.ts), if any. */
      caption?: ValuesCaptionText;
      body: PaintedBody;
    }
  | { kind: 'text'; item: GridItem; text: string }
  | { kind: 'param'; item: GridItem; label: string };

export type FirstPaint = {
  name: string;
  ownerHandle: string;
  tags: string[];
  widgets: PaintedWidget[];
};

/**
 * The page's geometry where the app's public page (features/dashboards/public-page.tsx) has it:
 * Mantine's `xl` container (1320 px, 16 px padding), a widget's frame (1 px border, 10 px
 * padding, a 22 px title row and a 6 px gap above the body). Charts are drawn for the widths a
 * page at least that wide gives; on a narrower page their SVG scales down with its box.
 */
const CONTAINER_INNER = 1320 - 2 * 16;
const FRAME = { border: 1, padding: 10, title: 22, gap: 6 };

/** The size in pixels of a visualization widget's body (where the app's chart draws). */
export function chartBox(item: GridItem): { width: number; height: number } {
  const col = (CONTAINER_INNER - (GRID_COLS - 1) * GRID_MARGIN) / GRID_COLS;
  const outer = { width: item.w * col + (item.w - 1) * GRID_MARGIN, height: rowsHeight(item.h) };
  const edge = 2 * (FRAME.border + FRAME.padding);
  return {
    width: Math.max(1, Math.floor(outer.width - edge)),
    height: Math.max(1, Math.floor(outer.height - edge - FRAME.title - FRAME.gap)),
  };
}

const TONE: Record<Tone, string> = {
  positive: 'sfp-positive',
  negative: 'sfp-negative',
  neutral: '',
};
const cls = (...names: string[]) => names.filter(Boolean).join(' ');

const message = (text: string) => `<div class="sfp-message">${esc(text)}</div>`;

function counterHtml(t: Extract<TileData, { kind: 'counter' }>, name: string): string {
  if (t.missingRow !== null) return message(`The result has no row ${t.missingRow}.`);
  const m = counterModel(t.options, t.value, t.target, name);
  const target = m.target
    ? `<div class="${cls('sfp-small', TONE[m.target.tone])}">Target ${esc(m.target.text)}${m.target.delta ? ` (${esc(m.target.delta)})` : ''}</div>`
    : '';
  const label = m.label ? `<div class="sfp-small sfp-dimmed">${esc(m.label)}</div>` : '';
  return `<div class="sfp-counter" ${MARKS.painted}><div class="${cls('sfp-number', TONE[m.tone])}">${esc(m.text)}</div>${target}${label}</div>`;
}

function tableHtml(t: Extract<TileData, { kind: 'table' }>): string {
  const columns = tableColumns(t.options, t.rows.columns, t.rows.types);
  if (columns.length === 0) return message('Every column is hidden.');
  if (t.total === 0) return message('The result has no rows.');
  const align = (a: string) =>
    a === 'left' ? '' : ` class="sfp-${a === 'right' ? 'end' : 'mid'}"`;
  const head = columns.map((c) => `<th${align(c.align)}>${esc(c.title)}</th>`).join('');
  const rows = t.rows.rows
    .map(
      (row) =>
        `<tr>${columns
          .map((c) => {
            const v = row[c.name];
            const tone = TONE[c.tone(v)];
            const a = c.align === 'left' ? '' : `sfp-${c.align === 'right' ? 'end' : 'mid'}`;
            const k = cls(a, tone);
            return `<td${k ? ` class="${k}"` : ''}>${esc(c.format(v))}</td>`;
          })
          .join('')}</tr>`,
    )
    .join('');
  return `<table class="sfp-table" ${MARKS.painted}><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

function chartHtml(svgs: Partial<Record<Scheme, string>>): string {
  const drawn = (['light', 'dark'] as const).filter((s) => svgs[s]);
  if (drawn.length === 0) return '';
  // Both schemes when the visitor's is not known: the stylesheet shows the one that applies.
  const only = drawn.length === 1;
  return drawn
    .map(
      (s) =>
        `<div class="${only ? 'sfp-chart' : `sfp-chart sfp-${s}`}" ${MARKS.painted}>${svgs[s]}</div>`,
    )
    .join('');
}

function vizBody(body: PaintedBody, title: string): string {
  if (body.kind === 'later') return '';
  if (body.kind === 'chart') return chartHtml(body.svgs);
  const t = body.tile;
  if (t.kind === 'counter') return counterHtml(t, title);
  if (t.kind === 'table') return tableHtml(t);
  return message(t.text);
}

function widgetHtml(w: PaintedWidget): string {
  const { column, row } = gridCell(w.item);
  const at = `style="grid-column:${column};grid-row:${row}" ${MARKS.widget}="${esc(w.item.i)}"`;
  if (w.kind === 'text')
    return `<div ${at}><div class="sfp-frame"><div class="sfp-body sfp-text">${esc(w.text)}</div></div></div>`;
  if (w.kind === 'param')
    return `<div ${at}><div class="sfp-param"><div class="sfp-small">${esc(w.label)}</div></div></div>`;
  // The title row as the app's (features/dashboards/widget-frame.tsx): the name, then the values.
  const c = w.caption;
  const caption = c
    ? `<span class="${c.other ? 'sfp-caption sfp-other' : 'sfp-caption'}" title="${esc(c.title)}" ${MARKS.caption}>${esc(c.text)}</span>`
    : '';
  return `<div ${at}><div class="sfp-frame"><div class="sfp-title"><span class="sfp-name">${esc(w.title)}</span>${caption}</div><div class="sfp-body">${vizBody(w.body, w.title)}</div></div></div>`;
}

/** The Strata mark of the app's bar (Tabler's chart-bar icon, as the app draws it). */
const MARK =
  '<svg class="sfp-mark" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M3 13a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v6a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1z"/><path d="M15 9a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v10a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1z"/><path d="M9 5a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v14a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1z"/><path d="M4 20h14"/></svg>';

/** The first paint's HTML, for inside the app's root element (FIRST_PAINT_CSS styles it). */
export function firstPaintHtml(p: FirstPaint): string {
  const tags = p.tags.map((t) => `<span class="sfp-tag">${esc(t)}</span>`).join('');
  return [
    `<div class="sfp" ${MARKS.paint} aria-busy="true">`,
    `<div class="sfp-bar"><a class="sfp-brand" href="/">${MARK}<span>Strata</span></a><a class="sfp-link" href="/sign-in">Sign in</a></div>`,
    '<div class="sfp-container">',
    `<div class="sfp-head"><h2>${esc(p.name)}</h2><div class="sfp-by"><span class="sfp-dimmed">by ${esc(p.ownerHandle)}</span>${tags}</div></div>`,
    `<div class="sfp-grid" aria-label="Dashboard widgets">${p.widgets.map(widgetHtml).join('')}</div>`,
    '</div></div>',
  ].join('');
}
