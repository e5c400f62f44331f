import type { ChartRows } from '../../shared/viz/chart-data.js';
import { chartOption } from '../../shared/viz/chart-option.js';
import type { Obj } from '../../shared/viz/read.js';
import { renderChartSvg } from './echarts-ssr.js';
import { cleanSvg } from './svg-allowlist.js';

/** One chart to draw as an SVG document: the app's option for these rows, scheme and size. */
export type ChartJob = {
  options: Obj;
  rows: ChartRows;
  scheme: 'light' | 'dark';
  size: { width: number; height: number };
};

/**
 * A standalone SVG document (ECharts' answer) made to fill its box in a page, written anew from
 * the allowlist (svg-allowlist.ts): its own width and height give way to 100% (its viewBox stays,
 * so it scales as a picture). Empty when it is not a well-formed SVG document.
 */
export const scalableSvg = (svg: string): string =>
  cleanSvg(svg, { width: '100%', height: '100%' });

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
