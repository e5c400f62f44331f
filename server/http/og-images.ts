import type { OpenAPIHono } from '@hono/zod-openapi';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { Deps } from '../deps.js';
import { notFound } from '../errors.js';
import type { Preview } from '../previews/previews-service.js';
import type { AppEnv } from './app-env.js';
import { RATE_WINDOW_MS, retryAfterSeconds } from './rate-limit.js';
import { errorResponses } from './router.js';

/** `{name}.png` → name; anything else is not an image path. */
function stem(file: string): string {
  if (!file.endsWith('.png')) throw notFound('No such image');
  return file.slice(0, -4);
}

function positiveId(s: string): number {
  const n = /^\d{1,15}$/.test(s) ? Number(s) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw notFound('No such image');
  return n;
}

/**
 * The link preview images of public pages (server/previews): `/og/dashboards/{owner}/{slug}.png`,
 * `/og/queries/{query_id}/{visualization_id}.png` and `/og/queries/{query_id}.png`, 1200×630
 * PNGs of what an anonymous visitor sees. Whoever asks gets the anonymous view (a crawler has no
 * session), so private, archived or unknown content is 404. Each request counts against the
 * anonymous rate limit of its address (`mayRead`); the image carries an ETag (its key), and the
 * `?v=` of the URL a page links is ignored (it only makes a new result a new URL for caches).
 */
export function ogImageRoutes(deps: Deps, mayRead: (c: Context<AppEnv>) => Promise<boolean>) {
  const r = new Hono<AppEnv>();
  const answer = async (c: Context<AppEnv>, find: () => Promise<Preview>) => {
    if (!(await mayRead(c))) {
      c.header('Retry-After', String(retryAfterSeconds(RATE_WINDOW_MS)));
      return c.json({ error: 'rate limited: too many requests from this address' }, 429);
    }
    const image = await deps.previews.image(await find());
    const etag = `"${image.etag}"`;
    const headers = {
      'content-type': 'image/png',
      'cache-control': 'public, max-age=300',
      etag,
    };
    if (c.req.header('if-none-match')?.includes(etag)) return c.body(null, 304, headers);
    return c.body(new Uint8Array(image.bytes), 200, headers);
  };

  r.get('/og/dashboards/:owner/:file', (c) =>
    answer(c, () => deps.previews.dashboard(c.req.param('owner'), stem(c.req.param('file')))),
  );
  r.get('/og/queries/:query/:file', (c) =>
    answer(c, () =>
      deps.previews.visualization(
        positiveId(c.req.param('query')),
        positiveId(stem(c.req.param('file'))),
      ),
    ),
  );
  r.get('/og/queries/:file', (c) =>
    answer(c, () => deps.previews.query(positiveId(stem(c.req.param('file'))))),
  );
  r.all('/og/*', (c) => c.json({ error: 'No such image' }, 404));
  return r;
}

/**
 * Link preview images are meant to be shown by other sites: they may be loaded cross-origin
 * (the app's other answers keep `Cross-Origin-Resource-Policy: same-origin`). Mounted before
 * the security headers, so it has the last word on this one header.
 */
export const crossOriginImages: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.headers.get('content-type') === 'image/png')
    c.res.headers.set('cross-origin-resource-policy', 'cross-origin');
};

/** The image routes above in the OpenAPI document (outside /api/v1, so registered by hand). */
export function documentOgImages(registry: OpenAPIHono['openAPIRegistry']): void {
  const png = {
    description: 'A 1200×630 PNG; `ETag` names the result it shows',
    content: { 'image/png': { schema: { type: 'string' as const, format: 'binary' } } },
  };
  const file = (what: string) => ({
    name: 'file',
    in: 'path' as const,
    required: true,
    description: `${what} followed by \`.png\``,
    schema: { type: 'string' as const },
  });
  const routes = [
    {
      path: '/og/dashboards/{owner}/{file}',
      summary: "A public dashboard's link preview image (Strata extension)",
      params: [
        {
          name: 'owner',
          in: 'path' as const,
          required: true,
          schema: { type: 'string' as const },
        },
        file("The dashboard's slug"),
      ],
    },
    {
      path: '/og/queries/{query_id}/{file}',
      summary: "A public query's visualization as a link preview image (Strata extension)",
      params: [
        {
          name: 'query_id',
          in: 'path' as const,
          required: true,
          schema: { type: 'integer' as const },
        },
        file("The visualization's id"),
      ],
    },
    {
      path: '/og/queries/{file}',
      summary: "A public query's link preview image (Strata extension)",
      params: [file("The query's id")],
    },
  ];
  for (const r of routes)
    registry.registerPath({
      method: 'get',
      path: r.path,
      tags: ['link previews'],
      summary: r.summary,
      description:
        'Anonymous, whatever key or session comes with the request: private, archived and unknown content answers 404 alike. Counts against the anonymous rate limit of the address (429 with Retry-After). 503 with Retry-After while too many previews wait to be drawn. `If-None-Match` with the ETag answers 304; a `?v=` in the URL is ignored.',
      security: [{}],
      parameters: r.params,
      responses: {
        200: png,
        304: { description: 'Not modified' },
        ...errorResponses(404, 429, 503),
      },
    });
}
