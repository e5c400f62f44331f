import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../config.js';

/** The embed pages (`/embed/...`): the only pages another site may put in a frame. */
export const EMBED_PATH_PREFIX = '/embed/';

const headers = (frameAncestors: string[]) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors,
    },
    // X-Frame-Options can only deny or allow the same origin: framed pages go without it and
    // rely on frame-ancestors.
    xFrameOptions: frameAncestors.includes("'none'") ? 'DENY' : false,
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    // HTTPS is the proxy's business (TRUST_PROXY); a plain-HTTP deployment must stay reachable.
    strictTransportSecurity: false,
  });

/**
 * Security headers on every answer. The Content Security Policy allows what the app, Monaco,
 * ECharts and Swagger UI use, all served from this origin: scripts and workers from 'self',
 * inline styles (Mantine, Monaco and ECharts set styles at run time), data: and blob: images
 * and fonts. No page may be framed (`frame-ancestors 'none'`, `X-Frame-Options: DENY`) but the
 * embed pages under /embed/, which the sites EMBED_FRAME_ANCESTORS lists may frame (any site by
 * default). No content type is sniffed, and the Referer sent elsewhere carries the origin only.
 */
export function securityHeaders(config: Pick<Config, 'embedFrameAncestors'>): MiddlewareHandler {
  const app = headers(["'none'"]);
  const embed = headers(config.embedFrameAncestors);
  return (c, next) => (c.req.path.startsWith(EMBED_PATH_PREFIX) ? embed : app)(c, next);
}
