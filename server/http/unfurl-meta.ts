import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { escapeMarkup } from '../../shared/escape-markup.js';
import { SESSION_COOKIE } from '../auth/sessions.js';
import type { Deps } from '../deps.js';
import { CARD_PX } from '../render/card-svg.js';
import type { PublicDashboardView } from '../previews/dashboard-view.js';
import { PreviewsService, type Preview } from '../previews/previews-service.js';
import { presentedKey } from './principal.js';

/**
 * The preview of the page `c` asks for, when it is one with a preview: a query, a visualization
 * (`/queries/{id}?viz=`), or the dashboard whose page it is (`dashboard`, its view, read by the
 * caller: null on other paths). Null when private, archived or unknown.
 */
function previewOf(
  previews: PreviewsService,
  c: Context,
  dashboard: Promise<PublicDashboardView | null> | null,
): Promise<Preview | null> | null {
  const query = /^\/queries\/(\d{1,15})\/?$/.exec(c.req.path);
  if (!query) return dashboard && dashboard.then((v) => v && previews.dashboardOf(v));
  const id = Number(query[1]);
  const viz = c.req.query('viz');
  const vizId = viz && /^\d{1,15}$/.test(viz) ? Number(viz) : null;
  return vizId ? previews.findVisualization(id, vizId) : previews.findQuery(id);
}

/**
 * The Open Graph and Twitter card tags of a preview, every value escaped. The tags that name an
 * absolute URL (`og:url`, `og:image` and its details, `twitter:image`) come only with `base`,
 * the configured PUBLIC_URL: without it the card is the page's title and description alone.
 */
export function unfurlTags(p: Preview, base: string | undefined): string {
  const tags: [string, string, string][] = [
    ['name', 'description', p.description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Strata'],
    ['property', 'og:title', p.title],
    ['property', 'og:description', p.description],
    ['name', 'twitter:card', base ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', p.title],
    ['name', 'twitter:description', p.description],
  ];
  if (base) {
    const image = `${base}${p.imagePath}?v=${PreviewsService.version(p)}`;
    tags.push(
      ['property', 'og:url', `${base}${p.pagePath}`],
      ['property', 'og:image', image],
      ['property', 'og:image:type', 'image/png'],
      ['property', 'og:image:width', String(CARD_PX.width)],
      ['property', 'og:image:height', String(CARD_PX.height)],
      ['property', 'og:image:alt', `${p.title}: charts on Strata`],
      ['name', 'twitter:image', image],
    );
  }
  return tags.map(([k, n, v]) => `<meta ${k}="${n}" content="${escapeMarkup(v)}">`).join('\n    ');
}

/** `html` with the preview's title in `<title>` and its tags before `</head>`. */
export function withUnfurlTags(html: string, p: Preview, base: string | undefined): string {
  // A function, so no `$&` in a title is read as a replacement pattern.
  const titled = html.replace(
    /<title>[^<]*<\/title>/,
    () => `<title>${escapeMarkup(p.title)} · Strata</title>`,
  );
  const at = titled.indexOf('</head>');
  if (at < 0) return titled;
  return `${titled.slice(0, at)}  ${unfurlTags(p, base)}\n  ${titled.slice(at)}`;
}

/**
 * The SPA's index.html for `c`'s path, with a link preview when the path is a public page's
 * (`/{owner}/{slug}`, whose dashboard's view `dashboard` is, `/queries/{id}`,
 * `/queries/{id}?viz={visualization_id}`): crawlers run no script, so the tags are in the HTML
 * itself. Anything private, archived or unknown keeps the generic page: nothing of it is
 * named. For an anonymous visitor the image is rendered meanwhile, off this request (it is not
 * awaited).
 *
 * Absolute URLs come from PUBLIC_URL only, never from the request: its `Host` is whatever the
 * client sent, and a page naming a forged host could be kept by a cache and served to others.
 * Without PUBLIC_URL the tags carry no URL (and no image: Open Graph takes no relative one).
 */
export async function withUnfurl(
  deps: Deps,
  c: Context,
  html: string,
  dashboard: Promise<PublicDashboardView | null> | null,
): Promise<string> {
  const preview = await previewOf(deps.previews, c, dashboard);
  if (!preview) return html;
  const base = deps.config.publicUrl;
  // A crawler (no session, no key) asks for the image next: its render starts now, in the
  // background, and the image's request waits for the same render if it is not done.
  if (base && c.req.method === 'GET' && !getCookie(c, SESSION_COOKIE) && !presentedKey(c))
    void deps.previews.image(preview).catch(() => undefined);
  return withUnfurlTags(html, preview, base);
}
