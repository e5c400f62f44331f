import { describe, expect, it } from 'vitest';
import {
  LINE_CHARS,
  toShownValues,
  unlikeDashboard,
  VALUE_CHARS,
  valuesByKey,
  valuesCaption,
  valuesLine,
} from './values-line.js';

describe('valuesLine', () => {
  it('writes each value by its key, a list joined, keys in the given order first', () => {
    const values = { extra: 'x', days: '7', chain: ['base', 'optimism'] };
    expect(valuesLine(values, ['chain', 'days', 'gone'])).toBe(
      'chain = base, optimism · days = 7 · extra = x',
    );
    expect(valuesLine(values)).toBe('extra = x · days = 7 · chain = base, optimism');
  });

  it('is empty without values', () => {
    expect(valuesLine({})).toBe('');
    expect(valuesLine({}, ['chain'])).toBe('');
  });

  it('cuts a long value and a long line, saying so', () => {
    const long = valuesLine({ note: 'n'.repeat(VALUE_CHARS + 50) });
    expect(long).toBe(`note = ${'n'.repeat(VALUE_CHARS)}…`);
    const many = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`key_${i}`, 'v'.repeat(100)]),
    );
    const line = valuesLine(many);
    expect(line).toHaveLength(LINE_CHARS + 1);
    expect(line.endsWith('…')).toBe(true);
  });
});

describe('toShownValues', () => {
  it('reads a run’s stored values as texts and lists of texts', () => {
    expect(toShownValues({ n: '5', ids: ['1', 2], flag: true, none: null })).toEqual({
      n: '5',
      ids: ['1', '2'],
      flag: 'true',
      none: '',
    });
  });
});

describe('the values a dashboard sets, and those it does not', () => {
  it('reads each parameter widget’s value, by key', () => {
    const widgets = [
      { query_id: 7, key: 'chain' },
      { query_id: 8, key: 'chain' },
      { query_id: 7, key: 'days' },
      { query_id: 7, key: 'empty' },
    ];
    const values: Record<string, string> = {
      '7.chain': 'base',
      '8.chain': 'optimism',
      '7.days': '7',
    };
    expect(valuesByKey(widgets, (q, k) => values[`${q}.${k}`] ?? '')).toEqual({
      chain: ['base', 'optimism'],
      days: ['7'],
    });
  });

  it('finds the values shown that the dashboard sets otherwise', () => {
    const set = { chain: ['base', 'optimism'], days: ['7'], from: ['2024-01-02'] };
    expect(unlikeDashboard({ chain: 'optimism', days: ' 7', other: 'x' }, set)).toEqual({});
    expect(unlikeDashboard({ from: '2024-01-02 00:00:00' }, set)).toEqual({});
    expect(unlikeDashboard({ chain: 'ethereum', days: '30' }, set)).toEqual({
      chain: 'base or optimism',
      days: '7',
    });
    expect(unlikeDashboard({ chain: ['base', 'optimism'] }, set)).toEqual({
      chain: 'base or optimism',
    });
    expect(unlikeDashboard({ chain: ['base'] }, set)).toEqual({});
    expect(unlikeDashboard({ chain: 'ethereum' }, {})).toEqual({});
  });

  it('captions the values, saying when they are not the dashboard’s', () => {
    expect(valuesCaption({}, [], {})).toBeNull();
    expect(valuesCaption({ days: '7', chain: 'base' }, ['chain'], { chain: ['base'] })).toEqual({
      text: 'chain = base · days = 7',
      title: 'chain = base · days = 7',
      other: false,
    });
    expect(valuesCaption({ chain: 'ethereum' }, [], { chain: ['base'] })).toEqual({
      text: 'Other values: chain = ethereum',
      title: 'This result is for chain = ethereum, not the dashboard’s chain = base',
      other: true,
    });
  });
});
