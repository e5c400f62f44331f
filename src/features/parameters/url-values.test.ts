import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { valuesFromSearch, valuesToSearch, withoutValues } from './url-values';

describe('parameter values in the URL', () => {
  it('reads one search param per parameter, numbers and booleans as text', () => {
    expect(valuesFromSearch({ days: 7, chain: 'ethereum', flag: true, viz: 3 })).toEqual({
      days: '7',
      chain: 'ethereum',
      flag: 'true',
    });
  });
  it('reads lists, repeated or as JSON, and skips what cannot be a value', () => {
    expect(valuesFromSearch({ chains: ['ethereum', 'base'], n: [1, 2], bad: { a: 1 } })).toEqual({
      chains: ['ethereum', 'base'],
      n: ['1', '2'],
    });
  });
  it('still reads old ?p={...} links; a plain key of the same name wins', () => {
    expect(valuesFromSearch({ p: { days: '7', chain: 'base' }, chain: 'ethereum' })).toEqual({
      days: '7',
      chain: 'ethereum',
    });
  });
  it('writes numbers and booleans bare so they read back as the same text', () => {
    const search = valuesToSearch({ days: '7', ratio: '0.5', on: 'true', name: 'x' });
    expect(search).toEqual({ days: 7, ratio: 0.5, on: true, name: 'x', p: undefined });
    expect(valuesFromSearch(search)).toEqual({ days: '7', ratio: '0.5', on: 'true', name: 'x' });
  });
  it('keeps text that a number would change (leading zeros, exponents, big numbers)', () => {
    const values = { a: '007', b: '1e3', c: '1.50', d: '12345678901234567890', e: '-0' };
    const search = valuesToSearch(values);
    expect(search).toMatchObject(values);
    expect(valuesFromSearch(search)).toEqual(values);
  });
  it('keeps an address as the same text through the router', () => {
    const values = { wallet: '0x' + '00'.repeat(20), hash: '0x1e3', wallets: ['0x10', '0x00ff'] };
    const text = defaultStringifySearch(valuesToSearch(values));
    expect(valuesFromSearch(defaultParseSearch(text))).toEqual(values);
  });
  it('puts a parameter named like one of the page’s own keys into p', () => {
    const search = valuesToSearch({ viz: 'x', days: '1' });
    expect(search).toEqual({ days: 1, p: { viz: 'x' } });
    expect(valuesFromSearch({ ...search, viz: 4 })).toEqual({ viz: 'x', days: '1' });
  });
  it('keeps the embed pages’ theme apart from a parameter named theme', () => {
    const search = valuesToSearch({ theme: 'warm', days: '1' });
    expect(search).toEqual({ days: 1, p: { theme: 'warm' } });
    expect(valuesFromSearch({ ...search, theme: 'dark' })).toEqual({ theme: 'warm', days: '1' });
  });
  it('withoutValues keeps only the page’s own keys', () => {
    expect(withoutValues({ viz: 3, days: 7, p: { a: '1' }, sql: 'x' })).toEqual({
      viz: 3,
      sql: 'x',
    });
  });
  it('goes through the router as readable search params and back', () => {
    const values = { days: '7', chain: 'ethereum', since: '2024-01-01 00:00:00', code: '007' };
    const url = defaultStringifySearch({ viz: 2, ...valuesToSearch(values) });
    expect(url).toBe('?viz=2&days=7&chain=ethereum&since=2024-01-01+00%3A00%3A00&code=007');
    expect(valuesFromSearch(defaultParseSearch(url))).toEqual(values);
    // A list is one JSON param; repeated params (hand-written links) read too.
    const list = defaultStringifySearch(valuesToSearch({ chains: ['a', 'b'] }));
    expect(valuesFromSearch(defaultParseSearch(list))).toEqual({ chains: ['a', 'b'] });
    expect(valuesFromSearch(defaultParseSearch('?chains=a&chains=b'))).toEqual({
      chains: ['a', 'b'],
    });
    expect(valuesFromSearch(defaultParseSearch('?p=%7B%22days%22%3A%2230%22%7D'))).toEqual({
      days: '30',
    });
  });
});
