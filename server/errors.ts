/**
 * Errors by meaning. Domain code throws these and knows nothing of HTTP; `app.onError`
 * (server/app.ts, through http/error-status.ts) is the one place that turns a kind into a status.
 * The message is safe to show the caller.
 */
export type ErrorKind =
  /** The input does not fit (a missing field, a bad value, an unknown parameter). */
  | 'invalid'
  /** No identity, or one that is not valid (a bad key). */
  | 'unauthenticated'
  /** A plan limit: credits of the billing cycle, or storage. */
  | 'over_limit'
  /** The caller may not do this. */
  | 'forbidden'
  /** It does not exist, or the caller may not know that it does. */
  | 'not_found'
  /** Input that did not arrive in time. */
  | 'timeout'
  /** It clashes with the current state (a taken name, a stale version). */
  | 'conflict'
  /** Input over a size limit. */
  | 'too_large'
  /** Too many requests for now. */
  | 'rate_limited'
  /** The server cannot do it for now. */
  | 'unavailable';

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** A parameter definition or value that does not fit: callers that must tell it apart catch it. */
export class ParameterError extends AppError {
  constructor(message: string) {
    super('invalid', message);
  }
}

export const invalid = (message = 'Bad Request') => new AppError('invalid', message);
export const unauthenticated = (message = 'invalid API Key') =>
  new AppError('unauthenticated', message);
export const overLimit = (
  message = 'This api request would exceed your configured limits per billing cycle. Please adjust your limits in settings to continue usage.',
) => new AppError('over_limit', message);
export const forbidden = (message = 'Not allowed') => new AppError('forbidden', message);
export const notFound = (message = 'Object not found') => new AppError('not_found', message);
export const timedOut = (message: string) => new AppError('timeout', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const tooLarge = (message: string) => new AppError('too_large', message);
export const rateLimited = (message: string) => new AppError('rate_limited', message);

/** A change that names a version (If-Match) the object has moved past. */
export const staleWrite = (kind: string, expected: number, current: number) =>
  conflict(
    `the ${kind} was changed since version ${expected} (it is now version ${current}); reload it and apply your change again`,
  );
