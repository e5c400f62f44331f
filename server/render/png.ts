import { createRequire } from 'node:module';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';

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

/** An SVG document as PNG bytes, at the document's own size, text in Arimo. Synchronous. */
export function svgToPng(svg: string): Uint8Array {
  const png = new Resvg(svg, {
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
