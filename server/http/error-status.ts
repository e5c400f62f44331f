import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorKind } from '../errors.js';

/** The one map from an error's meaning to its HTTP status (used by app.onError only). */
export const STATUS_OF: Record<ErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  over_limit: 402,
  forbidden: 403,
  not_found: 404,
  timeout: 408,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
};
