import { describe, expect, it } from 'vitest';
import type { Parameter } from '../../../contract/parameters';
import { defaultValue, effectiveValue, pickerDatetime, toQueryParameters } from './form-values';

const text: Parameter = { key: 't', type: 'text', value: 'hello' };
const multi: Parameter = {
  key: 'm',
  type: 'enum',
  value: 'a',
  enumOptions: ['a', 'b', 'c'],
  isMultiselect: true,
  values: ['a', 'b'],
};

describe('defaultValue', () => {
  it('is value for single parameters and values (or value) for multiselect', () => {
    expect(defaultValue(text)).toBe('hello');
    expect(defaultValue({ key: 'x', type: 'text' })).toBe('');
    expect(defaultValue(multi)).toEqual(['a', 'b']);
    expect(defaultValue({ ...multi, values: [] })).toEqual(['a']);
    expect(defaultValue({ ...multi, values: undefined, value: undefined })).toEqual([]);
  });
});

describe('effectiveValue', () => {
  it('prefers the chosen value, and reads one string as a list for multiselect', () => {
    expect(effectiveValue(text, { t: 'bye' })).toBe('bye');
    expect(effectiveValue(text, { t: '' })).toBe('');
    expect(effectiveValue(text, {})).toBe('hello');
    expect(effectiveValue(multi, { m: 'c' })).toEqual(['c']);
    expect(effectiveValue(multi, { m: '' })).toEqual([]);
    expect(effectiveValue(multi, { m: ['c', 'a'] })).toEqual(['c', 'a']);
  });

  it('does not read inherited keys of the values object', () => {
    expect(effectiveValue({ key: 'toString', type: 'text', value: 'd' }, {})).toBe('d');
  });
});

describe('toQueryParameters', () => {
  it('sends every defined parameter and drops unknown names', () => {
    expect(toQueryParameters([text, multi], { m: ['c'], other: 'x' })).toEqual({
      t: 'hello',
      m: ['c'],
    });
    expect(toQueryParameters([], { a: '1' })).toEqual({});
  });
});

describe('pickerDatetime', () => {
  it('normalizes the accepted forms to YYYY-MM-DD HH:mm:ss in UTC', () => {
    expect(pickerDatetime('2024-03-01 12:30:05')).toBe('2024-03-01 12:30:05');
    expect(pickerDatetime('2024-03-01')).toBe('2024-03-01 00:00:00');
    expect(pickerDatetime('2024-03-01 12:30')).toBe('2024-03-01 12:30:00');
    expect(pickerDatetime('2020-12-01T01:20:30Z')).toBe('2020-12-01 01:20:30');
    expect(pickerDatetime('2020-12-01T01:20:30.123Z')).toBe('2020-12-01 01:20:30');
    expect(pickerDatetime('2020-12-01T01:20:30+02:00')).toBe('2020-11-30 23:20:30');
    expect(pickerDatetime('2020-12-01T01:20:30-0130')).toBe('2020-12-01 02:50:30');
    expect(pickerDatetime('2020-12-01 01:20:30 UTC')).toBe('2020-12-01 01:20:30');
  });

  it('is null for anything else', () => {
    for (const bad of ['', 'now', '2024-3-1', '01/02/2024', '2024-01-01 1:00'])
      expect(pickerDatetime(bad), bad).toBeNull();
  });
});
