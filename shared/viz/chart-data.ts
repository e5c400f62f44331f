import type { ChartSpec } from './chart-spec';
import { toTime, valueKind } from './column-kind';
import { toNumber } from './number-format';

export type ChartRows = { columns: string[]; types: string[]; rows: Record<string, unknown>[] };

export type XScale = 'category' | 'time' | 'value' | 'log';
export type XValue = string | number;

/** One series: its key (y column, or group-by value) and its [x, y] points in row order. */
export type SeriesPoints = { key: string; column: string; points: [XValue, number | null][] };

export type GroupedData = { xScale: XScale; xs: XValue[]; series: SeriesPoints[] };

/** The x axis scale: `xAxis.type` when set, else time for dates, value for numbers on lines. */
export function xScaleOf(spec: ChartSpec, data: ChartRows): XScale {
  if (spec.xScale) return spec.xScale;
  const kind = valueKind(data.types[data.columns.indexOf(spec.x ?? '')]);
  if (kind === 'temporal') return 'time';
  if (kind === 'number' && spec.kind !== 'column') return 'value';
  return 'category';
}

function xValue(value: unknown, scale: XScale): XValue | null {
  if (scale === 'time') return toTime(value);
  if (scale === 'value' || scale === 'log') return toNumber(value);
  if (value === null || value === undefined) return 'null';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const collator = new Intl.Collator('en', { numeric: true });
const compareX = (a: XValue, b: XValue) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));

/** The key of the series of y column `y` for group-by value `group` (null: no group-by). */
export const seriesKey = (group: string | null, y: string, ys: readonly string[]) =>
  group === null ? y : ys.length > 1 ? `${group} · ${y}` : group;

/**
 * The series keys a group-by makes, in order of first appearance (at most `max` group values),
 * for editing per-series options: `seriesOptions` is keyed by these.
 */
export function groupSeriesKeys(
  groupValues: readonly unknown[],
  ys: readonly string[],
  max = 50,
): string[] {
  const groups = [...new Set(groupValues.map((v) => String(v ?? 'null')))].slice(0, max);
  return groups.flatMap((g) => ys.map((y) => seriesKey(g, y, ys)));
}

/**
 * Whether x values are sorted: as `sortX` says when set; unset, a time or number axis is sorted
 * and categories keep the result's order (a ranked "top N" stays ranked).
 */
export const sortsX = (spec: Pick<ChartSpec, 'sortX'>, scale: XScale): boolean =>
  spec.sortX ?? scale !== 'category';

/**
 * Rows grouped into series as Redash does: one series per y column, or, with a group-by
 * (`columnMapping` 'series') column, one per distinct value of it (per y column when there are
 * several). Rows whose x is not a valid date/number on a time/value axis are left out.
 */
export function groupRows(spec: ChartSpec, data: ChartRows): GroupedData {
  const scale = xScaleOf(spec, data);
  const byKey = new Map<string, SeriesPoints>();
  const seen = new Set<XValue>();
  const xs: XValue[] = [];
  for (const row of data.rows) {
    const x = xValue(row[spec.x ?? ''], scale);
    if (x === null) continue;
    if (!seen.has(x)) {
      seen.add(x);
      xs.push(x);
    }
    for (const y of spec.ys) {
      const group = spec.groupBy ? String(row[spec.groupBy] ?? 'null') : null;
      const key = seriesKey(group, y, spec.ys);
      let s = byKey.get(key);
      if (!s) byKey.set(key, (s = { key, column: y, points: [] }));
      s.points.push([x, toNumber(row[y])]);
    }
  }
  if (sortsX(spec, scale)) {
    xs.sort(compareX);
    for (const s of byKey.values()) s.points.sort((a, b) => compareX(a[0], b[0]));
  }
  return { xScale: scale, xs, series: [...byKey.values()] };
}

/** A series' values aligned to `xs` (several rows at one x are summed; none → null). */
export function alignToXs(series: SeriesPoints, xs: readonly XValue[]): (number | null)[] {
  const at = new Map<XValue, number | null>();
  for (const [x, y] of series.points) {
    const prev = at.get(x);
    at.set(x, y === null ? (prev ?? null) : (prev ?? 0) + y);
  }
  return xs.map((x) => at.get(x) ?? null);
}

/** Each column of `values` (one array per series) as a percentage of its x's total. */
export function toPercent(values: (number | null)[][]): (number | null)[][] {
  const width = values[0]?.length ?? 0;
  const totals = Array.from({ length: width }, (_, i) =>
    values.reduce((sum, v) => sum + Math.abs(v[i] ?? 0), 0),
  );
  return values.map((v) =>
    v.map((y, i) => (y === null || totals[i] === 0 ? y : (y / totals[i]!) * 100)),
  );
}
