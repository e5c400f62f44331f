import type { BarSeriesOption, LineSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import { alignToXs, toPercent, type GroupedData, type SeriesPoints } from './chart-data';
import type { ChartSpec } from './chart-spec';
import { formatNumber } from './number-format';

export type CartesianSeries = BarSeriesOption | LineSeriesOption | ScatterSeriesOption;

/** Above this many points a series draws in ECharts' large mode (lines: LTTB sampling). */
export const LARGE_SERIES = 5_000;

/** The numeric part of a data item as ECharts hands it to formatters ([x, y], y, {value}). */
export function numericPart(value: unknown, swapped: boolean): unknown {
  if (Array.isArray(value)) return swapped ? value[0] : value[value.length - 1];
  if (typeof value === 'object' && value !== null && 'value' in value)
    return numericPart((value as { value: unknown }).value, swapped);
  return value;
}

/** The Numeral pattern of a value axis: the right axis may have its own. */
export function axisFormat(spec: ChartSpec, axis: 0 | 1): string | null {
  return axis === 1 ? (spec.rightNumberFormat ?? spec.numberFormat) : spec.numberFormat;
}

/** Series in drawing order: by `seriesOptions[key].zIndex`, then as they appeared. */
function ordered(spec: ChartSpec, series: SeriesPoints[]): SeriesPoints[] {
  const z = (s: SeriesPoints) => spec.seriesOptions[s.key]?.zIndex ?? 0;
  return series
    .map((s, i) => ({ s, i }))
    .sort((a, b) => z(a.s) - z(b.s) || a.i - b.i)
    .map((e) => e.s);
}

/** Aligned values per series; with 100% stacking each x sums to 100 per axis. */
function alignedValues(spec: ChartSpec, data: GroupedData, list: SeriesPoints[]) {
  const values = list.map((s) => alignToXs(s, data.xs));
  if (!spec.percent) return values;
  const out = values.slice();
  for (const axis of [0, 1] as const) {
    const idx = list.map((s, i) => ((spec.seriesOptions[s.key]?.yAxis ?? 0) === axis ? i : -1));
    const picked = idx.filter((i) => i >= 0);
    toPercent(picked.map((i) => values[i]!)).forEach((v, j) => (out[picked[j]!] = v));
  }
  return out;
}

/**
 * The cartesian series of a chart: each takes its type from `seriesOptions[key].type` or the
 * chart's `globalSeriesType` (mixed charts), its axis from `seriesOptions[key].yAxis`, its name
 * and color from `seriesOptions`, stacks per axis when `series.stacking` is set.
 */
export function cartesianSeries(spec: ChartSpec, data: GroupedData): CartesianSeries[] {
  const list = ordered(spec, data.series);
  const values = alignedValues(spec, data, list);
  const category = data.xScale === 'category';
  return list.map((s, i): CartesianSeries => {
    const own = spec.seriesOptions[s.key];
    const type =
      own?.type && own.type !== 'pie' ? own.type : spec.kind === 'pie' ? 'column' : spec.kind;
    const axis = own?.yAxis ?? 0;
    const log = spec.yScales[axis] === 'log';
    const fix = (y: number | null) => (y !== null && log && y <= 0 ? null : y);
    const pair = (x: string | number, y: number | null) => (spec.swapped ? [y, x] : [x, y]);
    const data_ =
      type === 'scatter'
        ? s.points.map(([x, y]) => pair(x, fix(y)))
        : category
          ? values[i]!.map(fix)
          : values[i]!.map((y, j) => pair(data.xs[j]!, fix(y)));
    const count = type === 'scatter' ? s.points.length : data.xs.length;
    const large = count > LARGE_SERIES;
    const pattern = axisFormat(spec, axis);
    const fmt = (v: unknown) => {
      const n = numericPart(v, spec.swapped);
      return spec.percent ? `${formatNumber(n, '0.[0]')}%` : formatNumber(n, pattern);
    };
    const common = {
      name: own?.name ?? s.key,
      id: s.key,
      z: 2 + (own?.zIndex ?? 0),
      data: data_,
      ...(spec.swapped ? { xAxisIndex: axis } : { yAxisIndex: axis }),
      tooltip: { valueFormatter: (v: unknown) => fmt(v) },
      label: spec.dataLabels
        ? {
            show: true,
            position: spec.swapped ? ('right' as const) : ('top' as const),
            formatter: (p: { value?: unknown }) => fmt(p.value),
          }
        : undefined,
      ...(own?.color ? { itemStyle: { color: own.color } } : {}),
    };
    const stack = spec.stacking ? `stack-${axis}` : undefined;
    if (type === 'scatter')
      return {
        ...common,
        type: 'scatter',
        symbolSize: large ? 3 : 7,
        large,
      } as ScatterSeriesOption;
    if (type === 'column')
      return { ...common, type: 'bar', stack, barMaxWidth: 48, large } as BarSeriesOption;
    return {
      ...common,
      type: 'line',
      stack,
      showSymbol: count <= 200,
      ...(large ? { sampling: 'lttb' as const, large: true } : {}),
      ...(type === 'area' ? { areaStyle: { opacity: 0.35 } } : {}),
      ...(own?.color ? { lineStyle: { color: own.color } } : {}),
    } as LineSeriesOption;
  });
}
