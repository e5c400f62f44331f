import { describe, expect, it } from 'vitest';
import { escapeMarkup } from '../../shared/escape-markup.js';
import type { Preview } from '../previews/previews-service.js';
import { svgText } from '../render/svg-text.js';
import { withPreloads } from './spa-page.js';
import { withUnfurlTags } from './unfurl-meta.js';

/**
 * Text the server writes into HTML or SVG by hand is escaped by one function
 * (shared/escape-markup.ts): the page's title and link-preview tags, its preload links, the
 * cards' SVG texts. A copy that escapes less shows here.
 */
const HOSTILE = `Evil "><script>alert('x')</script> & \u0001\uD800`;
const ESCAPED = 'Evil &quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; ';

describe('one escaper for HTML and SVG', () => {
  it('escapes a hostile text alike in the title, the tags, an SVG text and a preload link', () => {
    expect(escapeMarkup(HOSTILE)).toBe(ESCAPED);
    const p: Preview = {
      subject: 'q1',
      title: HOSTILE,
      description: HOSTILE,
      pagePath: '/queries/1',
      imagePath: '/og/q1.png',
      card: { title: HOSTILE, subtitle: '' },
      tiles: [],
      key: 'k',
    };
    const html = withUnfurlTags('<html><head><title>Strata</title></head></html>', p, undefined);
    expect(html).toContain(`<title>${ESCAPED} · Strata</title>`);
    expect(html).toContain(`<meta property="og:title" content="${ESCAPED}">`);
    expect(html).toContain(`<meta name="description" content="${ESCAPED}">`);
    const svg = svgText(HOSTILE, { x: 0, y: 0, width: 10_000 }, { size: 12, color: '#000' });
    expect(svg).toContain(`>${ESCAPED}</text>`);
    const page = withPreloads('<head></head>', { scripts: [`/assets/${HOSTILE}.js`], styles: [] });
    expect(page).toContain(`href="/assets/${ESCAPED}.js"`);
  });
});
