import { describe, expect, it } from 'vitest';
import { columnsParam, distinctColumnValues, enumOptionsFromResults, parameterKeys } from './api';

describe('columnsParam', () => {
  it('quotes names that are not plain identifiers', () => {
    expect(columnsParam('chain')).toBe('chain');
    expect(columnsParam('_x1')).toBe('_x1');
    expect(columnsParam('block time')).toBe('"block time"');
    expect(columnsParam('a"b')).toBe('"a""b"');
    expect(columnsParam('1st')).toBe('"1st"');
  });
});

describe('distinctColumnValues', () => {
  it('keeps distinct non-null values as strings in order', () => {
    const rows = [{ c: 'b' }, { c: 'a' }, { c: 'b' }, { c: null }, { c: 3 }, {}, { c: true }];
    expect(distinctColumnValues(rows, 'c')).toEqual(['b', 'a', '3', 'true']);
    expect(distinctColumnValues([{ c: [1, 2] }], 'c')).toEqual(['[1,2]']);
    expect(distinctColumnValues([], 'c')).toEqual([]);
  });
});

describe('parameterKeys', () => {
  it('starts every key with the context', () => {
    const source = { queryId: 7, columnName: 'chain' };
    expect(parameterKeys.enumOptions('team-a', source)).toEqual([
      'ctx',
      'team-a',
      'parameters',
      'enum-options',
      7,
      'chain',
    ]);
    expect(enumOptionsFromResults('b', source).queryKey.slice(0, 2)).toEqual(['ctx', 'b']);
  });
});
