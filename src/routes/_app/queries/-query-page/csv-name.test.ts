import { describe, expect, it } from 'vitest';
import { csvFileName, slugify } from './csv-name';

describe('CSV download names', () => {
  it('slugifies the query name', () => {
    expect(slugify('Daily DEX volume (v2)')).toBe('daily-dex-volume-v2');
    expect(slugify('  Café — über  ')).toBe('cafe-uber');
    expect(slugify('%%%')).toBe('');
    expect(slugify(`${'a'.repeat(79)} b`)).toBe('a'.repeat(79));
  });
  it('adds the day, and a fallback for a name with no letters', () => {
    const at = new Date('2026-03-05T23:10:00Z');
    expect(csvFileName('Top pairs', at)).toBe('top-pairs-2026-03-05.csv');
    expect(csvFileName('???', at)).toBe('query-2026-03-05.csv');
  });
});
