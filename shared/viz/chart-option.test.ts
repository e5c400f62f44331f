import { describe, expect, it } from 'vitest';
import { chartOption, type ChartRows } from './chart-option';

type Loose = Record<string, unknown> & {
  series: Record<string, unknown>[];
  xAxis: Record<string, unknown>[];
  yAxis: Record<string, unknown>[];
};
const loose = (o: unknown) => o as Loose;

const sales: ChartRows = {
  columns: ['day', 'chain', 'volume', 'fees'],
  types: ['varchar', 'varchar', 'double', 'double'],
  rows: [
    { day: 'mon', chain: 'eth', volume: 10, fees: 1 },
    { day: 'mon', chain: 'sol', volume: 30, fees: 2 },
    { day: 'tue', chain: 'eth', volume: 20, fees: -1 },
  ],
};
const base = { columnMapping: { day: 'x', volume: 'y' } };
const fmt = (s: Record<string, unknown>, v: unknown) =>
  (s.tooltip as { valueFormatter: (v: unknown) => string }).valueFormatter(v);

describe('chartOption: cartesian kinds', () => {
  it.each([
    ['column', 'bar', false],
    ['line', 'line', false],
    ['area', 'line', true],
    ['scatter', 'scatter', false],
  ])('%s draws %s series', (kind, type, area) => {
    const o = loose(chartOption({ ...base, globalSeriesType: kind }, sales, 'light'));
    expect(o.series[0]!.type).toBe(type);
    expect('areaStyle' in o.series[0]!).toBe(area);
    expect(o.xAxis[0]!.type).toBe('category');
    expect(o.xAxis[0]!.data).toEqual(['mon', 'tue']);
  });

  it('sums a series over rows sharing an x, aligned to the categories', () => {
    const o = loose(chartOption({ ...base, globalSeriesType: 'column' }, sales, 'light'));
    expect(o.series[0]!.data).toEqual([40, 20]);
  });

  it('groups by the series column: one series per value', () => {
    const o = loose(
      chartOption({ columnMapping: { day: 'x', volume: 'y', chain: 'series' } }, sales, 'light'),
    );
    expect(o.series.map((s) => s.name)).toEqual(['eth', 'sol']);
    expect(o.series[1]!.data).toEqual([30, null]);
  });

  it('draws a time axis for date columns, points as [time, value]', () => {
    const o = loose(
      chartOption(
        { columnMapping: { d: 'x', n: 'y' }, globalSeriesType: 'line' },
        {
          columns: ['d', 'n'],
          types: ['date', 'bigint'],
          rows: [
            { d: '2024-01-02', n: 2 },
            { d: '2024-01-01', n: 1 },
          ],
        },
        'dark',
      ),
    );
    expect(o.useUTC).toBe(true);
    expect(o.xAxis[0]!.type).toBe('time');
    expect(o.series[0]!.data).toEqual([
      [Date.UTC(2024, 0, 1), 1],
      [Date.UTC(2024, 0, 2), 2],
    ]);
  });
});

describe('chartOption: ranked categories', () => {
  const pairs = ['WETH-USDC', 'WBTC-WETH', 'WETH-USDT', 'DAI-USDC', 'WETH-DAI', 'LINK-WETH'];
  const top: ChartRows = {
    columns: ['token_pair', 'volume_usd'],
    types: ['varchar', 'double'],
    rows: pairs.map((p, i) => ({ token_pair: p, volume_usd: 600e6 - i * 90e6 })),
  };
  const ranked = { columnMapping: { token_pair: 'x', volume_usd: 'y' }, numberFormat: '$0.0a' };

  it('keeps the result order of a ranked bar chart and shows every label', () => {
    const o = loose(chartOption(ranked, top, 'light', { width: 560, height: 330 }));
    expect(o.xAxis[0]!.data).toEqual(pairs);
    expect(o.series[0]!.data).toEqual([600e6, 510e6, 420e6, 330e6, 240e6, 150e6]);
    expect(o.xAxis[0]!.axisLabel).toMatchObject({ interval: 0, hideOverlap: false });
  });

  it('sorts the categories when sortX is set', () => {
    const o = loose(chartOption({ ...ranked, sortX: true }, top, 'light'));
    expect(o.xAxis[0]!.data).toEqual([...pairs].sort());
  });

  it('abbreviates axis values in upper case', () => {
    const o = loose(chartOption(ranked, top, 'light'));
    const label = o.yAxis[0]!.axisLabel as { formatter: (v: number) => string };
    expect(label.formatter(300e6)).toBe('$300.0M');
    const plain = loose(chartOption({ columnMapping: ranked.columnMapping }, top, 'light'));
    const auto = plain.yAxis[0]!.axisLabel as { formatter: (v: number) => string };
    expect(auto.formatter(1_500_000)).toBe('1.5M');
  });

  it('draws series in a palette readable on the scheme', () => {
    expect(loose(chartOption(ranked, top, 'dark')).color).not.toContain('#505372');
    expect(loose(chartOption(ranked, top, 'light')).color).toContain('#505372');
  });
});

