import { describe, expect, it } from 'vitest';
import { uploadNameProblem as nameError } from '../../../contract/rules/names';
import { columnNameErrors, sanitizeName, suggestColumnNames, tableNameFromFile } from './names';

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

describe('sanitizeName', () => {
  it('lower-cases, drops accents and joins other characters with one underscore', () => {
    expect(sanitizeName('First Name', 'x')).toBe('first_name');
    expect(sanitizeName('  Crème brûlée  (€) ', 'x')).toBe('creme_brulee');
    expect(sanitizeName('a--b..c', 'x')).toBe('a_b_c');
    expect(sanitizeName('already_ok', 'x')).toBe('already_ok');
  });

  it('prefixes a leading digit, falls back when nothing is left, and cuts at 128', () => {
    expect(sanitizeName('2024 sales', 'x')).toBe('_2024_sales');
    expect(sanitizeName('€€€', 'column_3')).toBe('column_3');
    expect(sanitizeName('', 'column_1')).toBe('column_1');
    expect(sanitizeName('b'.repeat(300), 'x')).toHaveLength(128);
  });

  it('always gives a valid name', () => {
    for (const raw of ['ID', '9', '__', 'Ünïcödé', 'a b c', '日本語', 'x'.repeat(500)])
      expect(nameError(sanitizeName(raw, 'fallback'))).toBeNull();
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
