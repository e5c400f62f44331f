import type { ChartRows } from '../../shared/viz/chart-data.js';
import { chartOption } from '../../shared/viz/chart-option.js';
import type { Obj } from '../../shared/viz/read.js';
import { renderChartSvg } from './echarts-ssr.js';

/** One chart to draw as an SVG document: the app's option for these rows, scheme and size. */
export type ChartJob = {
  options: Obj;
  rows: ChartRows;
  scheme: 'light' | 'dark';
  size: { width: number; height: number };
};

/**
 * What an SVG put into a page may not hold: scripts, foreign HTML, event handlers, script URLs.
 * ECharts escapes every text it writes; this is the second lock, should a future version not.
 */
const UNSAFE = /<script|<foreignObject|<iframe|\son[a-z]+\s*=|javascript:/i;

/**
 * The attributes ECharts writes on each element for its own client to take a server's SVG over
 * (`ecmeta_series_index`, ...): a page that draws its charts anew needs none (a bar chart's
 * every bar carries three).
 */
const ECHARTS_META = /\secmeta_[a-z_]+="[^"]*"/g;

/**
 * A standalone SVG document (ECharts' answer) made to fill its box in a page: its own width and
 * height give way to 100% (its viewBox stays, so it scales as a picture), without ECHARTS_META.
 * Empty when it is not an SVG document or holds anything UNSAFE.
 */
export function scalableSvg(svg: string): string {
  const open = /^<svg\b[^>]*>/.exec(svg);
  if (!open || UNSAFE.test(svg)) return '';
  const attrs = open[0].slice(4, -1).replace(/\s(width|height)="[^"]*"/g, '');
  const body = svg.slice(open[0].length).replace(ECHARTS_META, '');
  return `<svg width="100%" height="100%"${attrs}>${body}`;
}

/**
 * Charts drawn by ECharts' server-side SVG renderer from the app's own options (the size each
 * will have on the page), each as an SVG element that fills its box. Pure and synchronous (CPU
 * work: the render thread runs it). A chart that fails is empty.
 */
export function chartSvgs(jobs: readonly ChartJob[]): string[] {
  return jobs.map((j) => {
    try {
      const option = chartOption(j.options, j.rows, j.scheme, j.size);
      return scalableSvg(renderChartSvg(option, j.size, j.scheme));
    } catch {
      return '';
    }
  });
}