describe('chartOption: options', () => {
  it('mixed charts: per-series type, name, color, z and a second y axis', () => {
    const o = loose(
      chartOption(
        {
          globalSeriesType: 'line',
          columnMapping: { day: 'x', volume: 'y', fees: 'y' },
          seriesOptions: {
            fees: { type: 'column', yAxis: 1, name: 'Fees paid', color: '#123456', zIndex: -1 },
          },
          numberFormat: '0,0',
          numberFormatRightYAxisSeries: '$0.00',
        },
        sales,
        'light',
      ),
    );
    // zIndex orders the series (fees first) and sets its z.
    expect(o.series.map((s) => [s.name, s.type, s.yAxisIndex])).toEqual([
      ['Fees paid', 'bar', 1],
      ['volume', 'line', 0],
    ]);
    expect(o.series[0]!.itemStyle).toEqual({ color: '#123456' });
    expect(o.series[0]!.z).toBe(1);
    expect(o.yAxis).toHaveLength(2);
    expect(o.yAxis[1]!.position).toBe('right');
    expect(fmt(o.series[0]!, 2)).toBe('$2.00');
    expect(fmt(o.series[1]!, 12345)).toBe('12,345');
    const right = o.yAxis[1]!.axisLabel as { formatter: (v: number) => string };
    expect(right.formatter(3)).toBe('$3.00');
  });

  it('stacks per axis, and 100% stacking turns values into shares', () => {
    const grouped = { columnMapping: { day: 'x', volume: 'y', chain: 'series' } };
    const stacked = loose(
      chartOption({ ...grouped, series: { stacking: 'stack' } }, sales, 'light'),
    );
    expect(stacked.series.map((s) => s.stack)).toEqual(['stack-0', 'stack-0']);
    const plain = loose(chartOption(grouped, sales, 'light'));
    expect(plain.series[0]!.stack).toBeUndefined();
    const pct = loose(
      chartOption(
        { ...grouped, series: { stacking: 'stack', percentValues: true } },
        sales,
        'light',
      ),
    );
    expect(pct.series.map((s) => s.data)).toEqual([
      [25, 100],
      [75, null],
    ]);
    expect(pct.yAxis[0]!.max).toBe(100);
    expect(fmt(pct.series[0]!, 25)).toBe('25%');
  });

  it('swapped axes draw horizontal bars: categories on the y axis', () => {
    const o = loose(chartOption({ ...base, swappedAxes: true }, sales, 'light'));
    expect(o.yAxis[0]!.type).toBe('category');
    expect(o.yAxis[0]!.inverse).toBe(true);
    expect(o.xAxis[0]!.type).toBe('value');
    expect(o.series[0]!.xAxisIndex).toBe(0);
  });

  it('log scale, axis titles, legend, data labels', () => {
    const o = loose(
      chartOption(
        {
          columnMapping: { day: 'x', fees: 'y' },
          yAxis: [{ type: 'logarithmic', title: { text: 'Fees' } }],
          xAxis: { title: { text: 'Day' } },
          legend: { enabled: false },
          showDataLabels: true,
          numberFormat: '0.0',
        },
        sales,
        'light',
      ),
    );
    expect(o.yAxis[0]!.type).toBe('log');
    expect(o.yAxis[0]!.name).toBe('Fees');
    expect(o.xAxis[0]!.name).toBe('Day');
    expect((o.legend as { show: boolean }).show).toBe(false);
    // A log axis cannot show values <= 0: they are left out.
    expect(o.series[0]!.data).toEqual([3, null]);
    const label = o.series[0]!.label as { show: boolean; formatter: (p: unknown) => string };
    expect(label.show).toBe(true);
    expect(label.formatter({ value: 3 })).toBe('3.0');
  });

  it('uses large mode and LTTB sampling above 5,000 points, and a zoom slider', () => {
    const rows = Array.from({ length: 6000 }, (_, i) => ({ n: i, v: i % 7 }));
    const data = { columns: ['n', 'v'], types: ['bigint', 'bigint'], rows };
    const line = loose(
      chartOption({ columnMapping: { n: 'x', v: 'y' }, globalSeriesType: 'line' }, data, 'light'),
    );
    expect(line.series[0]).toMatchObject({ sampling: 'lttb', large: true, showSymbol: false });
    expect(line.xAxis[0]!.type).toBe('value');
    expect(line.dataZoom).toBeDefined();
    const bars = loose(chartOption({ columnMapping: { n: 'x', v: 'y' } }, data, 'light'));
    expect(bars.series[0]!.large).toBe(true);
    const small = loose(chartOption(base, sales, 'light'));
    expect(small.series[0]!.large).toBe(false);
    expect(small.dataZoom).toBeUndefined();
  });
});

