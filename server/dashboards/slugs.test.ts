import { describe, expect, it } from 'vitest';
import { DEFAULT_SLUG, slugify, uniqueSlug } from './slugs.js';
import { SLUG_PATTERN } from '../../contract/dashboards.js';

describe('slugify', () => {
  it.each([
    ['Token Volume', 'token-volume'],
    ['  DEX: volume / day (USD)  ', 'dex-volume-day-usd'],
    ['Crème brûlée', 'creme-brulee'],
    ['ÉTH & Base -- 2024', 'eth-base-2024'],
    ['already-a-slug', 'already-a-slug'],
    ['a__b', 'a-b'],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
    expect(slug).toMatch(SLUG_PATTERN);
  });

  it('gives "dashboard" when nothing ASCII is left', () => {
    expect(slugify('')).toBe(DEFAULT_SLUG);
    expect(slugify('   ')).toBe(DEFAULT_SLUG);
    expect(slugify('日本語')).toBe(DEFAULT_SLUG);
    expect(slugify('!!!')).toBe(DEFAULT_SLUG);
  });

  it('cuts long names to the limit without a trailing hyphen', () => {
    const slug = slugify(`${'a'.repeat(99)} b`);
    expect(slug).toBe('a'.repeat(99));
    expect(slugify('x'.repeat(500))).toHaveLength(100);
    expect(slugify('abc def', 4)).toBe('abc');
  });
});

describe('uniqueSlug', () => {
  it('keeps a free slug', async () => {
    expect(await uniqueSlug('sales', () => false)).toBe('sales');
  });

  it('adds -2, -3, ... until free', async () => {
    const taken = new Set(['sales', 'sales-2', 'sales-3']);
    expect(await uniqueSlug('sales', (s) => taken.has(s))).toBe('sales-4');
    expect(await uniqueSlug('sales-2', (s) => taken.has(s))).toBe('sales-2-2');
    expect(await uniqueSlug('sales', async (s) => taken.has(s))).toBe('sales-4');
  });

  it('shortens the base so the suffix fits the limit', async () => {
    const base = 'a'.repeat(100);
    const slug = await uniqueSlug(base, (s) => s === base);
    expect(slug).toBe(`${'a'.repeat(98)}-2`);
    expect(slug).toHaveLength(100);
    const hyphenated = `${'a'.repeat(97)}-bc`;
    expect(await uniqueSlug(hyphenated, (s) => s === hyphenated)).toBe(`${'a'.repeat(97)}-2`);
  });
});
