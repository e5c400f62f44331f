import { isCssColor } from '../../contract/rules/css-color';
import { isChartSeriesType, type ChartSeriesType } from '../../contract/rules/enums';
import { bool, isObj, num, obj, str, type Obj } from './read';

/** One series' own options (`seriesOptions[name]`), keyed by y column or group-by value. */
export type SeriesSpec = {
  type?: ChartSeriesType;
  /** 0: left (or bottom when swapped) axis; 1: the second axis. */
  yAxis: 0 | 1;
  zIndex?: number;
  name?: string;
  color?: string;
};

export type AxisScale = 'category' | 'time' | 'value' | 'log';

/** A chart visualization's options, read with the hosted service's (and Redash's) names. */
export type ChartSpec = {
  kind: ChartSeriesType;
  x: string | null;
  ys: string[];
  groupBy: string | null;
  seriesOptions: Record<string, SeriesSpec>;
  /** Pie slice colors by label (Redash's `valuesOptions[label].color`). Colors are CSS colors. */
  valueColors: Record<string, string>;
  /**
   * `sortX`: true sorts x values, false keeps the result's order, null (unset) is automatic:
   * dates and numbers are sorted, categories keep the result's (often ranked) order.
   */
  sortX: boolean | null;
  swapped: boolean;
  /** `xAxis.type`: '-' or absent is automatic (by the x column's type). */
  xScale: AxisScale | null;
  xTitle: string | null;
  yScales: [AxisScale, AxisScale];
  yTitles: [string | null, string | null];
  legend: boolean;
  stacking: boolean;
  percent: boolean;
  dataLabels: boolean;
  numberFormat: string | null;
  rightNumberFormat: string | null;
  /** Donut hole as a fraction of the radius (0: a full pie). */
  pieHole: number;
};

const seriesType = (v: unknown): ChartSeriesType | undefined =>
  isChartSeriesType(v) ? v : undefined;

/** Redash/Highcharts axis types as ECharts scales; '-' (auto) and unknown values → null. */
function scale(v: unknown): AxisScale | null {
  switch (v) {
    case 'category':
      return 'category';
    case 'datetime':
      return 'time';
    case 'linear':
      return 'value';
    case 'logarithmic':
      return 'log';
    default:
      return null;
  }
}

/** A color of the options' grammar (contract/rules/css-color.ts); anything else is unset. */
const color = (v: unknown): string | undefined => (isCssColor(v) ? v.trim() : undefined);

const title = (axis: unknown) => str(obj(obj(axis).title).text) ?? null;

/**
 * A map keyed by what options or results name (a column, a label): no prototype, so a key such as
 * `constructor` or `__proto__` is an entry like any other, never an inherited member.
 */
const keyed = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

function readSeriesOptions(v: unknown): Record<string, SeriesSpec> {
  const out = keyed<SeriesSpec>();
  for (const [key, raw] of Object.entries(obj(v))) {
    const o = obj(raw);
    out[key] = {
      type: seriesType(o.type),
      yAxis: o.yAxis === 1 || o.yAxis === '1' ? 1 : 0,
      zIndex: num(o.zIndex),
      name: str(o.name),
      color: color(o.color),
    };
  }
  return out;
}

function readValueColors(v: unknown): Record<string, string> {
  const out = keyed<string>();
  for (const [key, raw] of Object.entries(obj(v))) {
    const c = color(obj(raw).color);
    if (c) out[key] = c;
  }
  return out;
}

/** Reads a chart's free-form options; anything missing or malformed takes Redash's default. */
export function readChartSpec(options: Obj): ChartSpec {
  const mapping = obj(options.columnMapping);
  const ofRole = (role: string) =>
    Object.entries(mapping)
      .filter(([, r]) => r === role)
      .map(([col]) => col);
  const yAxes = Array.isArray(options.yAxis)
    ? options.yAxis
    : isObj(options.yAxis)
      ? [options.yAxis]
      : [];
  const series = obj(options.series);
  const hole = num(options.pieHole) ?? 0;
  return {
    kind: seriesType(options.globalSeriesType) ?? 'column',
    x: ofRole('x')[0] ?? null,
    ys: ofRole('y'),
    groupBy: ofRole('series')[0] ?? null,
    seriesOptions: readSeriesOptions(options.seriesOptions),
    valueColors: readValueColors(options.valuesOptions),
    sortX: typeof options.sortX === 'boolean' ? options.sortX : null,
    swapped: bool(options.swappedAxes, false),
    xScale: scale(obj(options.xAxis).type),
    xTitle: title(options.xAxis),
    yScales: [scale(obj(yAxes[0]).type) ?? 'value', scale(obj(yAxes[1]).type) ?? 'value'],
    yTitles: [title(yAxes[0]), title(yAxes[1])],
    legend: bool(obj(options.legend).enabled, true),
    stacking:
      series.stacking === 'stack' || series.stacking === 'normal' || series.percentValues === true,
    percent: series.percentValues === true,
    dataLabels: bool(options.showDataLabels, false),
    numberFormat: str(options.numberFormat) ?? null,
    rightNumberFormat: str(options.numberFormatRightYAxisSeries) ?? null,
    pieHole: Math.min(0.9, Math.max(0, hole)),
  };
}

/** Why a chart cannot be drawn from these columns yet (null when it can). */
export function chartProblem(spec: ChartSpec, columns: readonly string[]): string | null {
  if (!spec.x) return 'Choose an x column.';
  if (spec.ys.length === 0) return 'Choose at least one y column.';
  const missing = [spec.x, ...spec.ys, ...(spec.groupBy ? [spec.groupBy] : [])].filter(
    (c) => !columns.includes(c),
  );
  if (missing.length > 0)
    return `The result has no column ${missing.map((c) => `"${c}"`).join(', ')}.`;
  return null;
}
