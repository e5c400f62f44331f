import { z } from '@hono/zod-openapi';
import { colorOptionProblem } from './rules/css-color.js';
import { VISUALIZATION_TYPES } from './rules/enums.js';
import { VISUALIZATION_LIMITS } from './rules/limits.js';

export {
  CHART_SERIES_TYPES,
  VISUALIZATION_TYPES,
  type ChartSeriesType,
  type VisualizationType,
} from './rules/enums.js';
export { VISUALIZATION_LIMITS } from './rules/limits.js';

const Options = z
  .record(z.string(), z.unknown())
  .refine(
    (o) => JSON.stringify(o).length <= VISUALIZATION_LIMITS.optionsBytes,
    `options must be at most ${VISUALIZATION_LIMITS.optionsBytes} bytes of JSON`,
  )
  .superRefine((o, ctx) => {
    // What reaches a drawn chart is checked against a grammar: its colors (chart-spec.ts reads
    // them with the same rule).
    const problem = colorOptionProblem(o);
    if (problem) ctx.addIssue({ code: 'custom', ...problem });
  })
  .openapi({
    description:
      'Free-form; stored and returned as given. Colors (`seriesOptions[key].color`, `valuesOptions[label].color`) must be CSS colors: hex, rgb(), rgba(), hsl(), hsla() or a name',
  });

export const CreateVisualizationRequest = z
  .object({
    name: z.string().trim().min(1).max(VISUALIZATION_LIMITS.name),
    type: z.enum(VISUALIZATION_TYPES),
    description: z.string().max(VISUALIZATION_LIMITS.description).optional(),
    options: Options.optional(),
  })
  .openapi('CreateVisualizationRequest');
export type CreateVisualizationRequest = z.output<typeof CreateVisualizationRequest>;

/** PATCH takes any subset; PUT the same body (the hosted CLI always sends all four). */
export const UpdateVisualizationRequest = CreateVisualizationRequest.partial().openapi(
  'UpdateVisualizationRequest',
  { description: 'Omitted fields stay; `options` replaces the whole object' },
);
export type UpdateVisualizationRequest = z.output<typeof UpdateVisualizationRequest>;

export const VisualizationIdResponse = z
  .object({ id: z.number().int() })
  .openapi('CreateVisualizationResponse');

export const GetVisualizationResponse = z
  .object({
    id: z.number().int(),
    query_id: z.number().int(),
    name: z.string(),
    type: z.enum(VISUALIZATION_TYPES),
    description: z.string(),
    options: z.record(z.string(), z.unknown()),
    created_at: z.string(),
    updated_at: z.string(),
    version: z.number().int().openapi({
      description: 'Strata addition: bumped by every change; send it as If-Match to PATCH.',
    }),
  })
  .openapi('GetVisualizationResponse');
export type GetVisualizationResponse = z.output<typeof GetVisualizationResponse>;

export const VisualizationSummary = GetVisualizationResponse.pick({
  id: true,
  name: true,
  type: true,
  created_at: true,
  updated_at: true,
}).openapi('VisualizationSummary');

export const ListVisualizationsResponse = z
  .object({
    results: z.array(VisualizationSummary),
    total_count: z.number().int(),
  })
  .openapi('ListVisualizationsResponse');
export type ListVisualizationsResponse = z.output<typeof ListVisualizationsResponse>;

export const DeleteVisualizationResponse = z
  .object({ ok: z.boolean() })
  .openapi('DeleteVisualizationResponse');
