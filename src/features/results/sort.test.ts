import { describe, expect, it } from 'vitest';
import { quoteIdent as quoteName } from '../../lib/sql-names';
import { columnsParam, cycleSort, sortByParam } from './sort';

describe('cycleSort', () => {
  it('cycles one column asc → desc → none', () => {
    const asc = cycleSort(null, 'amount');
    expect(asc).toEqual({ column: 'amount', dir: 'asc' });
    const desc = cycleSort(asc, 'amount');
    expect(desc).toEqual({ column: 'amount', dir: 'desc' });
    expect(cycleSort(desc, 'amount')).toBeNull();
  });
  it('starts another column at asc', () => {
    expect(cycleSort({ column: 'amount', dir: 'desc' }, 'symbol')).toEqual({
      column: 'symbol',
      dir: 'asc',
    });
  });
});

describe('quoteName', () => {
  it('leaves plain names bare and quotes the rest', () => {
    expect(quoteName('amount')).toBe('amount');
    expect(quoteName('_x1')).toBe('_x1');
    expect(quoteName('block time')).toBe('"block time"');
    expect(quoteName('1st')).toBe('"1st"');
    expect(quoteName('a,b')).toBe('"a,b"');
    expect(quoteName('say "hi"')).toBe('"say ""hi"""');
  });
});

describe('sortByParam', () => {
  it('builds the service sort_by', () => {
    expect(sortByParam(null)).toBeUndefined();
    expect(sortByParam({ column: 'amount', dir: 'desc' })).toBe('amount desc');
    expect(sortByParam({ column: 'Block Time', dir: 'asc' })).toBe('"Block Time" asc');
  });
});

describe('columnsParam', () => {
  const all = ['n', 'label', 'odd name'];
  it('is absent when every column (or none) is chosen', () => {
    expect(columnsParam(null, all)).toBeUndefined();
    expect(columnsParam(['label', 'n', 'odd name'], all)).toBeUndefined();
    expect(columnsParam([], all)).toBeUndefined();
  });
  it('lists the chosen columns in the result order, quoted when needed', () => {
    expect(columnsParam(['odd name', 'n'], all)).toBe('n,"odd name"');
  });
  it('ignores names the result does not have', () => {
    expect(columnsParam(['label', 'gone'], all)).toBe('label');
  });
});
