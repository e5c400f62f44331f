import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_ROUTE } from '../../shared/pages/page-protocol.js';
import {
  dashboardPageModules,
  earlyLinks,
  escapeJsonForScript,
  preloadsOf,
  withPreloads,
  type ViteManifest,
} from './spa-page.js';

const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  'src/routes/page.tsx?split': {
    file: 'assets/page-1.js',
    imports: ['index.html', '_shared-1.js', '_toolbar-1.js'],
    css: ['assets/page-1.css'],
  },
  '_toolbar-1.js': { file: 'assets/toolbar-1.js', imports: ['_shared-1.js'] },
  'src/viz.tsx': { file: 'assets/viz-1.js', imports: ['_echart-1.js', '_toolbar-1.js'] },
  '_echart-1.js': { file: 'assets/echart-1.js', css: ['assets/echart-1.css'] },
};

describe('preloadsOf', () => {
  it('gives the chunks and stylesheets of the modules, their imports, not the entry’s', () => {
    expect(preloadsOf(manifest, ['src/routes/page.tsx?split', 'src/viz.tsx'])).toEqual({
      scripts: [
        '/assets/page-1.js',
        '/assets/toolbar-1.js',
        '/assets/viz-1.js',
        '/assets/echart-1.js',
      ],
      styles: ['/assets/page-1.css', '/assets/echart-1.css'],
    });
  });

  it('leaves out only what the app’s entry loads, not what another entry (embed.html) does', () => {
    const withEmbed: ViteManifest = {
      ...manifest,
      'embed.html': { file: 'assets/embed-1.js', isEntry: true, imports: ['_echart-1.js'] },
    };
    expect(preloadsOf(withEmbed, ['src/viz.tsx']).scripts).toContain('/assets/echart-1.js');
  });

  it('skips modules the build does not have', () => {
    expect(preloadsOf(manifest, ['src/gone.tsx'])).toEqual({ scripts: [], styles: [] });
  });
});

describe('dashboardPageModules', () => {
  // As Vite writes them: the entry loads every route lazily; the dashboard's route imports the
  // chunk that loads the chart renderer lazily, and the entry (which loads the editor lazily).
  const ROUTE = 'src/routes/$owner/$slug.tsx?tsr-split=component';
  const built: ViteManifest = {
    'index.html': {
      file: 'assets/index-1.js',
      isEntry: true,
      imports: ['_shared-1.js'],
      dynamicImports: [ROUTE, 'src/routes/_app.tsx?tsr-split=component'],
    },
    '_shared-1.js': { file: 'assets/shared-1.js', dynamicImports: ['src/editor.tsx'] },
    [ROUTE]: { file: 'assets/slug-1.js', imports: ['index.html', '_lazy-viz-1.js'] },
    '_lazy-viz-1.js': { file: 'assets/lazy-viz-1.js', dynamicImports: ['src/viz.tsx'] },
    'src/viz.tsx': { file: 'assets/viz-1.js', imports: ['_echart-1.js'] },
    '_echart-1.js': { file: 'assets/echart-1.js' },
    'src/routes/_app.tsx?tsr-split=component': { file: 'assets/app-1.js' },
    'src/editor.tsx': { file: 'assets/editor-1.js' },
  };

  it('are the route’s component and what it loads lazily, not what the entry does', () => {
    expect(dashboardPageModules(built)).toEqual([ROUTE, 'src/viz.tsx']);
    expect(preloadsOf(built, dashboardPageModules(built)).scripts).toEqual([
      '/assets/slug-1.js',
      '/assets/lazy-viz-1.js',
      '/assets/viz-1.js',
      '/assets/echart-1.js',
    ]);
  });

  it('are none in a build without the route', () => {
    expect(dashboardPageModules({ 'index.html': built['index.html']! })).toEqual([]);
  });

  it('follow the app’s route file, which the build names by its path', () => {
    expect(ROUTE.split('?')[0]).toBe(`src/routes${DASHBOARD_ROUTE}.tsx`);
    expect(fs.existsSync(`src/routes${DASHBOARD_ROUTE}.tsx`)).toBe(true);
  });
});

describe('earlyLinks', () => {
  it('lists the head’s stylesheets as preloads, then its module scripts and preloads', () => {
    const html = withPreloads(
      '<html><head><script type="module" crossorigin src="/assets/index-1.js"></script>' +
        '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
        '<body><link rel="stylesheet" href="/assets/late.css"></body></html>',
      { scripts: ['/assets/a.js'], styles: ['/assets/a.css'] },
    );
    expect(earlyLinks(html)).toBe(
      [
        '</assets/index-1.css>; rel=preload; as=style; crossorigin',
        '</assets/a.css>; rel=preload; as=style; crossorigin',
        '</assets/index-1.js>; rel=modulepreload; crossorigin',
        '</assets/a.js>; rel=modulepreload; crossorigin',
      ].join(', '),
    );
    expect(earlyLinks('<html><head><title>x</title></head></html>')).toBeUndefined();
  });
});

describe('withPreloads', () => {
  it('links scripts as module preloads and styles as stylesheets before </head>', () => {
    const html = '<html><head><title>x</title></head><body></body></html>';
    const out = withPreloads(html, { scripts: ['/assets/a.js'], styles: ['/assets/a.css'] });
    expect(out).toMatch(
      /<title>x<\/title>\s*<link rel="modulepreload" crossorigin href="\/assets\/a.js">\s*<link rel="stylesheet" crossorigin href="\/assets\/a.css">\s*<\/head>/,
    );
    expect(withPreloads(html, { scripts: [], styles: [] })).toBe(html);
  });
});

describe('escapeJsonForScript', () => {
  async function escaped(chunks: string[]) {
    const source = new ReadableStream<Uint8Array>({
      start(c) {
        for (const s of chunks) c.enqueue(Buffer.from(s));
        c.close();
      },
    });
    return new Response(escapeJsonForScript(source)).text();
  }

  it('writes every < as \\u003c, which JSON reads as the same text', async () => {
    const value = { s: '</script><script>alert(1)</script><!-- ü', n: 1 };
    const json = JSON.stringify(value);
    const out = await escaped([json.slice(0, 9), json.slice(9)]);
    expect(out).not.toContain('<');
    expect(JSON.parse(out)).toEqual(value);
  });

  it('passes text without < unchanged', async () => {
    expect(await escaped(['{"a":', '"b"}'])).toBe('{"a":"b"}');
  });
});
