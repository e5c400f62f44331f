import { describe, expect, it } from 'vitest';
import { isDatetimeValue, normalizeDatetime, PARAMETER_NUMBER } from './parameters';

describe('PARAMETER_NUMBER', () => {
  it('reads decimals with sign, fraction and exponent', () => {
    for (const v of ['1', '-2.5', '+.5', '3.', '1e9', '2.5E-3'])
      expect(PARAMETER_NUMBER.test(v)).toBe(true);
    for (const v of ['', '1,5', '0x10', 'e3', '1e']) expect(PARAMETER_NUMBER.test(v)).toBe(false);
  });
});

describe('normalizeDatetime', () => {
  it('normalizes the accepted forms to UTC', () => {
    expect(normalizeDatetime('2024-01-02')).toBe('2024-01-02 00:00:00');
    expect(normalizeDatetime('2024-01-02 03:04')).toBe('2024-01-02 03:04:00');
    expect(normalizeDatetime('2024-01-02T03:04:05.678Z')).toBe('2024-01-02 03:04:05.678');
    expect(normalizeDatetime('2024-01-02T03:04:05+02:00')).toBe('2024-01-02 01:04:05');
    expect(normalizeDatetime(' 2024-01-02 03:04:05 UTC ')).toBe('2024-01-02 03:04:05');
  });
  it('refuses other text and dates that do not exist', () => {
    expect(normalizeDatetime('yesterday')).toBeUndefined();
    expect(normalizeDatetime('2023-02-29')).toBeUndefined();
    expect(normalizeDatetime('2024-01-02 24:00')).toBeUndefined();
    expect(isDatetimeValue('2024-02-29 12:00')).toBe(true);
    expect(isDatetimeValue('2024-13-01')).toBe(false);
  });
});
