import { describe, expect, it } from 'vitest';
import { chartProblem, readChartSpec } from './chart-spec';

describe('readChartSpec', () => {
  it("reads the hosted service's option names", () => {
    const spec = readChartSpec({
      globalSeriesType: 'line',
      columnMapping: { day: 'x', amount: 'y', fees: 'y', chain: 'series', junk: 'unused' },
      seriesOptions: { fees: { type: 'column', yAxis: 1, zIndex: 2, name: 'Fees', color: '#f00' } },
      sortX: false,
      xAxis: { type: 'datetime', title: { text: 'Day' } },
      yAxis: [{ type: 'logarithmic', title: { text: 'Amount' } }, { title: { text: 'Fees' } }],
      legend: { enabled: false },
      series: { stacking: 'stack' },
      showDataLabels: true,
      numberFormat: '0,0',
      numberFormatRightYAxisSeries: '$0.0a',
    });
    expect(spec).toMatchObject({
      kind: 'line',
      x: 'day',
      ys: ['amount', 'fees'],
      groupBy: 'chain',
      sortX: false,
      xScale: 'time',
      xTitle: 'Day',
      yScales: ['log', 'value'],
      yTitles: ['Amount', 'Fees'],
      legend: false,
      stacking: true,
      percent: false,
      dataLabels: true,
      numberFormat: '0,0',
      rightNumberFormat: '$0.0a',
    });
    expect(spec.seriesOptions.fees).toEqual({
      type: 'column',
      yAxis: 1,
      zIndex: 2,
      name: 'Fees',
      color: '#f00',
    });
  });

  it("takes Redash's defaults for missing or malformed options", () => {
    const spec = readChartSpec({
      globalSeriesType: 'bubble',
      columnMapping: 'nope',
      yAxis: 'x',
      legend: { enabled: 'yes' },
      pieHole: 5,
    });
    expect(spec).toMatchObject({
      kind: 'column',
      x: null,
      ys: [],
      groupBy: null,
      sortX: null,
      swapped: false,
      xScale: null,
      yScales: ['value', 'value'],
      legend: true,
      stacking: false,
      pieHole: 0.9,
    });
  });

  it('reads 100% stacking (series.percentValues) and swapped axes', () => {
    const spec = readChartSpec({
      series: { stacking: null, percentValues: true },
      swappedAxes: true,
    });
    expect(spec.stacking).toBe(true);
    expect(spec.percent).toBe(true);
    expect(spec.swapped).toBe(true);
  });
});

describe('chartProblem', () => {
  const spec = (m: Record<string, string>) => readChartSpec({ columnMapping: m });
  it('asks for x and y columns, and names columns the result lacks', () => {
    expect(chartProblem(spec({}), ['a'])).toMatch(/x column/);
    expect(chartProblem(spec({ a: 'x' }), ['a'])).toMatch(/y column/);
    expect(chartProblem(spec({ a: 'x', b: 'y', c: 'series' }), ['a', 'b'])).toBe(
      'The result has no column "c".',
    );
    expect(chartProblem(spec({ a: 'x', b: 'y' }), ['a', 'b'])).toBeNull();
  });
});
