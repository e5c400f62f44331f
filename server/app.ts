import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { compress } from 'hono/compress';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { authenticate } from './http/principal.js';
import { DISK_FULL_MESSAGE, isDiskFull } from './disk-full.js';
import {
  isStoreUnavailable,
  STORE_RETRY_AFTER_SECONDS,
  STORE_UNAVAILABLE_MESSAGE,
} from './store/store-unavailable.js';
import type { Deps } from './deps.js';
import type { AppEnv } from './http/app-env.js';
import { docsRoutes } from './http/docs.js';
import { AppError } from './errors.js';
import { executionRoutes } from './http/executions.js';
import { metaRoutes } from './http/meta.js';
import { resultRoutes } from './http/results.js';
import { usageRoutes } from './http/usage.js';
import { queryRoutes } from './http/queries.js';
import { authRoutes } from './http/auth.js';
import { teamRoutes } from './http/teams.js';
import { keyRoutes } from './http/keys.js';
import { datasetRoutes } from './http/datasets.js';
import { anonymousRead, rateLimit, rateLimiters } from './http/rate-limit.js';
import { limiterFactory } from './limits/limiters.js';
import { spaPage } from './http/spa-page.js';
import { visualizationRoutes } from './http/visualizations.js';
import { dashboardRoutes } from './http/dashboards.js';
import { embedRoutes } from './http/embeds.js';
import { embedPage } from './http/embed-page.js';
import { uploadRoutes } from './http/uploads.js';
import { matviewRoutes } from './http/matviews.js';
import { pipelineRoutes } from './http/pipelines.js';
import { alertRoutes } from './http/alerts.js';
import { scheduleRoutes } from './http/schedules.js';
import { bodyGuard } from './http/body-guard.js';
import { sameOriginWrites } from './http/same-origin.js';
import { securityHeaders } from './http/security-headers.js';
import { releaseHeadBodies } from './http/head-requests.js';
import { RETRY_AFTER_SECONDS_OF, STATUS_OF } from './http/error-status.js';
import { crossOriginImages, documentOgImages, ogImageRoutes } from './http/og-images.js';
import { requestLog, routeOf } from './http/request-log.js';
import type { Logger } from './log.js';

/** `log`: where request lines and errors go (deps.log unless given: tests capture it). */
export type AppOptions = { staticDir?: string; log?: Logger };

