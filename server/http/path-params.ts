import { z } from '@hono/zod-openapi';

/** A numeric id in a path: digits only, at most 15 (safe as a JS number), read as a number. */
export const Id = z
  .string()
  .regex(/^\d{1,15}$/, 'must be a positive integer')
  .transform(Number)
  .openapi({ type: 'integer', example: 1234 });

/** `/query/{query_id}/...` with a numeric id. */
export const QueryIdParams = z.object({ query_id: Id });
