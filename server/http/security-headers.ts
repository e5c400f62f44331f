import { secureHeaders } from 'hono/secure-headers';

/**
 * Security headers on every answer. The Content Security Policy allows what the app, Monaco,
 * ECharts and Swagger UI use, all served from this origin: scripts and workers from 'self',
 * inline styles (Mantine, Monaco and ECharts set styles at run time), data: and blob: images
 * and fonts. No page may be framed (`frame-ancestors 'none'`), no content type is sniffed, and
 * the Referer sent elsewhere carries the origin only.
 */
export function securityHeaders() {
  return secureHeaders({
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
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    // HTTPS is the proxy's business (TRUST_PROXY); a plain-HTTP deployment must stay reachable.
    strictTransportSecurity: false,
  });
}
