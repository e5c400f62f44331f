import { describe, expect, it } from 'vitest';
import { inferColumnType as inferType } from './column-inference';

const MAX_UINT256 = (2n ** 256n - 1n).toString();

describe('inferColumnType (the rule the wizard and POST /uploads/csv share)', () => {
  it('picks bigint within 64 bits, then exact uint256 or int256, never double', () => {
    expect(inferType(['1', '-2', '+3', '2147483648'])).toBe('bigint');
    expect(inferType(['-9223372036854775808', '9223372036854775807'])).toBe('bigint');
    expect(inferType(['7786596450288373164569331648084', MAX_UINT256, '0'])).toBe('uint256');
    expect(inferType(['9223372036854775808', '-1'])).toBe('int256');
    expect(inferType([`-${2n ** 255n}`, (2n ** 255n - 1n).toString()])).toBe('int256');
    expect(inferType([(2n ** 256n).toString()])).toBe('varchar');
  });

  it('picks varbinary for 0x hex of even length', () => {
    expect(inferType(['0xaa', '0x1f', '0XAB'])).toBe('varbinary');
    expect(inferType(['0xabc'])).toBe('varchar');
  });

  it('keeps digits that a number would change as varchar', () => {
    expect(inferType(['007', '12'])).toBe('varchar');
  });

  it('picks double for decimals and exponents, also mixed with integers', () => {
    expect(inferType(['1.5', '2', '-.25', '1e10', '3.0E-2'])).toBe('double');
    expect(inferType(['1.5', 'abc'])).toBe('varchar');
    expect(inferType(['1.2.3'])).toBe('varchar');
  });

  it('picks boolean only for true and false', () => {
    expect(inferType(['true', 'FALSE', 'True'])).toBe('boolean');
    expect(inferType(['true', 'yes'])).toBe('varchar');
    expect(inferType(['1', '0'])).toBe('bigint');
  });

  it('picks date for real calendar days, timestamp when any value has a time', () => {
    expect(inferType(['2024-01-31', '2024-02-29'])).toBe('date');
    expect(inferType(['2023-02-29'])).toBe('varchar');
    expect(inferType(['1900-02-29'])).toBe('varchar');
    expect(inferType(['2024-13-01'])).toBe('varchar');
    expect(inferType(['2024-01-01 10:00:00', '2024-01-02'])).toBe('timestamp');
    expect(inferType(['2024-01-01T10:00:00.123Z', '2024-01-01T10:00:00+02:00'])).toBe('timestamp');
    expect(inferType(['2024-01-01T10:00'])).toBe('timestamp');
    // DuckDB reads no offset after a time without seconds.
    expect(inferType(['2024-01-01T10:00+02:00'])).toBe('varchar');
    expect(inferType(['2024-01-01 25:00:00'])).toBe('varchar');
  });

  it('ignores empty values and takes spaces around numbers only; all empty is varchar', () => {
    expect(inferType(['', ' 12 ', '3'])).toBe('bigint');
    expect(inferType(['12', '  '])).toBe('varchar');
    expect(inferType([' true'])).toBe('varchar');
    expect(inferType(['', ''])).toBe('varchar');
    expect(inferType([])).toBe('varchar');
  });

  it('falls back to varchar for text', () => {
    expect(inferType(['alice', 'bob'])).toBe('varchar');
    expect(inferType(['1', 'a'])).toBe('varchar');
  });
});
