import { describe, expect, it } from 'vitest';
import { progressShare, tableColumns } from './table-columns';

const names = ['symbol', 'amount', 'share'];
const types = ['varchar', 'double', 'double'];

describe('tableColumns', () => {
  it('shows every column by default: numbers right-aligned and formatted', () => {
    const cols = tableColumns({}, names, types);
    expect(cols.map((c) => [c.name, c.title, c.align])).toEqual([
      ['symbol', 'symbol', 'left'],
      ['amount', 'amount', 'right'],
      ['share', 'share', 'right'],
    ]);
    expect(cols[1]!.format(1234.5)).toBe('1,234.5');
    expect(cols[0]!.format(null)).toBe('null');
    expect(cols[0]!.format({ a: 1 })).toBe('{"a":1}');
  });

  it('applies titles, order, alignment, hidden, number formats and colors', () => {
    const cols = tableColumns(
      {
        columns: [
          {
            name: 'amount',
            title: 'Amount',
            alignContent: 'center',
            numberFormat: '$0.0a',
            coloredPositiveValues: true,
            coloredNegativeValues: true,
          },
          { name: 'share', isHidden: true },
          { name: 'gone', title: 'Not in the result' },
          { title: 'no name' },
        ],
      },
      names,
      types,
    );
    expect(cols.map((c) => c.title)).toEqual(['Amount', 'symbol']);
    expect(cols[0]!.align).toBe('center');
    expect(cols[0]!.format(1_500_000)).toBe('$1.5M');
    expect(cols[0]!.tone(3)).toBe('positive');
    expect(cols[0]!.tone(-3)).toBe('negative');
    expect(cols[1]!.tone(-3)).toBe('neutral');
  });

  it('progress bars take their max from progressBarMax or the data', () => {
    const cols = tableColumns(
      {
        columns: [
          { name: 'share', type: 'progressbar', progressBarMax: 50 },
          { name: 'amount', type: 'progressbar' },
        ],
      },
      names,
      types,
    );
    expect(cols.find((c) => c.name === 'share')!.progress).toEqual({ max: 50 });
    expect(cols.find((c) => c.name === 'amount')!.progress).toEqual({ max: null });
    expect(cols.find((c) => c.name === 'symbol')!.progress).toBeNull();
  });
});

describe('progressShare', () => {
  it('is the value over the max, within 0..1', () => {
    expect(progressShare(25, 50)).toBe(0.5);
    expect(progressShare(80, 50)).toBe(1);
    expect(progressShare(-1, 50)).toBe(0);
    expect(progressShare('x', 50)).toBe(0);
    expect(progressShare(5, null)).toBe(0);
  });
});
