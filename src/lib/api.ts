import { parseJsonExact } from '../../shared/exact-json';

/**
 * The one way the app calls the service. The context a request acts in is passed explicitly by
 * the caller (from the same value that is part of its query key), never read from a global, so
 * a response can never be cached under another context.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type RequestOptions = {
  /** Handle of the context to act in (sent as x-strata-context); omit for context-free calls. */
  ctx?: string | null;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** JSON body. */
  body?: unknown;
  /** A list value repeats the name (`?a=1&a=2`). */
  query?: Record<string, string | number | boolean | readonly string[] | undefined | null>;
  signal?: AbortSignal;
  /** The version a change is made to (sent as If-Match): a newer one on the server is 409. */
  ifMatch?: number;
};

export const CONTEXT_HEADER = 'x-strata-context';

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (Array.isArray(v)) for (const item of v) params.append(k, item);
    else if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return `/api/v1${path}${qs ? `?${qs}` : ''}`;
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {};
  if (opts.ctx) headers[CONTEXT_HEADER] = opts.ctx;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.ifMatch !== undefined) headers['if-match'] = `"${opts.ifMatch}"`;
  const res = await fetch(apiUrl(path, opts.query), {
    method: opts.method ?? 'GET',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    credentials: 'same-origin',
    signal: opts.signal,
  });
  if (!res.ok) {
    let message = `${res.status} ${res.statusText}`;
    try {
      const body = (await res.json()) as { error?: unknown };
      if (typeof body.error === 'string') message = body.error;
    } catch {
      // not JSON: keep the status line
    }
    throw new ApiError(res.status, message);
  }
  return res;
}

/**
 * Calls /api/v1{path} and returns its JSON; a non-2xx answer throws ApiError with its message.
 * Result rows keep every digit: a number a double cannot hold (a bigint past 2^53, a wide
 * decimal) is read as the string of its digits (`parseJsonExact`), as 128-bit integers arrive.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts);
  const text = await res.text();
  return (text ? parseJsonExact(text) : undefined) as T;
}

/**
 * A React Query queryFn that calls /api/v1{path} like `api` does, cancelled with the query
 * (React Query's abort signal).
 */
export const apiQueryFn =
  <T>(path: string, opts: Omit<RequestOptions, 'signal'> = {}) =>
  ({ signal }: { signal: AbortSignal }) =>
    api<T>(path, { ...opts, signal });

/** The answer of `request`, or null where the service says 404 (there is none). */
export async function nullIfNotFound<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** The message of a thrown error (an Error, or anything with a message), else its text. */
export const errorMessage = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'message' in error
    ? String(error.message)
    : String(error);

/** Whether React Query should retry: never for answers the client caused (4xx). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}
