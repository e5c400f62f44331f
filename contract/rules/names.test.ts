import { describe, expect, it } from 'vitest';
import {
  cleanColumnName,
  cleanColumnNames,
  cleanName,
  handleProblem,
  headerDescription,
  MATVIEW_NAME_PATTERN,
  matviewNameProblem,
  SLUG_PATTERN,
  uploadNameProblem,
} from './names';

describe('handleProblem', () => {
  it('takes 2 to 39 letters, digits, _ or -, starting with a letter or digit', () => {
    expect(handleProblem('al')).toBeNull();
    expect(handleProblem('Alice_2-b')).toBeNull();
    expect(handleProblem('a'.repeat(39))).toBeNull();
    expect(handleProblem('a')).toBe('invalid');
    expect(handleProblem('a'.repeat(40))).toBe('invalid');
    expect(handleProblem('_alice')).toBe('invalid');
    expect(handleProblem('al ice')).toBe('invalid');
  });
  it('refuses the names of the app’s own routes, in any case', () => {
    expect(handleProblem('admin')).toBe('reserved');
    expect(handleProblem('Queries')).toBe('reserved');
    expect(handleProblem('materialized-views')).toBe('reserved');
  });
});

describe('uploadNameProblem', () => {
  it('says why a table or column name breaks the rule', () => {
    expect(uploadNameProblem('sales_2024')).toBeNull();
    expect(uploadNameProblem('_x')).toBeNull();
    expect(uploadNameProblem('')).toBe('A name is required');
    expect(uploadNameProblem('2024')).toBe('Must not start with a digit');
    expect(uploadNameProblem('Sales')).toBe('Only lower-case letters, digits and _');
    expect(uploadNameProblem('a'.repeat(128))).toBeNull();
    expect(uploadNameProblem('a'.repeat(129))).toBe('At most 128 characters');
  });
});

describe('cleanName and cleanColumnNames', () => {
  it('turn spreadsheet headers into names', () => {
    expect(cleanName('City Name')).toBe('city_name');
    expect(cleanName('Cost Total $')).toBe('cost_total');
    expect(cleanName('  Crème brûlée  (€) ')).toBe('creme_brulee');
    expect(cleanName('Größe / Maße')).toBe('grosse_masse');
    expect(cleanName('a_ - _b')).toBe('a_b');
    expect(cleanName('2024 sales')).toBe('_2024_sales');
  });
  it('keep a name that already follows the rule, in lower case', () => {
    for (const name of ['_id', 'a__b', 'Value', 'block_number'])
      expect(cleanName(name)).toBe(name.toLowerCase());
  });
  it('name an empty or unspellable header by its position', () => {
    expect(cleanColumnName('', 3)).toBe('column_3');
    expect(cleanColumnName('€€€', 2)).toBe('column_2');
    expect(cleanColumnName('日本語', 1)).toBe('column_1');
  });
  it('cut at 128 characters without a trailing "_"', () => {
    expect(cleanName(`${'b'.repeat(127)} c`)).toBe('b'.repeat(127));
    expect(cleanName('x'.repeat(300))).toHaveLength(128);
  });
  it('make names of one header distinct', () => {
    expect(cleanColumnNames(['a b', 'a_b', 'A B', '', 'Name', 'name'])).toEqual([
      'a_b',
      'a_b_2',
      'a_b_3',
      'column_4',
      'name',
      'name_2',
    ]);
    const long = cleanColumnNames(['y'.repeat(200), `${'y'.repeat(200)}!`]);
    expect(long).toEqual(['y'.repeat(128), `${'y'.repeat(126)}_2`]);
  });
  it('always give valid names', () => {
    const headers = [
      'ID',
      '9',
      '__',
      '_',
      'Ünïcödé',
      'a b c',
      '日本語',
      'x'.repeat(500),
      '"q"',
      ' ',
    ];
    for (const name of cleanColumnNames(headers))
      expect([name, uploadNameProblem(name)]).toEqual([name, null]);
  });
  it('keep the original header as a description only when it says more than the name', () => {
    expect(headerDescription('City Name', 'city_name')).toBe('City Name');
    expect(headerDescription(' Value ', 'value')).toBe('');
  });
});

describe('materialized view names', () => {
  it('say why a short name breaks the rule', () => {
    expect(matviewNameProblem('result_daily')).toBeNull();
    expect(matviewNameProblem('daily')).toBe('Must start with "result_"');
    expect(matviewNameProblem('result_')).toBe('Add something after "result_"');
    expect(matviewNameProblem(`result_${'a'.repeat(122)}`)).toBe('At most 128 characters');
  });
  it('agree with the pattern the service checks', () => {
    for (const name of ['result_a', 'Result_B_2', `result_${'a'.repeat(121)}`])
      expect([name, MATVIEW_NAME_PATTERN.test(name)]).toEqual([name, true]);
    for (const name of ['result_', 'result_a-b', 'daily', `result_${'a'.repeat(122)}`]) {
      expect(MATVIEW_NAME_PATTERN.test(name)).toBe(false);
      expect(matviewNameProblem(name)).not.toBeNull();
    }
  });
});

describe('SLUG_PATTERN', () => {
  it('takes lower-case runs joined by single hyphens', () => {
    expect(SLUG_PATTERN.test('chain-activity-2')).toBe(true);
    expect(SLUG_PATTERN.test('a--b')).toBe(false);
    expect(SLUG_PATTERN.test('-a')).toBe(false);
    expect(SLUG_PATTERN.test('Chain')).toBe(false);
  });
});
