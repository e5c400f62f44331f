import { describe, expect, it } from 'vitest';
import type { EChartsOption } from '../../shared/viz/echarts-option.js';
import { scalableSvg } from './chart-svgs.js';
import { renderChartSvg } from './echarts-ssr.js';
import { cleanSvg, MAX_SVG_CHARS } from './svg-allowlist.js';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const doc = (inner: string, attrs = '') => `<svg ${NS}${attrs} viewBox="0 0 10 10">${inner}</svg>`;
const cleaned = (inner: string) => cleanSvg(doc(inner)).replace(/^<svg[^>]*>|<\/svg>$/g, '');

describe('cleanSvg', () => {
  it('writes what a chart uses as it came, attributes escaped, empty elements self-closed', () => {
    const chart =
      '<g clip-path="url(#zr1-c0)"><path d="M1 2L3.5 -4e2Z" fill="#5070dd" stroke="rgba(0,0,0,0.5)" stroke-width="2" transform="translate(1 2) scale(2)"></path>' +
      '<text dominant-baseline="central" text-anchor="end" style="font-size:12px;font-family:sans-serif;" xml:space="preserve" x="3">a &lt; b &amp; &quot;c&quot;</text></g>' +
      '<defs><clipPath id="zr1-c0"><rect width="10" height="10" x="0" y="0" fill="none"/></clipPath></defs>';
    expect(cleaned(chart)).toBe(
      '<g clip-path="url(#zr1-c0)"><path d="M1 2L3.5 -4e2Z" fill="#5070dd" stroke="rgba(0,0,0,0.5)" stroke-width="2" transform="translate(1 2) scale(2)"/>' +
        '<text dominant-baseline="central" text-anchor="end" style="font-size:12px;font-family:sans-serif;" xml:space="preserve" x="3">a &lt; b &amp; &quot;c&quot;</text></g>' +
        '<defs><clipPath id="zr1-c0"><rect width="10" height="10" x="0" y="0" fill="none"/></clipPath></defs>',
    );
  });

  it('drops every element not on the list, with all it holds', () => {
    for (const part of [
      '<script>alert(1)</script>',
      '<style>rect{fill:url(https://evil.test/x)}</style>',
      '<style><![CDATA[ ]]></style>',
      '<image href="/etc/hostname" width="10" height="10"/>',
      '<image xlink:href="file:///etc/hostname"/>',
      '<use href="#a"/>',
      '<a href="javascript:alert(1)"><rect/></a>',
      '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>',
      '<meta http-equiv="refresh" content="0;url=https://evil.test"/>',
      '<iframe src="https://evil.test"/>',
      '<animate attributeName="href" to="javascript:alert(1)"/>',
      '<set attributeName="onmouseover" to="alert(1)"/>',
      '<filter id="f"><feImage href="/etc/hostname"/></filter>',
      '<pattern id="p"><image href="/etc/hostname"/></pattern>',
      '<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>',
    ])
      expect(cleaned(`<g>${part}</g>`), part).toBe('<g/>');
  });

  it('drops attributes not on the element’s list, or whose value breaks their grammar', () => {
    const kept = (attrs: string) => cleaned(`<rect ${attrs}/>`);
    for (const attrs of [
      'onmouseover="alert(1)"',
      'onload="alert(1)"',
      'href="/etc/hostname"',
      'xlink:href="/etc/hostname"',
      'class="zr0-cls-1"',
      'ecmeta_series_index="0"',
      'pointer-events="visible"',
      'filter="url(#f)"',
      'mask="url(#m)"',
      'fill="url(/etc/passwd)"',
      'fill="url(https://evil.test/#a)"',
      'fill="x"',
      'stroke="javascript:alert(1)"',
      'clip-path="url(data:x)"',
      'transform="translate(1 2) url(x)"',
      'style="background:url(https://evil.test)"',
      'width="1) url(x"',
      'id="a b"',
    ])
      expect(kept(attrs), attrs).toBe('<rect/>');
    expect(kept('fill="url(#grad-1)" stroke="none" id="r1" opacity=".5"')).toBe(
      '<rect fill="url(#grad-1)" stroke="none" id="r1" opacity=".5"/>',
    );
    expect(kept('style="font-family:x;}&lt;/style&gt;&lt;script&gt;"')).toBe(
      '<rect style="font-family:x;"/>',
    );
    expect(kept('style="font-size:12px;background:red;font-weight:bold"')).toBe(
      '<rect style="font-size:12px;font-weight:bold;"/>',
    );
  });

  it('escapes every text and value it writes, whatever the input escaped', () => {
    expect(cleaned('<text x="1">&lt;/text&gt;&lt;script&gt;x&lt;/script&gt;]]&gt;</text>')).toBe(
      '<text x="1">&lt;/text&gt;&lt;script&gt;x&lt;/script&gt;]]&gt;</text>',
    );
    expect(cleaned('<text><![CDATA[<b>&</b>]]></text>')).toBe(
      '<text>&lt;b&gt;&amp;&lt;/b&gt;</text>',
    );
    expect(cleaned('<rect style="font-family:\'a&quot;b\'"/>')).toBe(
      '<rect style="font-family:&#39;a&quot;b&#39;;"/>',
    );
    // Text outside a text element is only blanks; it is not kept.
    expect(cleaned('<g>stray</g>')).toBe('<g/>');
  });

  it('refuses a document that is not well-formed, not an svg, or too long', () => {
    expect(cleanSvg('<svg><rect></svg>')).toBe('');
    expect(cleanSvg(doc('<rect fill="x"/></path></g></svg><meta http-equiv="refresh"/>'))).toBe('');
    expect(cleanSvg(doc('<rect fill="red"/onmouseover="alert(1)"/>'))).toBe('');
    expect(cleanSvg('<html><svg/></html>')).toBe('');
    expect(cleanSvg('<!DOCTYPE svg [<!ENTITY x SYSTEM "/etc/passwd">]><svg>&x;</svg>')).toBe('');
    expect(cleanSvg(doc('<text>&x;</text>'))).toBe('');
    expect(cleanSvg('')).toBe('');
    expect(cleanSvg(doc(`<text>${'x'.repeat(MAX_SVG_CHARS)}</text>`))).toBe('');
  });

  it('replaces the root’s attributes it is given, writing them first', () => {
    expect(
      cleanSvg(doc('<rect/>', ' width="400" height="300" version="1.1"'), { width: '100%' }),
    ).toBe(`<svg width="100%" ${NS} height="300" viewBox="0 0 10 10"><rect/></svg>`);
  });

  it('keeps at most 32 levels of elements', () => {
    const deep = '<g>'.repeat(40) + '</g>'.repeat(40);
    expect((cleaned(deep).match(/<g/g) ?? []).length).toBe(31);
  });
});

describe('a chart option that smuggles markup into ECharts’ SVG', () => {
  // ECharts writes attribute values unescaped: these are what reached the page before.
  const REFRESH =
    'x"/></path></g></svg><meta http-equiv="refresh" content="0;url=https://evil.test"><svg><g><path a="';
  const HANDLER = 'red"/onmouseover="alert(1)';
  const option = (color: string): EChartsOption => ({
    series: [
      {
        type: 'pie',
        data: [
          { name: 'a', value: 1, itemStyle: { color } },
          { name: 'b', value: 2 },
        ],
      },
      { type: 'bar', data: [1, 2], itemStyle: { color: HANDLER } },
    ],
    xAxis: { type: 'category', data: ['a', 'b'] },
    yAxis: { type: 'value' },
  });

  it('reaches no page: the drawing is dropped, never written as markup', () => {
    const raw = renderChartSvg(option(REFRESH), { width: 400, height: 300 });
    expect(raw).toContain('<meta http-equiv="refresh"');
    expect(raw).toContain('onmouseover="alert(1)"');
    expect(scalableSvg(raw)).toBe('');
  });
});
