import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from './app-env.js';

const require = createRequire(import.meta.url);
const DIST = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Strata API reference</title>
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/assets/init.js"></script>
  </body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

/** /api/docs: Swagger UI served from the installed package (never a CDN). */
export function docsRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/docs', (c) => c.html(PAGE));
  // Where people guess the reference is, next to the API it describes.
  r.get('/v1/docs', (c) => c.redirect('/api/docs', 302));
  r.get('/docs/assets/init.js', (c) =>
    c.body(INIT, 200, { 'content-type': 'text/javascript; charset=utf-8' }),
  );
  r.get('/docs/assets/:file', (c) => {
    const file = c.req.param('file');
    const type = ASSETS[file];
    if (!type) return c.json({ error: 'not found' }, 404);
    return c.body(fs.readFileSync(path.join(DIST, file)), 200, {
      'content-type': type,
      'cache-control': 'public, max-age=86400',
    });
  });
  return r;
}
