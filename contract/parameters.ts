import { z } from 'zod';
import { PARAMETER_TYPES, type ParameterType } from './rules/enums.js';
import { PARAMETER_LIMITS } from './rules/limits.js';

export { PARAMETER_TYPES, type ParameterType };

/** A query parameter as the hosted service stores it (camelCase keys are the wire's). */
export const ParameterSchema = z.object({
  key: z.string().trim().min(1).max(PARAMETER_LIMITS.key),
  type: z
    .enum([...PARAMETER_TYPES, 'date'])
    .transform((t): ParameterType => (t === 'date' ? 'datetime' : t)),
  description: z.string().max(PARAMETER_LIMITS.description).optional(),
  value: z
    .union([z.string(), z.number(), z.boolean()])
    .transform((v) => String(v))
    .optional(),
  values: z
    .array(z.union([z.string(), z.number()]).transform((v) => String(v)))
    .max(PARAMETER_LIMITS.values)
    .optional(),
  enumOptions: z
    .array(z.union([z.string(), z.number()]).transform((v) => String(v)))
    .max(PARAMETER_LIMITS.enumOptions)
    .optional(),
  enumFromResults: z
    .object({
      queryId: z.number().int().positive(),
      columnName: z.string().min(1).max(PARAMETER_LIMITS.columnName),
    })
    .optional(),
  isMultiselect: z.boolean().optional(),
  isFreeformAllowed: z.boolean().optional(),
});
export type Parameter = z.output<typeof ParameterSchema>;

/** Values sent with an execution: name → value, or a list for multiselect. */
export type ParameterValue = string | number | boolean | (string | number)[];
