import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { afterAll, describe, expect, it } from 'vitest';
import { cardSvg, type Card } from './card-svg.js';
import { svgToPng } from './png.js';
import { cleanSvg } from './svg-allowlist.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-png-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** An image file the server can read: a red square. */
const secret = path.join(dir, 'secret.png');
fs.writeFileSync(
  secret,
  new Resvg(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#ff0000"/></svg>',
  )
    .render()
    .asPng(),
);

const rows = {
  columns: ['chain', 'volume'],
  types: ['varchar', 'double'],
  rows: [
    { chain: 'ethereum', volume: 10 },
    { chain: 'base', volume: 30 },
  ],
};
const cardWith = (color?: string): Card => ({
  title: 'Volume',
  subtitle: 'by @alice',
  tiles: [
    {
      name: 'Volume by chain',
      data: {
        kind: 'chart',
        options: {
          globalSeriesType: 'column',
          columnMapping: { chain: 'x', volume: 'y' },
          ...(color === undefined ? {} : { seriesOptions: { volume: { color } } }),
        },
        rows,
      },
    },
  ],
});
const png = (card: Card) => Buffer.from(svgToPng(cardSvg(card)));

describe('svgToPng', () => {
  it('draws a card whose chart color names a server file as the clean card', () => {
    const image = `x"/><image href="${secret}" x="0" y="0" width="800" height="420"/><path d="`;
    expect(png(cardWith(image)).equals(png(cardWith()))).toBe(true);
  });

  it('reads no file an image element names, whatever put it in the SVG', () => {
    const doc = (inner: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64"><rect width="64" height="64" fill="#ffffff"/>${inner}</svg>`;
    const clean = Buffer.from(svgToPng(doc('')));
    for (const inner of [
      `<image href="${secret}" width="64" height="64"/>`,
      `<image xlink:href="file://${secret}" width="64" height="64"/>`,
      `<g><image href="${path.relative(process.cwd(), secret)}" width="64" height="64"/></g>`,
    ])
      expect(Buffer.from(svgToPng(doc(inner))).equals(clean), inner).toBe(true);
  });

  it('draws a card whose chart color no SVG parser takes, without failing', () => {
    for (const color of ['"', '<', '&', 'x"y', 'url(', ']]>', '\u0000', 'rgb(1,2', '#'])
      expect(png(cardWith(color)).equals(png(cardWith())), color).toBe(true);
  });

  it('draws a card whose title holds characters XML does not allow', () => {
    const out = png({ ...cardWith(), title: 'Vol\u0000ume\u0007 \uD800' });
    expect(out.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('draws each color of the options’ grammar as browsers do', () => {
    const pixel = (fill: string) => {
      const doc = `<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"><rect width="2" height="2" fill="${fill}"/></svg>`;
      // What svgToPng hands resvg: the color passes the allowlist's paint grammar too.
      return [...new Resvg(cleanSvg(doc)).render().pixels.subarray(0, 4)];
    };
    const cases: [string, number[]][] = [
      ['#f00', [255, 0, 0, 255]],
      ['#ff000080', [128, 0, 0, 128]],
      ['rgb(255, 0, 0)', [255, 0, 0, 255]],
      ['rgb(100%,0%,0%)', [255, 0, 0, 255]],
      ['rgba(255,0,0,.5)', [127, 0, 0, 127]],
      ['hsl(120, 100%, 50%)', [0, 255, 0, 255]],
      ['hsla(-240, 100%, 50%, 0.5)', [0, 127, 0, 127]],
      ['SteelBlue', [70, 130, 180, 255]],
      ['transparent', [0, 0, 0, 0]],
    ];
    for (const [fill, rgba] of cases) expect(pixel(fill), fill).toEqual(rgba);
  });
});
