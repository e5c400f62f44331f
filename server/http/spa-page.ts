import fs from 'node:fs';
import path from 'node:path';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  BUNDLE_ELEMENT_ID,
  DASHBOARD_ROUTE,
  dashboardAt,
} from '../../shared/pages/page-protocol.js';
import { escapeMarkup } from '../../shared/escape-markup.js';
import { SESSION_COOKIE } from '../auth/sessions.js';
import type { Config } from '../config.js';
import type { Deps } from '../deps.js';
import { publicDashboardView } from '../previews/dashboard-view.js';
import type { AppEnv } from './app-env.js';
import { dashboardBundleBody } from './dashboard-bundle.js';
import { concatBodies } from './file-stream.js';
import { schemesOf, withFirstPaintBody, withFirstPaintHead } from './first-paint-page.js';
import { presentedKey } from './principal.js';
import { publicBaseUrl } from './results.js';
import { withUnfurl } from './unfurl-meta.js';

/** Vite's build manifest (`build.manifest`): one entry per module of the build. */
export type ViteManifest = Record<
  string,
  {
    file: string;
    imports?: string[];
    dynamicImports?: string[];
    css?: string[];
    isEntry?: boolean;
  }
>;

/** `key` and every chunk it imports (statically), added to `into`. */
function walk(manifest: ViteManifest, key: string, into: Set<string>): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const i of manifest[key].imports ?? []) walk(manifest, i, into);
  return into;
}

/** What the app's entry loads (embed.html is an entry too, but its chunks are not the app's). */
const entryChunks = (manifest: ViteManifest) =>
  manifest['index.html']?.isEntry ? walk(manifest, 'index.html', new Set()) : new Set<string>();

/**
 * The modules a public dashboard's page runs besides the entry, read from the build's manifest:
 * its route's component (the module of the route file of DASHBOARD_ROUTE, as TanStack Router's
 * plugin splits it: `src/routes/$owner/$slug.tsx?tsr-split=component`) and the modules its
 * chunks load lazily that the entry does not (the chart renderer, with ECharts), which it would
 * otherwise fetch one after the other.
 */
export function dashboardPageModules(manifest: ViteManifest): string[] {
  const file = `src/routes${DASHBOARD_ROUTE}.tsx`;
  const route = Object.keys(manifest).filter((k) => k.split('?')[0] === file);
  const entry = entryChunks(manifest);
  const chunks = new Set<string>();
  for (const r of route) walk(manifest, r, chunks);
  const lazy = [...chunks].flatMap((k) =>
    entry.has(k) ? [] : (manifest[k]!.dynamicImports ?? []),
  );
  return [...new Set([...route, ...lazy])];
}

/**
 * The files to fetch with the page for `modules`: their chunks and every chunk they import, and
 * their stylesheets, leaving out what the entry (index.html) already loads. Unknown modules are
 * skipped.
 */
export function preloadsOf(
  manifest: ViteManifest,
  modules: readonly string[],
): { scripts: string[]; styles: string[] } {
  const byEntry = entryChunks(manifest);
  const wanted = new Set<string>();
  for (const m of modules) walk(manifest, m, wanted);
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const key of wanted) {
    if (byEntry.has(key)) continue;
    const e = manifest[key]!;
    scripts.push(`/${e.file}`);
    for (const css of e.css ?? []) styles.push(`/${css}`);
  }
  return { scripts, styles };
}

/** `html` with the given files linked before `</head>`: scripts as module preloads, then styles. */
export function withPreloads(html: string, files: { scripts: string[]; styles: string[] }): string {
  const tags = [
    ...files.scripts.map((f) => `<link rel="modulepreload" crossorigin href="${escapeMarkup(f)}">`),
    ...files.styles.map((f) => `<link rel="stylesheet" crossorigin href="${escapeMarkup(f)}">`),
  ].join('\n    ');
  const at = html.indexOf('</head>');
  if (!tags || at < 0) return html;
  return `${html.slice(0, at)}  ${tags}\n  ${html.slice(at)}`;
}

/**
 * The page's stylesheets and scripts as a `Link` header (preload, modulepreload), so the browser
 * fetches them from the response's headers, before its renderer has parsed the head.
 */
export function earlyLinks(html: string): string | undefined {
  const head = html.slice(0, Math.max(0, html.indexOf('</head>')));
  const all = (re: RegExp) => [...head.matchAll(re)].map((m) => m[1]!);
  const links = [
    ...all(/<link rel="stylesheet"[^>]*\shref="([^"]+)"/g).map(
      (f) => `<${f}>; rel=preload; as=style; crossorigin`,
    ),
    ...[
      ...all(/<script type="module"[^>]*\ssrc="([^"]+)"/g),
      ...all(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g),
    ].map((f) => `<${f}>; rel=modulepreload; crossorigin`),
  ];
  return links.length ? links.join(', ') : undefined;
}

/**
 * The headers of an HTML page of the app: its `Link` (earlyLinks), when it links anything, and
 * `Vary: Host` when PUBLIC_URL is unset: the links of a dashboard's bundle then follow the
 * request's `Host` (publicBaseUrl), which a client may forge, so a cache keeps one copy per host
 * and never serves one host's page to another.
 */
function pageHeaders(html: string, config: Pick<Config, 'publicUrl'>): Record<string, string> {
  const link = earlyLinks(html);
  return { ...(link ? { link } : {}), ...(config.publicUrl ? {} : { vary: 'Host' }) };
}

const LT = '<'.charCodeAt(0);
const ESCAPED_LT = Buffer.from('\\u003c');

