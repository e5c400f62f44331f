/** An error with an HTTP status and a message safe to show the caller. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 408 | 409 | 413 | 429 | 500 | 503 | 507,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message = 'Bad Request') => new HttpError(400, message);
export const unauthorized = (message = 'invalid API Key') => new HttpError(401, message);
export const paymentRequired = (
  message = 'This api request would exceed your configured limits per billing cycle. Please adjust your limits in settings to continue usage.',
) => new HttpError(402, message);
export const forbidden = (message = 'Not allowed') => new HttpError(403, message);
export const notFound = (message = 'Object not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** A change that names a version (If-Match) the object has moved past. */
export const staleWrite = (kind: string, expected: number, current: number) =>
  conflict(
    `the ${kind} was changed since version ${expected} (it is now version ${current}); reload it and apply your change again`,
  );
export const tooLarge = (message: string) => new HttpError(413, message);
