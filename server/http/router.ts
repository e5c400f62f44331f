import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { requireScope } from './principal.js';
import type { Scope } from '../auth/keys.js';
import { invalid } from '../errors.js';
import type { AppEnv, Router } from './app-env.js';

/** Formats zod issues as one readable line: "name: expected string, received number; ...". */
export function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

const TARGET_NAMES: Record<string, string> = {
  json: 'Invalid request body payload',
  query: 'Invalid query parameters',
  param: 'Invalid path parameters',
  header: 'Invalid headers',
};

/** A router whose request validation failures answer 400 {"error": "..."}. */
export function newRouter(): Router {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const prefix = TARGET_NAMES[result.target] ?? 'Bad Request';
        return c.json({ error: `${prefix}: ${formatIssues(result.error.issues)}` }, 400);
      }
      return undefined;
    },
  });
}

/** The error body every route documents. */
export const ErrorSchema = z.object({ error: z.string() }).openapi('Error');

/** Response entries for the statuses a route can return besides 200. */
export function errorResponses(...statuses: number[]) {
  const text: Record<number, string> = {
    400: 'Bad request',
    401: 'Missing or invalid API key',
    402: 'Over the billing-cycle limit',
    403: 'Not allowed',
    404: 'Not found',
    409: 'Conflict',
    413: 'Too large',
    429: 'Rate limited',
    500: 'Internal error',
    503: 'Unavailable for now (busy): retry after Retry-After seconds',
  };
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: text[s] ?? 'Error', content: { 'application/json': { schema: ErrorSchema } } },
    ]),
  );
}

/** A JSON media type entry of a request body or a response: `content: jsonContent(Schema)`. */
export const jsonContent = <T>(schema: T) => ({ 'application/json': { schema } });

/** A documented JSON answer: `200: jsonAnswer(Schema, 'The query')`. */
export const jsonAnswer = <T>(schema: T, description: string) => ({
  description,
  content: jsonContent(schema),
});

/** A route's documented answers: a JSON 200 and the error statuses it can return. */
export const answers = <T>(schema: T, description: string, ...errors: number[]) => ({
  200: jsonAnswer(schema, description),
  ...errorResponses(...errors),
});

/** A JSON request body: `body: jsonBody(Schema)`; `jsonBody(Schema, false)` may be absent. */
export const jsonBody = <T>(schema: T, required = true) => ({
  content: jsonContent(schema),
  required,
});

/**
 * Checks key and scope before the input is validated (route middleware), so a caller without a
 * key is 401 and one with a read key 403 before any 400 about the body.
 */
export const needs =
  (scope: Scope): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    requireScope(c, scope);
    await next();
  };

/** Security requirement for routes that accept an API key or a session. */
export const SECURED: Record<string, string[]>[] = [
  { ApiKeyHeader: [] },
  { ApiKeyQuery: [] },
  { Session: [] },
];

/**
 * A JSON body that may be absent (and sent without a content type, as some clients do):
 * empty → `{}` checked by the schema; not JSON or not fitting → 400.
 */
export async function optionalJsonBody<T extends z.ZodType>(
  c: Context,
  schema: T,
): Promise<z.output<T>> {
  const text = await c.req.text();
  let raw: unknown = {};
  if (text.trim()) {
    try {
      raw = JSON.parse(text);
    } catch {
      throw invalid('Invalid request body payload: not JSON');
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw invalid(`Invalid request body payload: ${formatIssues(parsed.error.issues)}`);
  return parsed.data;
}
