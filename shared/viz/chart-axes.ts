import { categoryLabelLayout, type ChartSize } from './category-labels';
import type { GroupedData } from './chart-data';
import { axisFormat } from './chart-series';
import type { ChartSpec } from './chart-spec';
import { formatNumber } from './number-format';

/** An x or y axis (which one depends on `swappedAxes`), checked where the option is composed. */
export type Axis = Record<string, unknown>;

const NAME = { nameLocation: 'middle' as const, nameTextStyle: { fontWeight: 'bold' as const } };

/** The axis along which x runs: categories, dates (UTC), numbers or a log scale. */
function xAxisOf(spec: ChartSpec, data: GroupedData, size: ChartSize): Axis {
  const name = spec.xTitle ?? undefined;
  const base = { ...NAME, name, nameGap: spec.swapped ? 56 : 30 };
  if (data.xScale === 'category') {
    const labels = data.xs.map(String);
    const layout = categoryLabelLayout(labels, size, spec.swapped);
    return {
      ...base,
      type: 'category',
      data: labels,
      // Horizontal bars read top to bottom in the result's (or sorted) order.
      inverse: spec.swapped,
      axisLabel: layout,
      axisTick: { alignWithLabel: true, interval: layout.interval },
    };
  }
  if (data.xScale === 'time')
    return {
      ...base,
      type: 'time',
      axisLabel: {
        hideOverlap: true,
        formatter: {
          year: '{yyyy}',
          month: '{MMM} {yyyy}',
          day: '{MMM} {d}',
          hour: '{HH}:{mm}',
          minute: '{HH}:{mm}',
          second: '{HH}:{mm}:{ss}',
        },
      },
    };
  return {
    ...base,
    type: data.xScale === 'log' ? 'log' : 'value',
    scale: true,
    axisLabel: { formatter: (v: number) => formatNumber(v, null), hideOverlap: true },
  };
}

/** The value axes: the left one, and the right one when a series is on `yAxis: 1`. */
function valueAxes(spec: ChartSpec, usesRight: boolean): Axis[] {
  const axes: Axis[] = [];
  for (const i of usesRight ? ([0, 1] as const) : ([0] as const)) {
    const pattern = axisFormat(spec, i);
    axes.push({
      ...NAME,
      type: spec.yScales[i] === 'log' ? 'log' : 'value',
      name: spec.yTitles[i] ?? undefined,
      nameGap: spec.swapped ? 30 : 56,
      position: spec.swapped ? (i === 0 ? 'bottom' : 'top') : i === 0 ? 'left' : 'right',
      splitLine: { show: i === 0 },
      ...(spec.percent ? { max: 100 } : {}),
      axisLabel: {
        hideOverlap: true,
        formatter: (v: number) =>
          spec.percent ? `${formatNumber(v, '0')}%` : formatNumber(v, pattern ?? '0.[00]a'),
      },
    });
  }
  return axes;
}

/** `xAxis` and `yAxis` of a cartesian chart; swapped axes (horizontal bars) trade places. */
export function chartAxes(
  spec: ChartSpec,
  data: GroupedData,
  size: ChartSize,
): { xAxis: Axis[]; yAxis: Axis[] } {
  const usesRight = data.series.some((s) => spec.seriesOptions[s.key]?.yAxis === 1);
  const x = [xAxisOf(spec, data, size)];
  const values = valueAxes(spec, usesRight);
  return spec.swapped ? { xAxis: values, yAxis: x } : { xAxis: x, yAxis: values };
}
