import fc from 'fast-check';
import { parseFragment, type DefaultTreeAdapterTypes as T } from 'parse5';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { describe, expect, it } from 'vitest';
import type { ChartRows } from '../../shared/viz/chart-data.js';
import type { EChartsOption } from '../../shared/viz/echarts-option.js';
import { withSafeTexts } from '../../shared/viz/echarts-text.js';
import { cardSvg } from './card-svg.js';
import { chartSvgs, scalableSvg } from './chart-svgs.js';
import { renderChartSvg } from './echarts-ssr.js';
import { cleanSvg, SVG_ALLOWLIST } from './svg-allowlist.js';

/**
 * Whatever a visualization's options hold, the SVG a page and the PNG renderer get from them has
 * only elements and attributes of the allowlist: arbitrary strings in every option that reaches
 * a drawing, and in the result's labels, with the attacks seen before mixed in.
 */

const ATTACKS = [
  '"',
  "'",
  '<',
  '>',
  '&',
  '/',
  ']]>',
  '"/><script>alert(1)</script>',
  'x"/></path></g></svg><meta http-equiv="refresh" content="0;url=https://evil.test"><svg><g><path a="',
  'red"/onmouseover="alert(1)',
  'x"/><image href="/etc/hostname" width="800" height="400"/><path d="',
  'url(/etc/passwd)',
  'javascript:alert(1)',
  '#ff0000',
  'rgb(1,2,3)',
  'steelblue',
];
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...ATTACKS),
  fc.array(fc.constantFrom(...ATTACKS), { maxLength: 4 }).map((parts) => parts.join('')),
);
const anything = fc.oneof(text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null));
const series = fc.record(
  { type: anything, yAxis: anything, zIndex: anything, name: text, color: text },
  { requiredKeys: [] },
);
const axis = fc.record({ type: anything, title: fc.record({ text }) }, { requiredKeys: [] });

const options = fc.record(
  {
    globalSeriesType: fc.oneof(
      fc.constantFrom('column', 'line', 'area', 'scatter', 'pie', 'bar'),
      text,
    ),
    columnMapping: fc.constantFrom(
      { label: 'x', v: 'y' },
      { label: 'x', v: 'y', w: 'y' },
      { label: 'x', v: 'y', g: 'series' },
      { n: 'x', v: 'y' },
    ),
    seriesOptions: fc.dictionary(fc.oneof(fc.constantFrom('v', 'w', 'a', 'b'), text), series, {
      maxKeys: 4,
    }),
    valuesOptions: fc.dictionary(
      fc.oneof(fc.constantFrom('a', 'b'), text),
      fc.record({ color: text }),
      { maxKeys: 3 },
    ),
    xAxis: axis,
    yAxis: fc.array(axis, { maxLength: 2 }),
    legend: fc.record({ enabled: anything }),
    series: fc.record({ stacking: anything, percentValues: anything }, { requiredKeys: [] }),
    showDataLabels: anything,
    sortX: anything,
    swappedAxes: anything,
    pieHole: anything,
    numberFormat: text,
    numberFormatRightYAxisSeries: text,
  },
  { requiredKeys: ['globalSeriesType', 'columnMapping'] },
);

const rows = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom('a', 'b'), text), fc.double(), fc.integer(), text), {
    minLength: 1,
    maxLength: 12,
  })
  .map((list): ChartRows => ({
    columns: ['label', 'v', 'w', 'g', 'n'],
    types: ['varchar', 'double', 'bigint', 'varchar', 'bigint'],
    rows: list.map(([label, v, w, g], i) => ({ label, v, w, g, n: i })),
  }));

/**
 * Every element and attribute outside the allowlist in a page holding `svg`, parsed as browsers
 * parse HTML (an SVG inline in HTML is read by the HTML parser, not as XML); 'escape' when
 * anything got out of the SVG element.
 */
function outsideAllowlistInHtml(svg: string): string[] {
  const top = parseFragment(`<div>${svg}</div><p></p>`).childNodes;
  const box = top[0] as T.Element;
  const found: string[] = [];
  if (top.length !== 2 || box.childNodes.length > 1) found.push('escape');
  const walk = (node: T.ChildNode) => {
    if (!('tagName' in node)) return;
    const allowed = SVG_ALLOWLIST.get(node.tagName);
    if (node.namespaceURI !== 'http://www.w3.org/2000/svg' || !allowed) found.push(node.tagName);
    for (const a of node.attrs) {
      const name = a.prefix ? `${a.prefix}:${a.name}` : a.name;
      if (!allowed?.has(name)) found.push(`${node.tagName}@${name}`);
    }
    node.childNodes.forEach(walk);
  };
  box.childNodes.forEach(walk);
  return found;
}

/** The same for an SVG document read as XML (the PNG renderer's reading). */
function outsideAllowlistInXml(svg: string): string[] {
  const found: string[] = [];
  const parser = new SaxesParser({ xmlns: false });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const allowed = SVG_ALLOWLIST.get(tag.name);
    if (!allowed) found.push(tag.name);
    for (const a of Object.keys(tag.attributes))
      if (!allowed?.has(a)) found.push(`${tag.name}@${a}`);
  });
  parser.write(svg).close();
  return found;
}

const RUNS = { numRuns: 60, seed: Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31) };

describe('arbitrary chart options', () => {
  it('give first paints with only allowlisted elements and attributes', () => {
    fc.assert(
      fc.property(options, rows, fc.constantFrom('light', 'dark'), (o, r, scheme) => {
        const [svg] = chartSvgs([
          { options: o, rows: r, scheme, size: { width: 400, height: 260 } },
        ]);
        expect(outsideAllowlistInHtml(svg!)).toEqual([]);
      }),
      RUNS,
    );
  });

  it('give preview cards whose SVG for the PNG has only allowlisted elements and attributes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(options, rows), { minLength: 1, maxLength: 4 }),
        text,
        (tiles, title) => {
          const card = cardSvg({
            title,
            subtitle: title,
            tiles: tiles.map(([o, r]) => ({
              name: title,
              data: { kind: 'chart', options: o, rows: r },
            })),
          });
          const forPng = cleanSvg(card);
          expect(forPng).toMatch(/^<svg /);
          expect(outsideAllowlistInXml(forPng)).toEqual([]);
        },
      ),
      { ...RUNS, numRuns: 25 },
    );
  });

  it('smuggled past the options’ grammar straight into ECharts, still give allowlisted SVG', () => {
    fc.assert(
      fc.property(text, text, text, (color, label, name) => {
        const option: EChartsOption = {
          series: [
            { type: 'pie', data: [{ name: label, value: 1, itemStyle: { color } }] },
            { type: 'bar', name, data: [1, 2], itemStyle: { color }, label: { show: true, color } },
            { type: 'line', data: [2, 1], lineStyle: { color }, areaStyle: { color } },
          ],
          legend: { show: true },
          xAxis: { type: 'category', data: [label, name] },
          yAxis: { type: 'value' },
        };
        // As chartOption hands every option to ECharts (a text `__proto__` would pollute objects).
        const svg = scalableSvg(renderChartSvg(withSafeTexts(option), { width: 400, height: 260 }));
        expect(outsideAllowlistInHtml(svg)).toEqual([]);
      }),
      RUNS,
    );
  });
});
