import { describe, expect, it } from 'vitest';
import { counterModel, readCounterSpec } from './counter';

describe('readCounterSpec', () => {
  it('reads the column, 1-based row and target', () => {
    expect(readCounterSpec({ counterColName: 'n', rowNumber: 3 })).toEqual({
      column: 'n',
      row: 3,
      targetColumn: null,
      targetRow: 3,
    });
    expect(
      readCounterSpec({
        counterColName: 'n',
        rowNumber: 0,
        targetColName: 't',
        targetRowNumber: 2,
      }),
    ).toMatchObject({ row: 1, targetColumn: 't', targetRow: 2 });
  });
});

describe('counterModel', () => {
  it('formats with prefix, suffix and decimals', () => {
    const m = counterModel(
      { stringPrefix: '$', stringSuffix: ' total', stringDecimal: 2, counterLabel: 'Volume' },
      1234.5,
    );
    expect(m).toEqual({ label: 'Volume', text: '$1,234.50 total', tone: 'neutral', target: null });
  });

  it('uses numberFormat when set, the name when no label', () => {
    expect(
      counterModel({ numberFormat: '0.0a' }, 1_500_000, undefined, 'My counter'),
    ).toMatchObject({
      text: '1.5M',
      label: 'My counter',
    });
  });

  it('shows digits a double cannot hold exactly, with decimals and without', () => {
    const value = '9223372036854775807'; // a bigint as the page parser keeps it
    expect(counterModel({}, value).text).toBe('9,223,372,036,854,775,807');
    expect(counterModel({ stringDecimal: 2, stringPrefix: '$' }, value).text).toBe(
      '$9,223,372,036,854,775,807.00',
    );
    expect(counterModel({ coloredPositiveValues: true }, value).tone).toBe('positive');
  });

  it('colors positive and negative values only when asked', () => {
    const colored = { coloredPositiveValues: true, coloredNegativeValues: true };
    expect(counterModel(colored, 5).tone).toBe('positive');
    expect(counterModel(colored, -5).tone).toBe('negative');
    expect(counterModel(colored, 0).tone).toBe('neutral');
    expect(counterModel({}, -5).tone).toBe('neutral');
  });

  it('shows text values as they are and null as a dash', () => {
    expect(counterModel({ stringPrefix: '>' }, 'WETH').text).toBe('>WETH');
    expect(counterModel({}, null).text).toBe('—');
  });

  it('shows the target and the change against it', () => {
    const m = counterModel({ targetColName: 't', stringDecimal: 0 }, 150, 100);
    expect(m.target).toEqual({ text: '100', delta: '+50%', tone: 'positive' });
    expect(counterModel({ targetColName: 't' }, 50, 100).target?.tone).toBe('negative');
    expect(counterModel({ targetColName: 't' }, 50, 0).target?.delta).toBe('');
  });
});
