import { describe, expect, it } from 'vitest';
import { colorOptionProblem, isCssColor } from './css-color';

describe('isCssColor', () => {
  it('takes hex, rgb(), rgba(), hsl(), hsla() and CSS color names', () => {
    for (const c of [
      '#f00',
      '#f00a',
      '#1F77B4',
      '#1f77b480',
      'rgb(255, 0, 0)',
      'rgb(100%,0%,0%)',
      'RGBA( 0 , 128 , 255 , 0.5 )',
      'rgba(0,0,0,.5)',
      'rgb(50.5%, 0%, 0%)',
      'hsl(120, 100%, 50%)',
      'hsla(-30, 10.5%, 20%, 0.3)',
      'steelblue',
      'SteelBlue',
      'transparent',
      ' red ',
    ])
      expect(isCssColor(c), c).toBe(true);
  });

  it('refuses anything else: markup, references, functions, other types', () => {
    for (const c of [
      '',
      'x',
      'red"/onmouseover="alert(1)',
      'x"/></path></g></svg><meta http-equiv="refresh" content="0;url=http://evil.test">',
      '#ff',
      '#fffff',
      '#ggg',
      'rgb(1,2)',
      'rgb(1 2 3)',
      'rgb(1,2,3,4,5)',
      'rgb(1,2,3);fill:url(/etc/passwd)',
      'url(#a)',
      'url(/etc/passwd)',
      'hsl(120, 100, 50)',
      // Forms browsers take but resvg (the PNG previews) draws black.
      'hsl(120deg, 100%, 50%)',
      'hsl(120.5, 100%, 50%)',
      'rgba(0, 0, 0, 50%)',
      'rgb(.5, 0, 0)',
      'rgb(1e2, 0, 0)',
      'rebeccapurple',
      'currentColor',
      'inherit',
      'var(--x)',
      'expression(alert(1))',
      `#${'f'.repeat(6)}${' '.repeat(80)}`,
      'red\n<script>',
      12,
      null,
      { color: 'red' },
    ])
      expect(isCssColor(c), String(c)).toBe(false);
  });
});

describe('colorOptionProblem', () => {
  it('names the first color that breaks the grammar, under seriesOptions or valuesOptions', () => {
    expect(
      colorOptionProblem({
        seriesOptions: { fees: { color: '#123456' }, vol: { color: 'red"/onmouseover="x' } },
      }),
    ).toEqual({
      path: ['seriesOptions', 'vol', 'color'],
      message: expect.stringMatching(/^"red\\"\/onmouseover=\\"x" is not a color: a color is/),
    });
    expect(colorOptionProblem({ valuesOptions: { ETH: { color: 7 } } })).toEqual({
      path: ['valuesOptions', 'ETH', 'color'],
      message: expect.stringMatching(/^number is not a color/),
    });
  });

  it('leaves unset colors, other options and odd shapes alone (they are ignored on read)', () => {
    expect(
      colorOptionProblem({
        seriesOptions: { a: { color: null }, b: { color: '' }, c: {}, d: 'x', e: { name: '<b>' } },
        valuesOptions: ['#f00'],
        color: 'not checked here',
      }),
    ).toBeNull();
    expect(colorOptionProblem({})).toBeNull();
  });

  it('shows at most 40 characters of the value and 100 of the key', () => {
    const problem = colorOptionProblem({
      seriesOptions: { ['k'.repeat(500)]: { color: 'x'.repeat(5000) } },
    });
    expect(problem!.path[1]).toHaveLength(100);
    expect(problem!.message.length).toBeLessThan(200);
  });
});
