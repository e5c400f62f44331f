import { describe, expect, it } from 'vitest';
import { alignToXs, groupRows, groupSeriesKeys, toPercent, xScaleOf } from './chart-data';
import { readChartSpec } from './chart-spec';
import { toTime } from './column-kind';

const spec = (extra: Record<string, unknown> = {}) =>
  readChartSpec({ globalSeriesType: 'column', columnMapping: { x: 'x', y: 'y' }, ...extra });

describe('xScaleOf', () => {
  const data = (type: string) => ({ columns: ['x', 'y'], types: [type, 'double'], rows: [] });
  it('is time for dates and timestamps, value for numbers on lines, else category', () => {
    expect(xScaleOf(spec(), data('date'))).toBe('time');
    expect(xScaleOf(spec(), data('timestamp(3) with time zone'))).toBe('time');
    expect(xScaleOf(spec(), data('bigint'))).toBe('category');
    expect(xScaleOf(spec({ globalSeriesType: 'line' }), data('bigint'))).toBe('value');
    expect(xScaleOf(spec(), data('varchar'))).toBe('category');
    expect(xScaleOf(spec({ xAxis: { type: 'category' } }), data('date'))).toBe('category');
  });
});

describe('groupRows', () => {
  const rows = [
    { x: 'b', y: 2, g: 'eth' },
    { x: 'a', y: 1, g: 'eth' },
    { x: 'a', y: 5, g: 'sol' },
  ];
  const data = { columns: ['x', 'y', 'g'], types: ['varchar', 'double', 'varchar'], rows };

  it('makes one series per y column; categories keep the result order by default', () => {
    const g = groupRows(spec(), data);
    expect(g.xs).toEqual(['b', 'a']);
    expect(g.series).toHaveLength(1);
    expect(alignToXs(g.series[0]!, g.xs)).toEqual([2, 6]);
  });

  it('sorts categories when sortX is true, keeps the order when false', () => {
    expect(groupRows(spec({ sortX: true }), data).xs).toEqual(['a', 'b']);
    expect(groupRows(spec({ sortX: false }), data).xs).toEqual(['b', 'a']);
  });

  it('sorts numbers and dates by default, unless sortX is false', () => {
    const nums = {
      columns: ['x', 'y'],
      types: ['bigint', 'double'],
      rows: [
        { x: 10, y: 1 },
        { x: 2, y: 2 },
      ],
    };
    expect(groupRows(spec({ globalSeriesType: 'line' }), nums).xs).toEqual([2, 10]);
    expect(groupRows(spec({ globalSeriesType: 'line', sortX: false }), nums).xs).toEqual([10, 2]);
    // Numbers on bars are categories: kept in result order unless asked.
    expect(groupRows(spec(), nums).xs).toEqual(['10', '2']);
    expect(groupRows(spec({ sortX: true }), nums).xs).toEqual(['2', '10']);
  });

  it('makes one series per value of the group-by column', () => {
    const g = groupRows(spec({ columnMapping: { x: 'x', y: 'y', g: 'series' } }), data);
    expect(g.series.map((s) => s.key)).toEqual(['eth', 'sol']);
    expect(g.xs).toEqual(['b', 'a']);
    expect(alignToXs(g.series[1]!, g.xs)).toEqual([null, 5]);
  });

  it('drops rows whose x is not a date on a time axis', () => {
    const g = groupRows(spec(), {
      columns: ['x', 'y'],
      types: ['date', 'bigint'],
      rows: [
        { x: '2024-01-02', y: 1 },
        { x: 'oops', y: 2 },
        { x: '2024-01-01', y: '3' },
      ],
    });
    expect(g.xScale).toBe('time');
    expect(g.xs).toEqual([Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 2)]);
    expect(alignToXs(g.series[0]!, g.xs)).toEqual([3, 1]);
  });
});

describe('groupSeriesKeys', () => {
  it('names series as groupRows does: the value, or value · column with several y columns', () => {
    expect(groupSeriesKeys(['eth', 'arb', 'eth', null], ['volume'])).toEqual([
      'eth',
      'arb',
      'null',
    ]);
    expect(groupSeriesKeys(['eth', 'arb'], ['a', 'b'])).toEqual([
      'eth · a',
      'eth · b',
      'arb · a',
      'arb · b',
    ]);
    const spec = readChartSpec({
      globalSeriesType: 'line',
      columnMapping: { d: 'x', a: 'y', b: 'y', chain: 'series' },
    });
    const rows = [
      { d: 1, a: 1, b: 2, chain: 'eth' },
      { d: 1, a: 3, b: 4, chain: 'arb' },
    ];
    const chartRows = {
      columns: ['d', 'a', 'b', 'chain'],
      types: ['integer', 'integer', 'integer', 'varchar'],
      rows,
    };
    expect(groupRows(spec, chartRows).series.map((s) => s.key)).toEqual(
      groupSeriesKeys(['eth', 'arb'], ['a', 'b']),
    );
  });

  it('keeps at most max group values', () => {
    expect(groupSeriesKeys([1, 2, 3, 4], ['y'], 2)).toEqual(['1', '2']);
  });
});

describe('toPercent', () => {
  it('makes each x sum to 100', () => {
    expect(
      toPercent([
        [1, 0, null],
        [3, 0, 2],
      ]),
    ).toEqual([
      [25, 0, null],
      [75, 0, 100],
    ]);
  });
});

describe('toTime', () => {
  it("reads the service's dates and timestamps as UTC", () => {
    expect(toTime('2024-03-05')).toBe(Date.UTC(2024, 2, 5));
    expect(toTime('2024-03-05 20:50:59.123 UTC')).toBe(Date.UTC(2024, 2, 5, 20, 50, 59, 123));
    // a naive timestamp (no zone): its wall time, drawn on the charts' UTC axis as written
    expect(toTime('2024-03-05 15:50:59.500')).toBe(Date.UTC(2024, 2, 5, 15, 50, 59, 500));
    expect(toTime('2024-03-05T20:50:59+02:00')).toBe(Date.UTC(2024, 2, 5, 18, 50, 59));
    expect(toTime('2024-03-05 20:50:59+02')).toBe(Date.UTC(2024, 2, 5, 18, 50, 59));
    expect(toTime('March 5')).toBeNull();
    expect(toTime(null)).toBeNull();
  });
});