/** Builds the whole HTTP app from injected dependencies: API under /api, the SPA at /. */
export function createApp(deps: Deps, options: AppOptions = {}) {
  const app = new OpenAPIHono<AppEnv>();
  const log = options.log ?? deps.log;
  const where = (c: Context) => ({ method: c.req.method, route: routeOf(c) });

  app.onError((err, c) => {
    if (err instanceof AppError) {
      const retryAfter = RETRY_AFTER_SECONDS_OF[err.kind];
      return c.json({ error: err.message }, STATUS_OF[err.kind], {
        // A body refused before it was read whole: the rest of it is not awaited.
        ...(err.kind === 'timeout' || err.kind === 'too_large' ? { connection: 'close' } : {}),
        ...(retryAfter ? { 'retry-after': String(retryAfter) } : {}),
      });
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      const message =
        status === 400 && /JSON/i.test(err.message)
          ? `Invalid request body payload: ${err.message}`
          : err.message;
      return c.json({ error: message || 'Bad Request' }, status);
    }
    if (isStoreUnavailable(err)) {
      // PostgreSQL is stopped or restarting: temporary, and the pool reconnects by itself. The
      // outage and its end are logged once by the node (cluster-node.ts); each request, here.
      log.debug({ err, ...where(c) }, STORE_UNAVAILABLE_MESSAGE);
      return c.json({ error: STORE_UNAVAILABLE_MESSAGE }, 503, {
        'retry-after': String(STORE_RETRY_AFTER_SECONDS),
      });
    }
    if (isDiskFull(err)) {
      // The caller is told to retry later; the operator must learn that the disk is full.
      log.error({ err, ...where(c) }, DISK_FULL_MESSAGE);
      return c.json({ error: DISK_FULL_MESSAGE }, 507);
    }
    log.error({ err, ...where(c) }, 'internal error');
    return c.json({ error: 'An internal error occurred' }, 500);
  });

  app.use('*', requestLog(log));
  app.use('/og/*', crossOriginImages);
  app.use('*', securityHeaders(deps.config));
  app.use('/api/*', releaseHeadBodies);
  // Bodies are bounded and CSRF is refused before any authentication or parsing work.
  app.use('/api/*', bodyGuard(deps.config));
  app.use('/api/*', sameOriginWrites(deps.config));
  app.use('/api/*', authenticate(deps));
  // Counted in the store on PostgreSQL, so the limits hold across nodes; in memory on SQLite.
  const limiters = rateLimiters(deps.config, limiterFactory(deps.store));
  app.use('/api/*', rateLimit(deps.config, limiters));

  const api = new OpenAPIHono<AppEnv>();
  api.route('/', metaRoutes(deps));
  const v1 = new OpenAPIHono<AppEnv>();
  // Route modules, mounted under /api/v1 in this order (the OpenAPI document follows it).
  const routeModules = [
    queryRoutes,
    executionRoutes,
    resultRoutes,
    usageRoutes,
    authRoutes,
    teamRoutes,
    keyRoutes,
    datasetRoutes,
    visualizationRoutes,
    dashboardRoutes,
    embedRoutes,
    uploadRoutes,
    matviewRoutes,
    pipelineRoutes,
    alertRoutes,
    scheduleRoutes,
  ];
  for (const routes of routeModules) v1.route('/', routes(deps));

  api.route('/v1', v1);
  app.route('/api', api);

  app.openAPIRegistry.registerComponent('securitySchemes', 'ApiKeyHeader', {
    type: 'apiKey',
    in: 'header',
    name: 'x-service-api-key',
    description: 'An API key; the header x-dune-api-key is accepted as an alias.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'ApiKeyQuery', {
    type: 'apiKey',
    in: 'query',
    name: 'api_key',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'Session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'strata_session',
    description: 'Browser session; the context is chosen by the x-strata-context header.',
  });
  documentOgImages(app.openAPIRegistry);
  app.doc31('/api/v1/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Strata analytics query API',
      version: '1.0',
      description:
        'The /api/v1 analytics query service. Errors are {"error": "message"}. Any route may ' +
        'answer 429 with a Retry-After header (seconds) over the per-context rate limits, and ' +
        '503 with Retry-After while the metadata store (PostgreSQL) is unavailable.',
    },
  });
  app.route('/api', docsRoutes());
  app.all('/api/*', (c) => c.json({ error: `no route for ${c.req.method} ${c.req.path}` }, 404));

  // Link preview images of public pages (anonymous, rate limited per address like their pages).
  app.route(
    '/',
    ogImageRoutes(deps, (c) => anonymousRead(limiters, deps.config, c)),
  );

  if (options.staticDir && fs.existsSync(path.join(options.staticDir, 'index.html'))) {
    const root = path.relative(process.cwd(), options.staticDir) || '.';
    // Hashed build assets never change: cache them for a year. The build writes a .br and a .gz
    // beside each compressible one (vite.config.ts), sent as they are; a build without them
    // (an operator's own) is gzipped per request.
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('cache-control', 'public, max-age=31536000, immutable');
    });
    app.use('/*', compress());
    app.use('/*', serveStatic({ root, precompressed: true }));
    // A hashed asset that is not there (an old build's) is 404, never the app's index.html.
    app.all('/assets/*', (c) => c.text('Not found', 404));
    // The embed pages (embed.html), or a small page saying the content is not available.
    app.get('/embed/*', embedPage(deps, options.staticDir));
    // index.html, and on a public dashboard's page its chunks and (anonymous, within the rate
    // limit) its data.
    app.get(
      '*',
      spaPage(deps, options.staticDir, (c) => anonymousRead(limiters, deps.config, c)),
    );
  }
  return app;
}
