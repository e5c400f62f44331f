import { describe, expect, it } from 'vitest';
import { chartSvgs, type ChartJob } from './chart-svgs.js';

const size = { width: 400, height: 300 };
const points = Array.from({ length: 500 }, (_, i) => ({ x: i, y: (i * 37) % 101 }));

const job = (options: ChartJob['options'], scheme: ChartJob['scheme'] = 'light'): ChartJob => ({
  options,
  rows: { columns: ['x', 'y'], types: ['bigint', 'bigint'], rows: points },
  scheme,
  size,
});
const scatter = (extra: object = {}) =>
  job({ globalSeriesType: 'scatter', columnMapping: { x: 'x', y: 'y' }, ...extra });

/** The circles an SVG draws: one arc pair (`A…A…`) per point, in whichever element. */
const circles = (svg: string) => (svg.match(/A3\.5 3\.5 0 1 1/g) ?? []).length;
const elements = (svg: string) => (svg.match(/<path\b/g) ?? []).length;

describe('chartSvgs', () => {
  it('draws a scatter of 500 points as few elements, every point still a circle', () => {
    const [svg] = chartSvgs([scatter()]);
    expect(svg).toMatch(/^<svg width="100%" height="100%"/);
    expect(circles(svg!)).toBe(500);
    // Axes, grid lines and one path for the points, not an element per point.
    expect(elements(svg!)).toBeLessThan(60);
  });

  it('keeps a labelled scatter point by point (a path for the points cannot carry labels)', () => {
    const [svg] = chartSvgs([scatter({ showDataLabels: true })]);
    expect(elements(svg!)).toBeGreaterThan(500);
    expect(svg).toContain('<text');
  });

  it("writes none of ECharts' attributes for its own client", () => {
    const svgs = chartSvgs([
      job({ globalSeriesType: 'column', columnMapping: { x: 'x', y: 'y' } }),
      scatter(),
      job({ globalSeriesType: 'line', columnMapping: { x: 'x', y: 'y' } }, 'dark'),
    ]);
    for (const svg of svgs) {
      expect(svg.length).toBeGreaterThan(1000);
      expect(svg).not.toMatch(/ecmeta_/);
    }
  });
});

describe('a text that names a member of Object.prototype', () => {
  it('leaves every object of the thread as it was (ECharts caches widths keyed by text)', () => {
    const rows = ['__proto__', 'constructor', 'toString', 'a'].map((label, i) => ({
      label,
      v: i + 1,
    }));
    for (const kind of ['column', 'pie', 'line'])
      chartSvgs([
        {
          options: {
            globalSeriesType: kind,
            columnMapping: { label: 'x', v: 'y' },
            seriesOptions: { v: { name: '__proto__' } },
            xAxis: { title: { text: '__proto__' } },
            showDataLabels: true,
          },
          rows: { columns: ['label', 'v'], types: ['varchar', 'bigint'], rows },
          scheme: 'light',
          size,
        },
      ]);
    const inherited: string[] = [];
    for (const key in {}) inherited.push(key);
    // Undone before asserting, so a failure here does not break the tests after it.
    for (const key of inherited) delete (Object.prototype as Record<string, unknown>)[key];
    expect(inherited).toEqual([]);
    // Nor were built-ins named by a label threaded into ECharts' caches.
    expect(Object.hasOwn(Object, 'prev')).toBe(false);
    expect(Object.hasOwn(Object.prototype.toString, 'next')).toBe(false);
  });
});
