import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from './search-text';

const TEXTS = [
  '',
  '?days=7&chain=ethereum',
  '?a=1&a=2&a=x',
  '?n=-0&m=007&e=1e3&f=1.50&big=12345678901234567890',
  '?t=true&f=false&z=null&e=',
  '?list=%5B%22a%22%2C%22b%22%5D&obj=%7B%22days%22%3A%227%22%7D',
  '?bad=%5Bnot%20json&q=%22quoted%22&space=a+b',
  '?p.12.days=7&theme=dark',
];

const VALUES: Record<string, unknown>[] = [
  { days: 7, chain: 'ethereum', on: true },
  { code: '007', num: '7', t: 'true', n: 'null', list: ['a', 'b'], p: { days: '7' } },
  { text: 'a b&c=d', none: undefined, neg: -1.5, bracket: '[x' },
  {},
];

describe('search text', () => {
  it('reads as the router reads', () => {
    for (const t of TEXTS) expect(parseSearch(t), t).toEqual({ ...defaultParseSearch(t) });
  });

  it('writes as the router writes, and reads back what it wrote', () => {
    for (const v of VALUES) {
      const text = stringifySearch(v);
      expect(text).toBe(defaultStringifySearch(v));
      const defined = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
      expect(parseSearch(text)).toEqual(defined);
    }
  });
});
