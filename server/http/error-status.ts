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

/**
 * Seconds a client is told to wait before it tries again (`Retry-After`), by the kinds that pass
 * by themselves: a server busy for now (a full render queue) or a part restarting (a render
 * thread past its time). Every such answer carries it; app.onError adds it, a route never does.
 */
export const RETRY_AFTER_SECONDS_OF: Partial<Record<ErrorKind, number>> = {
  unavailable: 5,
};
