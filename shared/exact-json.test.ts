import { describe, expect, it } from 'vitest';
import { fitsDouble, parseJsonExact } from './exact-json';

describe('parseJsonExact', () => {
  it('keeps integers past 2^53 and wide decimals as the strings of their digits', () => {
    const text =
      '{"big":123456789012345678901234567890,"u":18446744073709551615,"b":9223372036854775807,' +
      '"neg":-9223372036854775808,"dec":12345678901234567890.1234567890,"tiny":0.10000000000000000001}';
    expect(JSON.parse(text).b).toBe(9223372036854775808); // what JSON.parse alone gives
    expect(parseJsonExact(text)).toEqual({
      big: '123456789012345678901234567890',
      u: '18446744073709551615',
      b: '9223372036854775807',
      neg: '-9223372036854775808',
      dec: '12345678901234567890.1234567890',
      tiny: '0.10000000000000000001',
    });
  });

  it('keeps numbers a double holds as numbers, doubles included', () => {
    const text =
      '[9007199254740991,-9007199254740991,1.5000000000,0.30000000000000004,' +
      '12345678901234567000.0,9007199254740992.0,1e300,1e-7,-0.0,123456789012345.6,0]';
    expect(parseJsonExact(text)).toEqual(JSON.parse(text));
    expect((parseJsonExact(text) as unknown[]).every((v) => typeof v === 'number')).toBe(true);
  });

  it('never touches digits inside strings, keys or escapes', () => {
    const text =
      '{"12345678901234567890":"12345678901234567890","q":"say \\"1234567890123456789\\"",' +
      '"esc":"\\\\","n":[12345678901234567890,{"x":null,"t":true}]}';
    expect(parseJsonExact(text)).toEqual({
      '12345678901234567890': '12345678901234567890',
      q: 'say "1234567890123456789"',
      esc: '\\',
      n: ['12345678901234567890', { x: null, t: true }],
    });
  });

  it('is JSON.parse for text without a long run of digits, and throws as it does', () => {
    expect(parseJsonExact('{"a":1,"b":[2.5,"x"]}')).toEqual({ a: 1, b: [2.5, 'x'] });
    expect(() => parseJsonExact('{"a":12345678901234567890')).toThrow(SyntaxError);
    expect(() => parseJsonExact('nope')).toThrow(SyntaxError);
  });
});

describe('fitsDouble', () => {
  it.each([
    ['9007199254740991', true],
    ['9007199254740992', false], // past Number.MAX_SAFE_INTEGER, even where exact
    ['-9007199254740993', false],
    ['123456789012345', true],
    ['1.5000000000', true],
    ['0.30000000000000004', true],
    ['1234567890123456.7', false],
    ['1e400', false],
    ['1e-400', false],
  ])('%s → %s', (text, fits) => {
    expect(fitsDouble(text)).toBe(fits);
  });
});
