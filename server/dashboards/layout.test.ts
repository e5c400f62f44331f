import { describe, expect, it } from 'vitest';
import { autoLayout, bottomOf, textHeight } from './layout.js';

const none = { fixed: [], texts: [], params: 0, visualizations: 0 } as const;

describe('textHeight', () => {
  it('is one row per line, at least 2 and at most 12', () => {
    expect(textHeight('')).toBe(2);
    expect(textHeight('# Title')).toBe(2);
    expect(textHeight('a\nb\nc')).toBe(3);
    expect(textHeight('a\nb\nc\n\n\n')).toBe(3); // trailing blank lines do not count
    expect(textHeight(Array(40).fill('x').join('\n'))).toBe(12);
  });
  it('counts a long line once per 120 characters', () => {
    expect(textHeight('x'.repeat(121 * 3))).toBe(4);
  });
});

describe('bottomOf', () => {
  it('is the first row below every position', () => {
    expect(bottomOf([])).toBe(0);
    expect(
      bottomOf([
        { col: 0, row: 0, size_x: 6, size_y: 8 },
        { col: 6, row: 4, size_x: 6, size_y: 2 },
        { col: 0, row: 8, size_x: 12, size_y: 3 },
      ]),
    ).toBe(11);
  });
});

describe('autoLayout', () => {
  it('puts texts full width on top, then visualizations two per row', () => {
    const l = autoLayout({
      ...none,
      texts: ['# Title', 'one\ntwo\nthree'],
      visualizations: 3,
      columnsPerRow: 2,
    });
    expect(l.texts).toEqual([
      { col: 0, row: 0, size_x: 12, size_y: 2 },
      { col: 0, row: 2, size_x: 12, size_y: 3 },
    ]);
    expect(l.visualizations).toEqual([
      { col: 0, row: 5, size_x: 6, size_y: 8 },
      { col: 6, row: 5, size_x: 6, size_y: 8 },
      { col: 0, row: 13, size_x: 6, size_y: 8 },
    ]);
    expect(l.params).toEqual([]);
  });

  it.each([
    [1, [0, 0, 0], [0, 8, 16], 12],
    [3, [0, 4, 8, 0], [0, 0, 0, 8], 4],
  ] as const)('columns_per_row %i', (columnsPerRow, cols, rows, width) => {
    const l = autoLayout({ ...none, visualizations: cols.length, columnsPerRow });
    expect(l.visualizations).toEqual(
      cols.map((col, i) => ({ col, row: rows[i], size_x: width, size_y: 8 })),
    );
  });

  it('places everything below the fixed positions, parameters before visualizations', () => {
    const l = autoLayout({
      fixed: [
        { col: 3, row: 1, size_x: 3, size_y: 4 },
        { col: 0, row: 0, size_x: 2, size_y: 2 },
      ],
      texts: ['note'],
      params: 5,
      visualizations: 1,
      columnsPerRow: 2,
    });
    expect(l.texts).toEqual([{ col: 0, row: 5, size_x: 12, size_y: 2 }]);
    expect(l.params).toEqual([
      { col: 0, row: 7, size_x: 3, size_y: 2 },
      { col: 3, row: 7, size_x: 3, size_y: 2 },
      { col: 6, row: 7, size_x: 3, size_y: 2 },
      { col: 9, row: 7, size_x: 3, size_y: 2 },
      { col: 0, row: 9, size_x: 3, size_y: 2 },
    ]);
    expect(l.visualizations).toEqual([{ col: 0, row: 11, size_x: 6, size_y: 8 }]);
  });

  it('never overlaps and never leaves the 12 columns', () => {
    const l = autoLayout({
      ...none,
      texts: ['a', 'b\nc\nd'],
      params: 6,
      visualizations: 7,
      columnsPerRow: 3,
    });
    const all = [...l.texts, ...l.params, ...l.visualizations];
    for (const p of all) expect(p.col + p.size_x).toBeLessThanOrEqual(12);
    for (let i = 0; i < all.length; i++)
      for (let j = i + 1; j < all.length; j++) {
        const a = all[i]!;
        const b = all[j]!;
        const overlap =
          a.col < b.col + b.size_x &&
          b.col < a.col + a.size_x &&
          a.row < b.row + b.size_y &&
          b.row < a.row + a.size_y;
        expect(overlap, JSON.stringify([a, b])).toBe(false);
      }
  });

  it('places nothing for nothing', () => {
    expect(autoLayout({ ...none, columnsPerRow: 2 })).toEqual({
      texts: [],
      params: [],
      visualizations: [],
    });
  });
});
