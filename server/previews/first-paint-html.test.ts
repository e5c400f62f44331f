import { describe, expect, it } from 'vitest';
import { widgetLayout } from '../../shared/dashboards/grid-layout.js';
import { scalableSvg } from '../render/chart-svgs.js';
import { chartBox, firstPaintHtml, type PaintedWidget } from './first-paint-html.js';

const EVIL = '</div><script>alert(1)</script><img src=x onerror=alert(2)>';
const pos = (col: number, row: number, size_x: number, size_y: number) => ({
  col,
  row,
  size_x,
  size_y,
});

/** The layout of two charts side by side over a text widget, overlapping input included. */
const layout = widgetLayout({
  visualization_widgets: [
    { widget_id: 1, visualization_id: 10, position: pos(0, 0, 6, 8) },
    { widget_id: 2, visualization_id: 11, position: pos(6, 0, 6, 8) },
  ],
  text_widgets: [{ widget_id: 3, text: EVIL, position: pos(0, 4, 12, 3) }],
  param_widgets: [],
});
const item = (i: string) => layout.find((l) => l.i === i)!;

function page(widgets: PaintedWidget[]) {
  return firstPaintHtml({ name: EVIL, ownerHandle: 'alice', tags: [EVIL], widgets });
}

describe('firstPaintHtml', () => {
  it('places every widget in the cells the app’s grid gives it', () => {
    const html = page([
      { kind: 'viz', item: item('v:1'), title: 'A', body: { kind: 'later' } },
      { kind: 'viz', item: item('v:2'), title: 'B', body: { kind: 'later' } },
      { kind: 'text', item: item('t:3'), text: 'hi' },
    ]);
    expect(html).toContain(
      'style="grid-column:1 / span 6;grid-row:1 / span 8" data-fp-widget="v:1"',
    );
    expect(html).toContain(
      'style="grid-column:7 / span 6;grid-row:1 / span 8" data-fp-widget="v:2"',
    );
    // The text widget overlapped the charts: compacted below them, as the app shows it.
    expect(html).toContain(
      'style="grid-column:1 / span 12;grid-row:9 / span 3" data-fp-widget="t:3"',
    );
  });

  it('writes every text of the dashboard escaped: name, tags, titles, text widgets, cells', () => {
    const html = page([
      {
        kind: 'viz',
        item: item('v:1'),
        title: EVIL,
        caption: {
          text: `n = ${EVIL}" onmouseover="alert(3)`,
          title: `n = ${EVIL}" onmouseover="alert(3)`,
          other: true,
        },
        body: { kind: 'later' },
      },
      {
        kind: 'viz',
        item: item('v:2'),
        title: 'Rows',
        body: {
          kind: 'tile',
          tile: {
            kind: 'table',
            options: {},
            rows: { columns: [EVIL], types: ['varchar'], rows: [{ [EVIL]: EVIL }] },
            total: 1,
          },
        },
      },
      { kind: 'text', item: item('t:3'), text: EVIL },
    ]);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html.split('&lt;/div&gt;&lt;script&gt;alert(1)').length - 1).toBeGreaterThanOrEqual(7);
    // The caption's hover text is an attribute: its quotes are escaped too.
    expect(html).not.toContain('" onmouseover=');
    expect(html).toContain(
      '<span class="sfp-caption sfp-other" title="n = &lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot; onmouseover=&quot;alert(3)" data-fp-caption>',
    );
  });

  it('shows one chart SVG when the scheme is known, both with their classes when not', () => {
    const svg = '<svg width="100%" height="100%" viewBox="0 0 10 10"></svg>';
    const one = page([
      { kind: 'viz', item: item('v:1'), title: 'A', body: { kind: 'chart', svgs: { dark: svg } } },
    ]);
    expect(one).toContain(`<div class="sfp-chart" data-fp-painted>${svg}</div>`);
    const both = page([
      {
        kind: 'viz',
        item: item('v:1'),
        title: 'A',
        body: { kind: 'chart', svgs: { light: svg, dark: svg } },
      },
    ]);
    expect(both).toContain('class="sfp-chart sfp-light"');
    expect(both).toContain('class="sfp-chart sfp-dark"');
  });

  it('draws a counter as the app formats it', () => {
    const html = page([
      {
        kind: 'viz',
        item: item('v:1'),
        title: 'Total',
        body: {
          kind: 'tile',
          tile: {
            kind: 'counter',
            options: { counterColName: 'n', stringPrefix: '$' },
            value: 1234,
            target: undefined,
            missingRow: null,
          },
        },
      },
    ]);
    expect(html).toMatch(/<div class="sfp-number">\$1,234<\/div>/);
  });
});

describe('chartBox', () => {
  it('is the body of the widget’s frame at the page’s widest container', () => {
    // Half of 1288 px less a 12 px gap: 638 px wide, 8 rows of 40 px and 7 gaps: 404 px high;
    // less the frame's border and padding (22 px), and the title row and its gap (28 px).
    expect(chartBox(item('v:1'))).toEqual({ width: 616, height: 354 });
  });
});

describe('scalableSvg', () => {
  it('makes ECharts’ document fill its box, and drops anything that could run', () => {
    const doc =
      '<svg width="400" height="300" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><g><rect/></g></svg>';
    const filled =
      '<svg width="100%" height="100%" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300">';
    expect(scalableSvg(doc)).toBe(`${filled}<g><rect/></g></svg>`);
    const bad = {
      '<script>x</script>': '<g/>',
      '<rect onload="x"/>': '<g><rect/></g>',
      '<a href="javascript:x"><rect/></a>': '<g/>',
    };
    for (const [part, kept] of Object.entries(bad))
      expect(scalableSvg(doc.replace('<rect/>', part))).toBe(`${filled}${kept}</svg>`);
    expect(scalableSvg('<div>')).toBe('');
  });
});
