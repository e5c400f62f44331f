import { describe, expect, it } from 'vitest';
import type { Parameter } from '../../../contract/parameters';
import { formErrors, isDatetime, validateValue } from './validate-value';

const text: Parameter = { key: 't', type: 'text', value: '' };
const num: Parameter = { key: 'n', type: 'number', value: '10' };
const dt: Parameter = { key: 'd', type: 'datetime', value: '2024-01-01 00:00:00' };
const en: Parameter = { key: 'e', type: 'enum', value: 'a', enumOptions: ['a', 'b'] };
const multi: Parameter = { ...en, key: 'm', isMultiselect: true, values: ['a'] };

describe('validateValue', () => {
  it('accepts any text, the empty string too, but not a NUL', () => {
    expect(validateValue(text, '')).toBeNull();
    expect(validateValue(text, "it's 0x00")).toBeNull();
    expect(validateValue(text, 'a\u0000b')).toMatch(/NUL/);
    expect(validateValue(text, 'x'.repeat(100_001))).toMatch(/Longer/);
  });

  it('wants numbers for number parameters', () => {
    for (const ok of ['20', ' -1.5 ', '1e3', '.5', '+7']) expect(validateValue(num, ok)).toBeNull();
    expect(validateValue(num, '')).toBe('Enter a number');
    expect(validateValue(num, 'abc')).toBe('"abc" is not a number');
    expect(validateValue(num, '1,5')).toMatch(/not a number/);
    expect(validateValue(num, '0x10')).toMatch(/not a number/);
  });

  it('wants a real date-time for datetime parameters', () => {
    for (const ok of [
      '2024-03-01 12:30:00',
      '2024-03-01',
      '2024-03-01 12:30',
      '2020-12-01T01:20:30Z',
      '2020-12-01T01:20:30.123+02:00',
      '2024-02-29 00:00:00',
    ])
      expect(validateValue(dt, ok), ok).toBeNull();
    expect(validateValue(dt, '')).toBe('Pick a date and time');
    expect(validateValue(dt, 'yesterday')).toMatch(/not a date-time/);
    expect(validateValue(dt, '2023-02-29 00:00:00')).toMatch(/not a date-time/);
    expect(validateValue(dt, '2024-01-01 25:00:00')).toMatch(/not a date-time/);
    expect(validateValue(dt, '01/02/2024')).toMatch(/not a date-time/);
  });

  it('wants one of the options for enums unless freeform or from results', () => {
    expect(validateValue(en, 'a')).toBeNull();
    expect(validateValue(en, 'c')).toBe('"c" is not one of the options');
    expect(validateValue(en, '')).toBe('Pick an option');
    expect(validateValue({ ...en, isFreeformAllowed: true }, 'c')).toBeNull();
    expect(
      validateValue({ ...en, enumFromResults: { queryId: 1, columnName: 'x' } }, 'c'),
    ).toBeNull();
  });

  it('takes lists only for multiselect, checking each value', () => {
    expect(validateValue(en, ['a', 'b'])).toBe('Takes one value, not a list');
    expect(validateValue(en, ['a'])).toBeNull();
    expect(validateValue(multi, ['a', 'b'])).toBeNull();
    expect(validateValue(multi, [])).toBeNull();
    expect(validateValue(multi, ['a', 'z'])).toBe('"z" is not one of the options');
    expect(validateValue({ ...num, isMultiselect: true }, ['1', 'x'])).toMatch(/not a number/);
    expect(validateValue(multi, Array(1001).fill('a'))).toBe('At most 1000 values');
  });
});

describe('isDatetime', () => {
  it('checks the calendar, not just the shape', () => {
    expect(isDatetime('2024-04-30 23:59:59')).toBe(true);
    expect(isDatetime('2024-04-31 00:00:00')).toBe(false);
    expect(isDatetime('2024-13-01')).toBe(false);
    expect(isDatetime('2024-01-01 00:60:00')).toBe(false);
  });
});

describe('formErrors', () => {
  it('checks the chosen values, falling back to defaults', () => {
    const params = [text, num, dt, en, multi];
    expect(formErrors(params, {})).toEqual({});
    expect(formErrors(params, { n: 'ten', e: 'z', m: ['a', 'q'], t: 'fine' })).toEqual({
      n: '"ten" is not a number',
      e: '"z" is not one of the options',
      m: '"q" is not one of the options',
    });
    expect(formErrors([{ ...num, value: 'bad' }], {})).toEqual({ n: '"bad" is not a number' });
  });
});

describe('validateValue of bytes (varbinary)', () => {
  const wallet: Parameter = { key: 'w', type: 'varbinary', value: '0x00' };
  const wallets: Parameter = { ...wallet, isMultiselect: true, values: ['0x00'] };
  it('wants 0x and hex digits of even length, in either case', () => {
    for (const ok of ['0x' + 'ab'.repeat(20), '0xABCDEF', ' 0x00 ', '0x', '0X01'])
      expect(validateValue(wallet, ok), ok).toBeNull();
    expect(validateValue(wallet, '')).toBe('Enter 0x and hex digits, such as an address');
    for (const bad of ['0xabc', '0xzz', 'abcd', 'x0ab', '0x 00', "0x00' or 1=1"])
      expect(validateValue(wallet, bad), bad).toBe(
        `"${bad}" is not 0x-prefixed hex of even length`,
      );
    expect(validateValue(wallet, '0x' + 'a'.repeat(100_000))).toMatch(/Longer/);
  });
  it('checks every value of a list', () => {
    expect(validateValue(wallets, ['0x01', '0x02'])).toBeNull();
    expect(validateValue(wallets, ['0x01', '0x2'])).toBe(
      '"0x2" is not 0x-prefixed hex of even length',
    );
    expect(validateValue(wallet, ['0x01', '0x02'])).toBe('Takes one value, not a list');
  });
});
