import { createRequire } from 'node:module';
import type { EChartsOption } from '../../shared/viz/echarts-option.js';

/**
 * ECharts' single-file build (what `require('echarts')` gives): one file to load, where its ES
 * modules are hundreds, each passed through the TypeScript loader of the render thread (seconds
 * on a busy machine, at each start of the thread). It holds every chart kind the app draws, and
 * the SVG renderer.
 */
const echarts = createRequire(import.meta.url)('echarts') as typeof import('echarts');

/**
 * An ECharts option drawn as a standalone SVG document of `size` by ECharts' server-side SVG
 * renderer (no DOM): the same option the app's charts get (shared/viz/chart-option.ts), without
 * animation, tooltip or zoom. Synchronous and CPU-bound: run it off the event loop that answers
 * requests (render-pool.ts).
 */
export function renderChartSvg(
  option: EChartsOption,
  size: { width: number; height: number },
  scheme: 'light' | 'dark' = 'light',
): string {
  // ECharts' own dark theme and no ground of its own, as in the app's chart wrapper
  // (src/components/echart.tsx).
  const chart = echarts.init(null, scheme === 'dark' ? 'dark' : null, {
    renderer: 'svg',
    ssr: true,
    width: Math.round(size.width),
    height: Math.round(size.height),
  });
  try {
    const { tooltip: _t, dataZoom: _z, ...still } = option;
    chart.setOption({
      backgroundColor: 'transparent',
      ...still,
      series: stillSeries(still.series),
      animation: false,
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/**
 * The series as a still picture draws them: a scatter without labels in ECharts' large mode, its
 * points one path instead of an element each (the same circles: a 1,000-point scatter's SVG is
 * about 4 times shorter, drawn 4 times faster, and far fewer elements for the page to lay out),
 * since a picture has no point to hover.
 */
function stillSeries(series: EChartsOption['series']): EChartsOption['series'] {
  if (!Array.isArray(series)) return series;
  return series.map((s) =>
    s.type === 'scatter' && !(s.label as { show?: boolean } | undefined)?.show
      ? { ...s, large: true, largeThreshold: 0 }
      : s,
  );
}
