import { describe, expect, it } from 'vitest';
import type { Preview } from '../previews/previews-service.js';
import { unfurlTags, withUnfurlTags } from './unfurl-meta.js';

const preview = (title: string, description = 'A dashboard'): Preview => ({
  subject: 'd1',
  title,
  description,
  pagePath: '/a/b',
  imagePath: '/og/dashboards/a/b.png',
  card: { title, subtitle: '' },
  tiles: [],
  key: 'k',
});
const INDEX = '<html><head><title>Strata</title></head><body></body></html>';

describe('unfurl tags', () => {
  it('are Open Graph and Twitter tags with absolute URLs', () => {
    const tags = unfurlTags(preview('Board'), 'https://x.test');
    expect(tags).toContain('<meta property="og:title" content="Board">');
    expect(tags).toContain('<meta property="og:url" content="https://x.test/a/b">');
    expect(tags).toMatch(
      /<meta property="og:image" content="https:\/\/x\.test\/og\/dashboards\/a\/b\.png\?v=[0-9a-f]{12}">/,
    );
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(tags).toContain('<meta property="og:image:width" content="1200">');
  });

  it('name no URL without a configured base: a text card, no image', () => {
    const tags = unfurlTags(preview('Board'), undefined);
    expect(tags).toContain('<meta property="og:title" content="Board">');
    expect(tags).toContain('<meta name="twitter:card" content="summary">');
    expect(tags).not.toMatch(/og:url|og:image|twitter:image|:\/\//);
  });

  it('escape every value, and a title’s `$&` is not a replacement pattern', () => {
    const evil = `"><script>alert(1)</script> $& $1 '`;
    const html = withUnfurlTags(INDEX, preview(evil, evil), 'https://x.test');
    expect(html).not.toContain('<script>');
    expect(html).toContain(
      '<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $1 &#39; · Strata</title>',
    );
    expect(html).toContain(
      'content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $1 &#39;"',
    );
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });
});
