import { describe, expect, it } from 'vitest';
import {
  handleProblem,
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
