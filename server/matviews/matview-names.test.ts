import { describe, expect, it } from 'vitest';
import { checkColumnNames } from './store-snapshot.js';
import { checkName } from './matview-names.js';

describe('names and columns', () => {
  it('takes result_ names in lower case', () => {
    expect(checkName('Result_Daily_1')).toBe('result_daily_1');
    for (const bad of [
      'result_',
      'result-x',
      'dune.a.result_x',
      'daily',
      `result_${'x'.repeat(122)}`,
    ])
      expect(() => checkName(bad)).toThrow(/invalid name/);
  });

  it('refuses results with a column name used twice, in any case', () => {
    expect(() => checkColumnNames(['a', 'b'])).not.toThrow();
    expect(() => checkColumnNames(['a', 'b', 'A'])).toThrow(/more than one column named "A"/);
  });
});
