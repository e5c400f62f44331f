import { z } from 'zod';

export const PARAMETER_TYPES = ['text', 'number', 'datetime', 'enum'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

/** A query parameter as the hosted service stores it (camelCase keys are the wire's). */
export const ParameterSchema = z.object({
  key: z.string().trim().min(1).max(100),
  type: z
    .enum([...PARAMETER_TYPES, 'date'])
    .transform((t): ParameterType => (t === 'date' ? 'datetime' : t)),
  description: z.string().max(2000).optional(),
  value: z
    .union([z.string(), z.number(), z.boolean()])
    .transform((v) => String(v))
    .optional(),
  values: z
    .array(z.union([z.string(), z.number()]).transform((v) => String(v)))
    .max(1000)
    .optional(),
  enumOptions: z
    .array(z.union([z.string(), z.number()]).transform((v) => String(v)))
    .max(10_000)
    .optional(),
  enumFromResults: z
    .object({ queryId: z.number().int().positive(), columnName: z.string().min(1).max(300) })
    .optional(),
  isMultiselect: z.boolean().optional(),
  isFreeformAllowed: z.boolean().optional(),
});
export type Parameter = z.output<typeof ParameterSchema>;

/** Values sent with an execution: name → value, or a list for multiselect. */
export type ParameterValue = string | number | boolean | (string | number)[];
