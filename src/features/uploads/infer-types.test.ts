import { describe, expect, it } from 'vitest';
import { inferColumnTypes, inferType } from './infer-types';

describe('inferType', () => {
  it('picks integer, then bigint, by range', () => {
    expect(inferType(['1', '-2', '+3', '2147483647'])).toBe('integer');
    expect(inferType(['1', '2147483648'])).toBe('bigint');
    expect(inferType(['-9223372036854775808', '9223372036854775807'])).toBe('bigint');
  });

  it('keeps digits that a number would change as varchar', () => {
    expect(inferType(['007', '12'])).toBe('varchar');
    expect(inferType(['9223372036854775808'])).toBe('varchar');
  });

  it('picks double for decimals and exponents, also mixed with integers', () => {
    expect(inferType(['1.5', '2', '-.25', '1e10', '3.0E-2'])).toBe('double');
    expect(inferType(['1.5', 'abc'])).toBe('varchar');
    expect(inferType(['1.2.3'])).toBe('varchar');
  });

  it('picks boolean only for true and false', () => {
    expect(inferType(['true', 'FALSE', 'True'])).toBe('boolean');
    expect(inferType(['true', 'yes'])).toBe('varchar');
    expect(inferType(['1', '0'])).toBe('integer');
  });

  it('picks date for real calendar days, timestamp when any value has a time', () => {
    expect(inferType(['2024-01-31', '2024-02-29'])).toBe('date');
    expect(inferType(['2023-02-29'])).toBe('varchar');
    expect(inferType(['2024-13-01'])).toBe('varchar');
    expect(inferType(['2024-01-01 10:00:00', '2024-01-02'])).toBe('timestamp');
    expect(inferType(['2024-01-01T10:00:00.123Z', '2024-01-01T10:00:00+02:00'])).toBe('timestamp');
    expect(inferType(['2024-01-01T10:00'])).toBe('timestamp');
    // DuckDB reads no offset after a time without seconds.
    expect(inferType(['2024-01-01T10:00+02:00'])).toBe('varchar');
    expect(inferType(['2024-01-01 25:00:00'])).toBe('varchar');
  });

  it('ignores empty values and trims spaces; all empty is varchar', () => {
    expect(inferType(['', ' 12 ', '  ', '3'])).toBe('integer');
    expect(inferType(['', ''])).toBe('varchar');
    expect(inferType([])).toBe('varchar');
  });

  it('falls back to varchar for text', () => {
    expect(inferType(['alice', 'bob'])).toBe('varchar');
    expect(inferType(['1', 'a'])).toBe('varchar');
  });
});

describe('inferColumnTypes', () => {
  it('infers each column, treating a missing cell as empty', () => {
    const rows = [
      ['1', 'a', '2024-01-01', 'true'],
      ['2', 'b', '2024-01-02'],
    ];
    expect(inferColumnTypes(4, rows)).toEqual(['integer', 'varchar', 'date', 'boolean']);
  });
});