/**
 * JSON text made safe inside `<script type="application/json">`: every `<` (found only inside
 * strings in JSON) becomes `\u003c`, the same character to a JSON parser, so no `</script>` or
 * `<!--` can end or change the element.
 */
export function escapeJsonForScript(json: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  return json.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (!chunk.includes(LT)) return controller.enqueue(chunk);
        const parts: Uint8Array[] = [];
        let from = 0;
        for (let i = chunk.indexOf(LT); i >= 0; i = chunk.indexOf(LT, i + 1)) {
          parts.push(chunk.subarray(from, i), ESCAPED_LT);
          from = i + 1;
        }
        parts.push(chunk.subarray(from));
        controller.enqueue(Buffer.concat(parts));
      },
    }),
  );
}

/**
 * The stream `written` resolves to, read when it is; if it fails, the stream ends there (the
 * page finds no bundle it can parse and asks the API, which reports the error).
 */
function whenWritten(written: Promise<ReadableStream<Uint8Array>>): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  // A failure before the stream is read is handled there, not reported as unhandled.
  written.catch(() => undefined);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          reader ??= (await written).getReader();
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        } catch {
          controller.close();
        }
      },
      async cancel(reason) {
        if (reader) await reader.cancel(reason);
        else
          await written.then(
            (s) => s.cancel(reason),
            () => undefined,
          );
      },
    },
    { highWaterMark: 0 },
  );
}

function cachedManifest(file: string) {
  let cache: { mtimeMs: number; manifest: ViteManifest | null } | undefined;
  return (): ViteManifest | null => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (cache?.mtimeMs !== mtimeMs) {
      let manifest: ViteManifest | null = null;
      try {
        manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as ViteManifest;
      } catch {
        // A manifest being rewritten by a build: the page goes without preloads.
      }
      cache = { mtimeMs, manifest };
    }
    return cache.manifest;
  };
}

/**
 * The SPA's index.html for every app path. A public dashboard's page (`/{owner}/{slug}`) also
 * links its route's chunks and the chart renderer as module preloads, so they load with the page;
 * for a visitor with no session or key, its bundle (what GET
 * /dashboards/by-slug/{owner}/{slug}/bundle answers anonymously) is in the page too, in a
 * `<script type="application/json">`, so the page draws without a request, and so is its first
 * paint (first-paint-page.ts: the charts drawn on the server, shown before any script runs). `mayInline` decides
 * whether this request may (the anonymous rate limit).
 */
export function spaPage(
  deps: Deps,
  staticDir: string,
  mayInline: (c: Context<AppEnv>) => Promise<boolean>,
) {
  const index = path.join(staticDir, 'index.html');
  const manifest = cachedManifest(path.join(staticDir, '.vite', 'manifest.json'));
  // The page's preloads, once per manifest (a rebuilt app has a new one).
  const preloads = new WeakMap<ViteManifest, ReturnType<typeof preloadsOf>>();
  const preloadsFor = (m: ViteManifest) => {
    if (!preloads.has(m)) preloads.set(m, preloadsOf(m, dashboardPageModules(m)));
    return preloads.get(m)!;
  };
  return async (c: Context<AppEnv>) => {
    const at = dashboardAt(c.req.path);
    const anonymous = !getCookie(c, SESSION_COOKIE) && !presentedKey(c);
    // The page reads its dashboard as an anonymous visitor sees it, once (the dashboard, its
    // visualizations, each latest run), for its link preview, whether it is public, and for an
    // anonymous visitor its first paint and its bundle. The first paint is looked up (or drawn)
    // from the start, so its time budget runs beside the reads below (null, at once, when no
    // public dashboard).
    const schemes = schemesOf(c);
    const view = at && publicDashboardView(deps, at.ownerHandle, at.slug);
    const paint =
      view && anonymous && c.req.method === 'GET' && deps.firstPaint.html(view, schemes);
    // Read per request (it is small): a rebuilt SPA is served without restarting the server.
    // Public pages carry their link preview's tags (unfurl-meta.ts).
    const html = await withUnfurl(deps, c, fs.readFileSync(index, 'utf8'), view);
    const m = at && manifest();
    if (!view || !m) return c.html(html, 200, pageHeaders(html, deps.config));
    const read = await view;
    if (!read) return c.html(html, 200, pageHeaders(html, deps.config));
    const page = withPreloads(html, preloadsFor(m));
    const end = page.lastIndexOf('</body>');
    // Signed in, or HEAD (answered without a body): the page carries no data.
    if (!paint || end < 0 || !(await mayInline(c)))
      return c.html(page, 200, pageHeaders(page, deps.config));
    // The head goes out at once (the browser fetches the chunks meanwhile), then the first
    // paint (charts drawn on the server, or nothing past its budget), then the bundle when its
    // pages are written. Not compressed: a compressor would hold the head back.
    const bundle = dashboardBundleBody(deps, read, { base: publicBaseUrl(c, deps) });
    const painted = withFirstPaintHead(page, schemes);
    const bodyEnd = painted.lastIndexOf('</body>');
    const body = concatBodies([
      ...withFirstPaintBody(painted.slice(0, bodyEnd), paint),
      `<script type="application/json" id="${BUNDLE_ELEMENT_ID}">`,
      escapeJsonForScript(whenWritten(bundle)),
      `</script>\n  ${painted.slice(bodyEnd)}`,
    ]);
    return c.body(body, 200, {
      'content-type': 'text/html; charset=UTF-8',
      'cache-control': 'no-transform',
      ...pageHeaders(page, deps.config),
    });
  };
}
