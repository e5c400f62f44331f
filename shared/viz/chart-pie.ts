import type { PieSeriesOption } from 'echarts/charts';
import type { ChartRows } from './chart-data';
import type { ChartSpec } from './chart-spec';
import { formatNumber, toNumber } from './number-format';

const collator = new Intl.Collator('en', { numeric: true });

/**
 * A pie (or, with `pieHole` > 0, a donut): one slice per x value, sized by the first y column
 * (several rows with one label are summed; non-positive totals are left out, as a pie cannot
 * draw them). Colors from `valuesOptions[label].color`, else `seriesOptions[label].color`.
 */
export function pieSeries(
  spec: ChartSpec,
  data: ChartRows,
  scheme: 'light' | 'dark',
): PieSeriesOption {
  const y = spec.ys[0] ?? '';
  const totals = new Map<string, number>();
  for (const row of data.rows) {
    const raw = row[spec.x ?? ''];
    const label = raw === null || raw === undefined ? 'null' : String(raw);
    const v = toNumber(row[y]);
    if (v !== null) totals.set(label, (totals.get(label) ?? 0) + v);
  }
  let slices = [...totals].filter(([, v]) => v > 0);
  // Slices are categories: sorted by label only when `sortX` asks for it.
  if (spec.sortX === true) slices = slices.sort((a, b) => collator.compare(a[0], b[0]));
  const outer = 68;
  const fmt = (v: unknown) => formatNumber(v, spec.numberFormat);
  return {
    type: 'pie',
    name: spec.seriesOptions[y]?.name ?? y,
    radius: spec.pieHole > 0 ? [`${Math.round(outer * spec.pieHole)}%`, `${outer}%`] : `${outer}%`,
    center: ['50%', spec.legend ? '55%' : '50%'],
    avoidLabelOverlap: true,
    itemStyle: { borderColor: scheme === 'dark' ? '#1a1b1e' : '#ffffff', borderWidth: 1 },
    label: spec.dataLabels
      ? {
          show: true,
          formatter: (p: { name?: string; value?: unknown; percent?: number }) =>
            `${p.name ?? ''}: ${fmt(p.value)} (${formatNumber((p.percent ?? 0) / 100, '0.[0]%')})`,
        }
      : { show: false },
    labelLine: { show: spec.dataLabels },
    tooltip: { valueFormatter: (v: unknown) => fmt(v) },
    data: slices.map(([name, value]) => {
      const color = spec.valueColors[name] ?? spec.seriesOptions[name]?.color;
      return color ? { name, value, itemStyle: { color } } : { name, value };
    }),
  };
}
