import { describe, expect, it } from 'vitest';
import {
  approximateMeasure,
  clampWidth,
  fitColumnWidth,
  fitColumnWidths,
  MAX_FIT_WIDTH,
  MIN_COLUMN_WIDTH,
  widthOf,
  type Measure,
} from './column-widths';

/** 10 px per character in cells, 12 in header names, 5 in header types; records the fonts. */
function fakeMeasure() {
  const seen: string[] = [];
  const measure: Measure = (text, font) => {
    seen.push(font);
    return text.length * (font === 'header' ? 12 : font === 'headerType' ? 5 : 10);
  };
  return { measure, seen };
}

describe('fitColumnWidth', () => {
  it('fits the longest formatted value of the page', () => {
    const { measure, seen } = fakeMeasure();
    const rows = [{ n: 5 }, { n: 1234567 }, { n: null }];
    // '1,234,567' is 9 characters: 90 px plus padding and border.
    expect(fitColumnWidth({ name: 'n', type: 'bigint' }, rows, measure)).toBe(90 + 19);
    expect(seen).toContain('cellMono');
  });

  it('fits the header when it is wider than the values', () => {
    const { measure } = fakeMeasure();
    const width = fitColumnWidth(
      { name: 'a_long_name', type: 'boolean' },
      [{ a_long_name: true }],
      measure,
    );
    expect(width).toBe(11 * 12 + 37);
  });

  it('fits a timestamp and a 66-character hash whole, and caps longer text', () => {
    const m = approximateMeasure;
    const ts = fitColumnWidth(
      { name: 't', type: 'timestamp(3) with time zone' },
      [{ t: '2024-03-05 20:50:59.123 UTC' }],
      m,
    );
    expect(ts).toBeGreaterThanOrEqual(m('2024-03-05 20:50:59.123 UTC', 'cellMono') + 16);
    const hash = `0x${'ab'.repeat(32)}`;
    const h = fitColumnWidth({ name: 'h', type: 'varbinary' }, [{ h: hash }], m);
    expect(h).toBeGreaterThanOrEqual(m(hash, 'cellMono') + 16);
    expect(h).toBeLessThanOrEqual(MAX_FIT_WIDTH);
    const essay = fitColumnWidth({ name: 'e', type: 'varchar' }, [{ e: 'word '.repeat(500) }], m);
    expect(essay).toBe(MAX_FIT_WIDTH);
  });

  it('is never narrower than the minimum, also with no rows', () => {
    const { measure } = fakeMeasure();
    expect(fitColumnWidth({ name: 'x', type: 'int' }, [], measure)).toBe(MIN_COLUMN_WIDTH);
  });

  it('measures only the longest candidates of a large page', () => {
    const { measure, seen } = fakeMeasure();
    const rows = Array.from({ length: 500 }, (_, i) => ({ s: 'x'.repeat(i % 50) }));
    fitColumnWidth({ name: 's', type: 'varchar' }, rows, measure);
    expect(seen.filter((f) => f === 'cell').length).toBeLessThanOrEqual(24);
  });
});

describe('widths', () => {
  it('fits every column by name', () => {
    const { measure } = fakeMeasure();
    const w = fitColumnWidths(
      [
        { name: 'a', type: 'varchar' },
        { name: 'b', type: 'varchar' },
      ],
      [{ a: 'x'.repeat(20), b: 'y' }],
      measure,
    );
    // b is as wide as its header's type, 'varchar' (7 × 5 px, plus the header's chrome).
    expect(w).toEqual({ a: 219, b: 7 * 5 + 37 });
  });

  it('prefers the dragged width, then the fitted one, then the fallback', () => {
    expect(widthOf('a', { a: 300 }, { a: 120 }, 80)).toBe(300);
    expect(widthOf('a', {}, { a: 120 }, 80)).toBe(120);
    expect(widthOf('a', {}, {}, 80)).toBe(80);
  });

  it('clamps dragged widths', () => {
    expect(clampWidth(10)).toBe(MIN_COLUMN_WIDTH);
    expect(clampWidth(99999)).toBe(2000);
    expect(clampWidth(150.6)).toBe(151);
  });
});
