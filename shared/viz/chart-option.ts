import type { EChartsOption } from './echarts-option';
import { DEFAULT_CHART_SIZE, type ChartSize } from './category-labels';
import { chartAxes } from './chart-axes';
import { groupRows, type ChartRows } from './chart-data';
import { pieSeries } from './chart-pie';
import { cartesianSeries, LARGE_SERIES } from './chart-series';
import { readChartSpec } from './chart-spec';
import { withSafeTexts } from './echarts-text';
import { chartPalette } from './palette';
import type { Obj } from './read';

export type { ChartRows } from './chart-data';
export type { ChartSize } from './category-labels';

/** Above this many x values the chart gets a zoom slider (and ctrl+wheel zoom). */
const ZOOM_FROM = 300;

const legendOf = (show: boolean) =>
  ({ show, type: 'scroll', top: 0, left: 'center', itemGap: 16 }) as const;

/**
 * A chart visualization's options and its rows as an ECharts option. Pure: options are read with
 * the hosted service's names (see docs/visualizations.md), so charts made by its clients render.
 * The color scheme picks the series palette (see palette.ts) and details the ECharts theme does
 * not (slice borders); `size`, the chart's box, decides how category labels are laid out. Texts
 * that would pollute Object.prototype through ECharts are made safe (echarts-text.ts).
 */
export function chartOption(
  options: Obj,
  data: ChartRows,
  scheme: 'light' | 'dark',
  size: ChartSize = DEFAULT_CHART_SIZE,
): EChartsOption {
  const spec = readChartSpec(options);
  const top = spec.legend ? 36 : 12;
  const color = chartPalette(scheme);
  if (spec.kind === 'pie') {
    return withSafeTexts<EChartsOption>({
      color,
      legend: legendOf(spec.legend),
      tooltip: { trigger: 'item' },
      series: [pieSeries(spec, data, scheme)],
    });
  }
  const grouped = groupRows(spec, data);
  const series = cartesianSeries(spec, grouped);
  const zoom = grouped.xs.length > ZOOM_FROM;
  const axisKey = spec.swapped ? 'yAxisIndex' : 'xAxisIndex';
  const onlyScatter = series.every((s) => s.type === 'scatter');
  return withSafeTexts({
    color,
    useUTC: true,
    animation: grouped.xs.length <= LARGE_SERIES,
    legend: legendOf(spec.legend),
    tooltip: onlyScatter
      ? { trigger: 'item' }
      : { trigger: 'axis', axisPointer: { type: spec.kind === 'column' ? 'shadow' : 'line' } },
    grid: {
      // The box is the whole chart: axis labels and names are fitted inside it.
      outerBoundsMode: 'same',
      outerBoundsContain: 'all',
      left: 12,
      right: 16,
      top: top + (spec.dataLabels ? 12 : 0),
      bottom: zoom ? 44 : 8,
    },
    ...chartAxes(spec, grouped, size),
    ...(zoom
      ? {
          dataZoom: [
            { type: 'inside', [axisKey]: 0, zoomOnMouseWheel: 'ctrl', moveOnMouseWheel: false },
            { type: 'slider', [axisKey]: 0, height: 18, bottom: 6 },
          ],
        }
      : {}),
    series,
  } as EChartsOption);
}
