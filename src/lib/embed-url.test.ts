import { defaultParseSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { escapeMarkup } from '../../shared/escape-markup';
import {
  dashboardEmbedPath,
  embedUrl,
  iframeSnippet,
  readEmbedTheme,
  visualizationEmbedPath,
} from './embed-url';

describe('embed URLs', () => {
  it('name the dashboard or the visualization, escaped', () => {
    expect(dashboardEmbedPath('alice', 'my board')).toBe('/embed/dashboards/alice/my%20board');
    expect(visualizationEmbedPath(12, 34)).toBe('/embed/queries/12/34');
  });

  it('carry the values as the router writes them, then the theme, and read back the same', () => {
    const search = { days: 7, chain: 'ethereum', 'p.3.n': 5, list: ['a', 'b'], code: '007' };
    const url = embedUrl('https://strata.example', '/embed/queries/1/2', search, 'dark');
    expect(url).toBe(
      'https://strata.example/embed/queries/1/2?days=7&chain=ethereum&p.3.n=5&list=%5B%22a%22%2C%22b%22%5D&code=007&theme=dark',
    );
    expect(defaultParseSearch(new URL(url).search)).toEqual({ ...search, theme: 'dark' });
  });

  it('read the theme, light unless dark', () => {
    expect(readEmbedTheme('dark')).toBe('dark');
    for (const v of ['light', 'DARK', undefined, 1]) expect(readEmbedTheme(v)).toBe('light');
  });
});

describe('iframeSnippet', () => {
  it('is an iframe whose attributes cannot be broken out of', () => {
    const s = iframeSnippet('https://x.example/embed/queries/1/2?a=%22&theme=light', {
      title: 'Sales "2024" <b>',
      height: 400.4,
    });
    expect(s).toBe(
      '<iframe src="https://x.example/embed/queries/1/2?a=%22&amp;theme=light" title="Sales &quot;2024&quot; &lt;b&gt;" width="100%" height="400" style="border: 0" loading="lazy"></iframe>',
    );
    expect(iframeSnippet('https://x', { title: 't', height: 10 })).toContain('height="120"');
  });

  it('escapes as the server’s pages do: apostrophes too, characters HTML does not allow left out', () => {
    const title = "Bob's <b>\u0001 chart";
    expect(iframeSnippet('https://x', { title, height: 200 })).toContain(
      `title="${escapeMarkup(title)}"`,
    );
    expect(escapeMarkup(title)).toBe('Bob&#39;s &lt;b&gt; chart');
  });
});