describe('chartOption: pie and donut', () => {
  it('one slice per x, summed, formatted; pieHole makes a donut', () => {
    const o = loose(
      chartOption(
        {
          globalSeriesType: 'pie',
          columnMapping: { chain: 'x', volume: 'y' },
          showDataLabels: true,
          numberFormat: '0,0',
          valuesOptions: { sol: { color: '#ff0000' } },
        },
        sales,
        'light',
      ),
    );
    const pie = o.series[0]!;
    expect(pie.type).toBe('pie');
    expect(pie.radius).toBe('68%');
    expect(pie.data).toEqual([
      { name: 'eth', value: 30 },
      { name: 'sol', value: 30, itemStyle: { color: '#ff0000' } },
    ]);
    const label = pie.label as { formatter: (p: unknown) => string };
    expect(label.formatter({ name: 'eth', value: 30, percent: 50 })).toBe('eth: 30 (50%)');
    const donut = loose(
      chartOption(
        { globalSeriesType: 'pie', pieHole: 0.5, columnMapping: { chain: 'x', volume: 'y' } },
        sales,
        'dark',
      ),
    );
    expect(donut.series[0]!.radius).toEqual(['34%', '68%']);
    expect((donut.series[0]!.label as { show: boolean }).show).toBe(false);
  });

  it('keeps slices in the result order unless sortX is set', () => {
    const rows: ChartRows = {
      columns: ['k', 'v'],
      types: ['varchar', 'double'],
      rows: [
        { k: 'zeta', v: 3 },
        { k: 'alpha', v: 2 },
      ],
    };
    const pie = (extra: Record<string, unknown>) =>
      loose(
        chartOption(
          { globalSeriesType: 'pie', columnMapping: { k: 'x', v: 'y' }, ...extra },
          rows,
          'light',
        ),
      ).series[0]!.data as { name: string }[];
    expect(pie({}).map((d) => d.name)).toEqual(['zeta', 'alpha']);
    expect(pie({ sortX: true }).map((d) => d.name)).toEqual(['alpha', 'zeta']);
  });

  it('leaves out slices that are not positive', () => {
    const o = loose(
      chartOption(
        { globalSeriesType: 'pie', columnMapping: { chain: 'x', fees: 'y' } },
        sales,
        'light',
      ),
    );
    expect(o.series[0]!.data).toEqual([{ name: 'sol', value: 2 }]);
  });
});
