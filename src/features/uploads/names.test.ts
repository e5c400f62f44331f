import { describe, expect, it } from 'vitest';
import { uploadNameProblem as nameError } from '../../../contract/rules/names';
import { columnNameErrors, suggestColumnNames, tableNameFromFile } from './names';

describe('nameError', () => {
  it('accepts names that follow the rule', () => {
    for (const n of ['a', '_x', 'user_id', 'col2', 'a'.repeat(128)])
      expect(nameError(n)).toBeNull();
  });

  it('explains each way to break the rule', () => {
    expect(nameError('')).toBe('A name is required');
    expect(nameError('a'.repeat(129))).toBe('At most 128 characters');
    expect(nameError('2fast')).toBe('Must not start with a digit');
    expect(nameError('User')).toBe('Only lower-case letters, digits and _');
    expect(nameError('first name')).toBe('Only lower-case letters, digits and _');
    expect(nameError('a-b')).toBe('Only lower-case letters, digits and _');
  });
});

describe('suggestColumnNames', () => {
  it('makes the sanitized names unique and fills blanks by position', () => {
    expect(suggestColumnNames(['Id', 'ID', 'id', '', 'Name'])).toEqual([
      'id',
      'id_2',
      'id_3',
      'column_4',
      'name',
    ]);
  });
});

describe('tableNameFromFile', () => {
  it('uses the file name without its extension', () => {
    expect(tableNameFromFile('Sales 2024.csv')).toBe('sales_2024');
    expect(tableNameFromFile('data.backup.CSV')).toBe('data_backup');
    expect(tableNameFromFile('.csv')).toBe('my_table');
  });
});

describe('columnNameErrors', () => {
  it('flags rule breaks and duplicates', () => {
    expect(columnNameErrors(['a', 'b', 'a', 'Bad', ''])).toEqual([
      'Another column has this name',
      null,
      'Another column has this name',
      'Only lower-case letters, digits and _',
      'A name is required',
    ]);
  });
});
