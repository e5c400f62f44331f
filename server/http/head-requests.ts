import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';

/**
 * HEAD is answered by the GET route, and Hono then drops the body unread. A body that holds
 * something until it is read or cancelled (a result page's file, http/file-stream.ts) is
 * cancelled here, so it is released instead of left behind.
 */
export const releaseHeadBodies: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.req.method === 'HEAD') await c.res.body?.cancel();
};
