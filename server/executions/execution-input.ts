import type { z } from '@hono/zod-openapi';
import type { QueryParametersSchema } from '../../contract/executions.js';
import type { ParameterValue } from '../../contract/parameters.js';
import { invalid } from '../errors.js';

export const NOT_ALLOWED_TO_EXECUTE =
  'Not allowed to execute query. Query is archived, unsaved or not enough permissions';

/** Parameter values by name, from either form of `query_parameters` (a list or an object). */
export function normalizeValues(
  params: z.output<typeof QueryParametersSchema> | undefined,
): Record<string, ParameterValue | null> {
  const values: Record<string, ParameterValue | null> = {};
  if (Array.isArray(params)) {
    for (const p of params) {
      const key = p.key ?? p.name;
      if (!key) throw invalid('each query parameter needs a key');
      values[key] = p.value;
    }
  } else if (params) Object.assign(values, params);
  return values;
}
