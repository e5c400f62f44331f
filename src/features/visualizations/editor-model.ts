import type { VisualizationType } from '../../../contract/visualizations';
import { sortsX, xScaleOf } from '../../../shared/viz/chart-data';
import { readChartSpec } from '../../../shared/viz/chart-spec';
import { valueKind } from '../../../shared/viz/column-kind';
import { isObj, obj, type Obj } from '../../../shared/viz/read';

/** What the editor's type picker offers; each maps to a `type` and chart options. */
export const KINDS = [
  'table',
  'counter',
  'bar',
  'horizontal-bar',
  'line',
  'area',
  'scatter',
  'pie',
  'donut',
  'mixed',
] as const;
export type Kind = (typeof KINDS)[number];

export const KIND_LABELS: Record<Kind, string> = {
  table: 'Table',
  counter: 'Counter',
  bar: 'Bar chart',
  'horizontal-bar': 'Horizontal bar chart',
  line: 'Line chart',
  area: 'Area chart',
  scatter: 'Scatter chart',
  pie: 'Pie chart',
  donut: 'Donut chart',
  mixed: 'Mixed chart',
};

export type Draft = { name: string; type: VisualizationType; options: Obj };
export type Columns = { names: string[]; types: string[] };

/** The picker's kind of a visualization; null for types the editor does not draw. */
export function kindOf(d: Draft): Kind | null {
  if (d.type === 'table' || d.type === 'counter') return d.type;
  if (d.type !== 'chart') return null;
  const o = d.options;
  const global = typeof o.globalSeriesType === 'string' ? o.globalSeriesType : 'column';
  const series = Object.values(obj(o.seriesOptions)).map(obj);
  if (series.some((s) => (typeof s.type === 'string' && s.type !== global) || s.yAxis === 1))
    return 'mixed';
  if (global === 'pie') return typeof o.pieHole === 'number' && o.pieHole > 0 ? 'donut' : 'pie';
  if (global === 'column') return o.swappedAxes === true ? 'horizontal-bar' : 'bar';
  if (global === 'line' || global === 'area' || global === 'scatter') return global;
  return 'bar';
}

const numeric = (c: Columns) => c.names.filter((_, i) => valueKind(c.types[i]) === 'number');
const temporal = (c: Columns) => c.names.filter((_, i) => valueKind(c.types[i]) === 'temporal');

/** A first guess at x and y: a date column (else the first) by the first other number column. */
export function guessMapping(c: Columns): Record<string, string> {
  const x = temporal(c)[0] ?? c.names[0];
  if (!x) return {};
  const y = numeric(c).find((n) => n !== x) ?? c.names.find((n) => n !== x);
  return y ? { [x]: 'x', [y]: 'y' } : { [x]: 'x' };
}

const hasMapping = (o: Obj, c: Columns) =>
  Object.keys(obj(o.columnMapping)).some((k) => c.names.includes(k));

/** The draft switched to another kind; the options other kinds use stay (switching back keeps them). */
export function withKind(d: Draft, kind: Kind, c: Columns): Draft {
  const o = d.options;
  if (kind === 'table') {
    const columns = Array.isArray(o.columns)
      ? o.columns
      : c.names.map((name) => ({ name, title: name, type: 'normal', isHidden: false }));
    return { ...d, type: 'table', options: { ...o, itemsPerPage: o.itemsPerPage ?? 25, columns } };
  }
  if (kind === 'counter') {
    const col =
      typeof o.counterColName === 'string' && c.names.includes(o.counterColName)
        ? o.counterColName
        : (numeric(c)[0] ?? c.names[0]);
    return {
      ...d,
      type: 'counter',
      options: { ...o, counterColName: col, rowNumber: o.rowNumber ?? 1 },
    };
  }
  const chart: Obj = {
    ...o,
    columnMapping: hasMapping(o, c) ? o.columnMapping : guessMapping(c),
    swappedAxes: kind === 'horizontal-bar',
  };
  delete chart.pieHole;
  if (kind === 'pie' || kind === 'donut') {
    chart.globalSeriesType = 'pie';
    if (kind === 'donut') chart.pieHole = 0.5;
  } else if (kind === 'mixed') {
    chart.globalSeriesType = 'column';
    const ys = Object.entries(obj(chart.columnMapping))
      .filter(([, r]) => r === 'y')
      .map(([n]) => n);
    // Bars for the first y column, lines for the others (on the right axis when there are two).
    const series = { ...obj(o.seriesOptions) };
    ys.forEach((y, i) => {
      series[y] = { ...obj(series[y]), type: i === 0 ? 'column' : 'line', yAxis: i === 0 ? 0 : 1 };
    });
    if (ys.length < 2) series[ys[0] ?? ''] = { ...obj(series[ys[0] ?? '']), type: 'line' };
    chart.seriesOptions = series;
  } else {
    chart.globalSeriesType = kind === 'bar' || kind === 'horizontal-bar' ? 'column' : kind;
    // A single kind again: per-series types and the right axis are dropped.
    chart.seriesOptions = Object.fromEntries(
      Object.entries(obj(o.seriesOptions)).map(([k, v]) => {
        const { type: _type, yAxis: _axis, ...rest } = obj(v);
        return [k, rest];
      }),
    );
  }
  return { ...d, type: 'chart', options: chart };
}

