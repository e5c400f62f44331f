import { describe, expect, it } from 'vitest';
import { formatNumber, toNumber } from './number-format';

describe('formatNumber', () => {
  it('formats Numeral patterns', () => {
    expect(formatNumber(1234567.891, '0,0')).toBe('1,234,568');
    expect(formatNumber(1234.5, '0,0.00')).toBe('1,234.50');
    expect(formatNumber(1234567, '$0.0a')).toBe('$1.2M');
    expect(formatNumber(0.12345, '0.00%')).toBe('12.35%');
    expect(formatNumber(-42.5, '0,0.0')).toBe('-42.5');
  });

  it('abbreviates in upper case: K, M, B, T', () => {
    expect(formatNumber(300_000_000, '$0.0a')).toBe('$300.0M');
    expect(formatNumber(1_250, '0.[0]a')).toBe('1.3K');
    expect(formatNumber(-4_000_000_000, '0a')).toBe('-4B');
    expect(formatNumber(2e12, '0.0a')).toBe('2.0T');
    expect(formatNumber(999, '0a')).toBe('999');
  });

  it('reads numeric strings (big integers, decimals) as numbers', () => {
    expect(formatNumber('1234567', '0,0')).toBe('1,234,567');
    expect(formatNumber('12.5', '0.00')).toBe('12.50');
  });

  it('keeps the digits a double cannot hold, without a pattern and in plain patterns', () => {
    const u64 = '18446744073709551615';
    const wide = '123456789012345678901234567890';
    expect(formatNumber(u64)).toBe('18,446,744,073,709,551,615');
    expect(formatNumber(wide, '0,0')).toBe('123,456,789,012,345,678,901,234,567,890');
    expect(formatNumber(`-${wide}`, '$0,0.00')).toBe(
      '-$123,456,789,012,345,678,901,234,567,890.00',
    );
    expect(formatNumber(wide, '0')).toBe(wide);
    expect(formatNumber('12345678901234567890.125', '0,0.[00]')).toBe(
      '12,345,678,901,234,567,890.13',
    );
    expect(formatNumber('12345678901234567890.1234567890')).toBe(
      '12,345,678,901,234,567,890.123456789',
    );
    // patterns that round anyway (abbreviations, percentages) read the value as a double
    expect(formatNumber(wide, '0.0a')).toBe(formatNumber(Number(wide), '0.0a'));
  });

  it('keeps digits without a pattern', () => {
    expect(formatNumber(1234.5678)).toBe('1,234.5678');
    expect(formatNumber(7, '')).toBe('7');
  });

  it('passes null and non-numbers through', () => {
    expect(formatNumber(null, '0,0')).toBe('');
    expect(formatNumber(undefined, '0,0')).toBe('');
    expect(formatNumber('WETH', '0,0')).toBe('WETH');
    expect(formatNumber('2024-01-01', '0,0')).toBe('2024-01-01');
    expect(formatNumber(true, '0,0')).toBe('true');
    expect(formatNumber(Number.NaN, '0,0')).toBe('null');
  });

  it('does not print NaN for tiny numbers', () => {
    expect(formatNumber(1e-9, '0,0.00')).toBe('0.00');
  });
});

describe('toNumber', () => {
  it('narrows values', () => {
    expect(toNumber(3)).toBe(3);
    expect(toNumber(' -1.5e3 ')).toBe(-1500);
    expect(toNumber('0x12')).toBeNull();
    expect(toNumber('')).toBeNull();
    expect(toNumber(Infinity)).toBeNull();
    expect(toNumber(null)).toBeNull();
  });
});
