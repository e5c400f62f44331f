import { describe, expect, it } from 'vitest';
import { CARD_PX, cardSvg, gridOf } from './card-svg.js';
import { fitText, textWidth } from './svg-text.js';
import { placeSvg, type TileData } from './tile-svg.js';

const rows = {
  columns: ['day', 'volume'],
  types: ['date', 'double'],
  rows: [
    { day: '2024-01-01', volume: 10 },
    { day: '2024-01-02', volume: 30 },
  ],
};
const chart: TileData = {
  kind: 'chart',
  options: { globalSeriesType: 'column', columnMapping: { day: 'x', volume: 'y' } },
  rows,
};

describe('svg text', () => {
  it('cuts a long line with an ellipsis to fit, and keeps a short one', () => {
    expect(fitText('short', 200, 12)).toBe('short');
    const cut = fitText('a rather long dashboard name that cannot fit', 100, 12);
    expect(cut.endsWith('…')).toBe(true);
    expect(textWidth(cut, 12)).toBeLessThanOrEqual(100);
    expect(fitText('  many   spaces\n', 200, 12)).toBe('many spaces');
  });
});

describe('gridOf', () => {
  const area = { x: 0, y: 0, width: 100, height: 50 };
  it('puts up to three tiles side by side and four in two rows', () => {
    expect(gridOf(1, area)).toEqual([area]);
    expect(gridOf(3, area).map((b) => b.y)).toEqual([0, 0, 0]);
    const four = gridOf(4, area);
    expect(four.map((b) => [b.x > 0, b.y > 0])).toEqual([
      [false, false],
      [true, false],
      [false, true],
      [true, true],
    ]);
  });
});

describe('cardSvg', () => {
  it('is one SVG document of the card’s size with every text escaped', () => {
    const svg = cardSvg({
      title: '<script>alert(1)</script>',
      subtitle: 'by @a & b',
      tiles: [{ name: '"quoted" <b>', data: { kind: 'message', text: 'No result yet' } }],
    });
    expect(svg.startsWith('<svg ')).toBe(true);
    expect(svg).toContain(`width="${CARD_PX.width}" height="${CARD_PX.height}"`);
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(svg).toContain('by @a &amp; b');
    expect(svg).toContain('No result yet');
  });

  it('draws a chart with ECharts as a nested SVG placed in its tile', () => {
    const svg = cardSvg({ title: 'Volume', subtitle: '', tiles: [{ name: null, data: chart }] });
    const nested = /<svg x="[\d.]+" y="[\d.]+" width="[\d.]+" height="[\d.]+"[^>]*viewBox/.exec(
      svg,
    );
    expect(nested).not.toBeNull();
    // ECharts drew the bars and the axis labels.
    expect(svg).toContain('<path');
    expect(svg).toContain('Jan');
  });

  it('shows a counter’s formatted value and a table’s header and first rows', () => {
    const svg = cardSvg({
      title: 'Board',
      subtitle: '',
      tiles: [
        {
          name: 'Total',
          data: {
            kind: 'counter',
            options: { counterColName: 'volume', stringPrefix: '$', numberFormat: '0.0a' },
            value: 1234567,
            target: undefined,
            missingRow: null,
          },
        },
        { name: 'Rows', data: { kind: 'table', options: {}, rows, total: 2 } },
      ],
    });
    expect(svg).toContain('>$1.2M</text>');
    expect(svg).toContain('>volume</text>');
    expect(svg).toContain('>2024-01-02</text>');
    expect(svg).toContain('>30</text>');
  });

  it('says what is wrong with a chart it cannot draw', () => {
    const svg = cardSvg({
      title: 'x',
      subtitle: '',
      tiles: [{ name: null, data: { ...chart, rows: { ...rows, rows: [] } } }],
    });
    expect(svg).toContain('The result has no rows.');
    const noX = cardSvg({
      title: 'x',
      subtitle: '',
      tiles: [{ name: null, data: { kind: 'chart', options: {}, rows } }],
    });
    expect(noX).toContain('Choose an x column.');
  });
});

describe('placeSvg', () => {
  it('moves and sizes a standalone document, keeping its viewBox', () => {
    const out = placeSvg(
      '<svg width="10" height="20" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20"><rect/></svg>',
      { x: 5, y: 6, width: 7, height: 8 },
    );
    expect(out).toBe(
      '<svg x="5" y="6" width="7" height="8" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20"><rect/></svg>',
    );
  });
});
