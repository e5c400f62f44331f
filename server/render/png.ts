import { createRequire } from 'node:module';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { cleanSvg } from './svg-allowlist.js';

const require = createRequire(import.meta.url);
const FONTS = path.dirname(require.resolve('@expo-google-fonts/arimo/package.json'));

/**
 * The cards' font, shipped by an npm package rather than looked up on the machine (a server
 * image may have none): Arimo, metric-compatible with Arial, close to the widths ECharts assumes
 * when it lays out text without a canvas.
 */
const FONT_FILES = [
  path.join(FONTS, '400Regular', 'Arimo_400Regular.ttf'),
  path.join(FONTS, '700Bold', 'Arimo_700Bold.ttf'),
];

/**
 * An SVG document as PNG bytes, at the document's own size, text in Arimo. Synchronous. resvg
 * would read any file an `<image href>` names (its resolver of references cannot be replaced from
 * JavaScript), so what it gets is the document written anew from the allowlist
 * (svg-allowlist.ts), which keeps no `href` at all: it draws only what it was given.
 */
export function svgToPng(svg: string): Uint8Array {
  const clean = cleanSvg(svg);
  if (!clean) throw new Error('the SVG to draw is not a well-formed SVG document');
  const png = new Resvg(clean, {
    font: {
      fontFiles: FONT_FILES,
      loadSystemFonts: false,
      defaultFontFamily: 'Arimo',
      sansSerifFamily: 'Arimo',
    },
    fitTo: { mode: 'original' },
  })
    .render()
    .asPng();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}