const DEFAULT_NAMES = new Set<string>([...Object.values(KIND_LABELS), 'Chart']);

/** Whether a name is one the editor gave (a kind's label), not one the user wrote. */
export const isDefaultName = (name: string) => name.trim() === '' || DEFAULT_NAMES.has(name.trim());

/**
 * The draft switched to `kind` (see withKind); its name follows the kind ("Line chart" becomes
 * "Counter") while `nameFollows`, i.e. until the user writes a name of their own.
 */
export function withKindNamed(d: Draft, kind: Kind, c: Columns, nameFollows: boolean): Draft {
  const next = withKind(d, kind, c);
  return nameFollows ? { ...next, name: KIND_LABELS[kind] } : next;
}

/**
 * Whether the chart sorts its x values: `sortX` when set, else automatic (dates and numbers
 * sorted, categories in the result's order), for the x column's type in this result.
 */
export function effectiveSortX(o: Obj, c: Columns): boolean {
  const spec = readChartSpec(o);
  return sortsX(spec, xScaleOf(spec, { columns: c.names, types: c.types, rows: [] }));
}

/** A new visualization for a result: a chart of its first columns (a table when it has one). */
export function newDraft(c: Columns): Draft {
  const base: Draft = { name: 'Chart', type: 'chart', options: {} };
  if (c.names.length < 2) return { ...withKind(base, 'table', c), name: 'Table' };
  const kind: Kind = temporal(c).length > 0 ? 'line' : 'bar';
  return { ...withKind(base, kind, c), name: KIND_LABELS[kind] };
}

/** `options` with the value at `path` replaced (undefined removes it); the input is not changed. */
export function setIn(options: Obj, path: readonly (string | number)[], value: unknown): Obj {
  const [head, ...rest] = path;
  if (head === undefined) return options;
  if (typeof head === 'number') {
    const list = Array.isArray(options) ? [...(options as unknown[])] : [];
    list[head] = rest.length ? setIn(obj(list[head]), rest, value) : value;
    return list as unknown as Obj;
  }
  const out: Obj = { ...options };
  if (rest.length === 0) {
    if (value === undefined) delete out[head];
    else out[head] = value;
    return out;
  }
  const child = out[head];
  out[head] = setIn(
    typeof rest[0] === 'number'
      ? ((Array.isArray(child) ? child : []) as unknown as Obj)
      : isObj(child)
        ? child
        : {},
    rest,
    value,
  );
  return out;
}

/** The column mapping with `column` given `role` ('x', 'y', 'series'), or removed (null). */
export function mapColumns(o: Obj, role: 'x' | 'series', column: string | null): Obj;
export function mapColumns(o: Obj, role: 'y', columns: string[]): Obj;
export function mapColumns(
  o: Obj,
  role: 'x' | 'y' | 'series',
  value: string | string[] | null,
): Obj {
  const next = Object.fromEntries(
    Object.entries(obj(o.columnMapping)).filter(([, r]) => r !== role),
  );
  const picked = Array.isArray(value) ? value : value ? [value] : [];
  for (const col of picked) next[col] = role;
  return { ...o, columnMapping: next };
}

/** Columns mapped to a role, in the mapping's order. */
export const mapped = (o: Obj, role: string) =>
  Object.entries(obj(o.columnMapping))
    .filter(([, r]) => r === role)
    .map(([c]) => c);
