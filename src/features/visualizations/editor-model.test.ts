import { describe, expect, it } from 'vitest';
import {
  effectiveSortX,
  guessMapping,
  isDefaultName,
  kindOf,
  mapColumns,
  newDraft,
  setIn,
  withKind,
  withKindNamed,
  type Draft,
} from './editor-model';

const cols = {
  names: ['day', 'volume', 'fees', 'chain'],
  types: ['date', 'bigint', 'double', 'varchar'],
};
const chart = (options: Record<string, unknown>): Draft => ({ name: 'c', type: 'chart', options });

describe('kindOf', () => {
  it('reads the picker kind from type and chart options', () => {
    expect(kindOf({ name: 't', type: 'table', options: {} })).toBe('table');
    expect(kindOf({ name: 't', type: 'counter', options: {} })).toBe('counter');
    expect(kindOf({ name: 't', type: 'sankey', options: {} })).toBeNull();
    expect(kindOf(chart({ globalSeriesType: 'column' }))).toBe('bar');
    expect(kindOf(chart({ globalSeriesType: 'column', swappedAxes: true }))).toBe('horizontal-bar');
    expect(kindOf(chart({ globalSeriesType: 'area' }))).toBe('area');
    expect(kindOf(chart({ globalSeriesType: 'pie' }))).toBe('pie');
    expect(kindOf(chart({ globalSeriesType: 'pie', pieHole: 0.5 }))).toBe('donut');
    expect(
      kindOf(chart({ globalSeriesType: 'line', seriesOptions: { a: { type: 'column' } } })),
    ).toBe('mixed');
    expect(kindOf(chart({ globalSeriesType: 'line', seriesOptions: { a: { yAxis: 1 } } }))).toBe(
      'mixed',
    );
    expect(kindOf(chart({}))).toBe('bar');
  });
});

describe('withKind', () => {
  it('round-trips every kind', () => {
    const start = newDraft(cols);
    for (const k of [
      'table',
      'counter',
      'bar',
      'horizontal-bar',
      'line',
      'area',
      'scatter',
      'pie',
      'donut',
    ] as const)
      expect(kindOf(withKind(start, k, cols))).toBe(k);
    const mixed = withKind(withKind(start, 'line', cols), 'mixed', { ...cols });
    expect(kindOf(mixed)).toBe('mixed');
  });

  it('keeps the column mapping across chart kinds and drops per-series types on a single kind', () => {
    const mixed = withKind(
      chart({
        columnMapping: { day: 'x', volume: 'y', fees: 'y' },
        seriesOptions: { fees: { name: 'Fees' } },
      }),
      'mixed',
      cols,
    );
    expect(mixed.options.seriesOptions).toEqual({
      volume: { type: 'column', yAxis: 0 },
      fees: { name: 'Fees', type: 'line', yAxis: 1 },
    });
    const line = withKind(mixed, 'line', cols);
    expect(line.options.columnMapping).toEqual({ day: 'x', volume: 'y', fees: 'y' });
    expect(line.options.seriesOptions).toEqual({ volume: {}, fees: { name: 'Fees' } });
    expect(line.options.globalSeriesType).toBe('line');
  });

  it('a counter takes the first number column; a table lists every column', () => {
    const counter = withKind(newDraft(cols), 'counter', cols);
    expect(counter).toMatchObject({
      type: 'counter',
      options: { counterColName: 'volume', rowNumber: 1 },
    });
    const table = withKind(newDraft(cols), 'table', cols);
    expect((table.options.columns as { name: string }[]).map((c) => c.name)).toEqual(cols.names);
  });
});

describe('newDraft and guessMapping', () => {
  it('charts a date column against the first number', () => {
    expect(guessMapping(cols)).toEqual({ day: 'x', volume: 'y' });
    expect(newDraft(cols)).toMatchObject({
      name: 'Line chart',
      options: { globalSeriesType: 'line' },
    });
    expect(newDraft({ names: ['a', 'n'], types: ['varchar', 'bigint'] }).name).toBe('Bar chart');
    expect(newDraft({ names: ['a'], types: ['varchar'] }).type).toBe('table');
  });
});

describe('setIn and mapColumns', () => {
  it('sets nested values without changing the input', () => {
    const o = { yAxis: [{ type: 'linear' }], keep: 1 };
    const next = setIn(o, ['yAxis', 0, 'title', 'text'], 'Amount');
    expect(next).toEqual({ yAxis: [{ type: 'linear', title: { text: 'Amount' } }], keep: 1 });
    expect(o.yAxis[0]).toEqual({ type: 'linear' });
    expect(setIn(next, ['keep'], undefined)).not.toHaveProperty('keep');
  });

  it('maps one x, several y and one group-by column', () => {
    let o = mapColumns({}, 'x', 'day');
    o = mapColumns(o, 'y', ['volume', 'fees']);
    o = mapColumns(o, 'series', 'chain');
    o = mapColumns(o, 'x', 'chain');
    expect(o.columnMapping).toEqual({ volume: 'y', fees: 'y', chain: 'x' });
    expect(mapColumns(o, 'series', null).columnMapping).toEqual(o.columnMapping);
  });
});

describe('names that follow the kind', () => {
  it('tells the names the editor gave from the ones a user wrote', () => {
    expect(isDefaultName('Line chart')).toBe(true);
    expect(isDefaultName(' Counter ')).toBe(true);
    expect(isDefaultName('Chart')).toBe(true);
    expect(isDefaultName('')).toBe(true);
    expect(isDefaultName('Daily volume')).toBe(false);
  });

  it('renames with the kind while the name follows, keeps a written name', () => {
    const line = newDraft(cols);
    expect(line.name).toBe('Line chart');
    const counter = withKindNamed(line, 'counter', cols, true);
    expect(counter).toMatchObject({ type: 'counter', name: 'Counter' });
    expect(withKindNamed(counter, 'pie', cols, true).name).toBe('Pie chart');
    const mine = withKindNamed({ ...line, name: 'Daily volume' }, 'counter', cols, false);
    expect(mine).toMatchObject({ type: 'counter', name: 'Daily volume' });
  });
});

describe('effectiveSortX', () => {
  const c = { names: ['pair', 'n', 'day', 'v'], types: ['varchar', 'bigint', 'date', 'double'] };
  it('is off for categories and on for dates and numbers on lines, unless set', () => {
    expect(effectiveSortX({ columnMapping: { pair: 'x', v: 'y' } }, c)).toBe(false);
    expect(effectiveSortX({ columnMapping: { day: 'x', v: 'y' } }, c)).toBe(true);
    expect(effectiveSortX({ globalSeriesType: 'line', columnMapping: { n: 'x', v: 'y' } }, c)).toBe(
      true,
    );
    expect(effectiveSortX({ columnMapping: { pair: 'x', v: 'y' }, sortX: true }, c)).toBe(true);
    expect(effectiveSortX({ columnMapping: { day: 'x', v: 'y' }, sortX: false }, c)).toBe(false);
  });
});
