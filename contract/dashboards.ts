import { z } from '@hono/zod-openapi';
import { MaxResultAgeSchema } from './result-age.js';
import { ExecutionResultSchema } from './executions.js';
import { ParameterDef } from './queries.js';
import { GetVisualizationResponse } from './visualizations.js';
import { DASHBOARD_LIMITS } from './rules/limits.js';
import { SLUG_PATTERN } from './rules/names.js';

export { DASHBOARD_LIMITS } from './rules/limits.js';
export { SLUG_PATTERN } from './rules/names.js';

export const WidgetPosition = z
  .object({
    col: z
      .number()
      .int()
      .min(0)
      .max(DASHBOARD_LIMITS.gridColumns - 1),
    row: z.number().int().min(0).max(DASHBOARD_LIMITS.maxRow),
    size_x: z.number().int().min(1).max(DASHBOARD_LIMITS.gridColumns),
    size_y: z.number().int().min(1).max(DASHBOARD_LIMITS.maxSizeY),
  })
  .refine((p) => p.col + p.size_x <= DASHBOARD_LIMITS.gridColumns, {
    message: `col + size_x must be at most ${DASHBOARD_LIMITS.gridColumns}`,
  })
  .openapi('WidgetPosition');
export type WidgetPosition = z.output<typeof WidgetPosition>;

const Text = z.string().max(DASHBOARD_LIMITS.text);
const Id = z.number().int().positive();
const KeepId = {
  widget_id: Id.optional().openapi({
    description:
      'Strata extension: the id of an existing widget of this dashboard to keep (so param widgets can keep pointing at it); omitted → a new widget',
  }),
};

export const TextWidgetInput = z
  .object({ text: Text, position: WidgetPosition.optional(), ...KeepId })
  .openapi('TextWidgetInput');
export const VisualizationWidgetInput = z
  .object({ visualization_id: Id, position: WidgetPosition.optional(), ...KeepId })
  .openapi('VisualizationWidgetInput');
export const ParamWidgetInput = z
  .object({
    key: z.string().trim().min(1).max(100),
    query_id: Id,
    visualization_widget_id: Id,
    position: WidgetPosition.optional(),
  })
  .openapi('ParamWidgetInput');

export const TextWidgetOutput = z
  .object({ widget_id: z.number().int(), text: z.string(), position: WidgetPosition })
  .openapi('TextWidgetOutput');
export const VisualizationWidgetOutput = z
  .object({
    widget_id: z.number().int(),
    visualization_id: z.number().int(),
    position: WidgetPosition,
  })
  .openapi('VisualizationWidgetOutput');
export const ParamWidgetOutput = z
  .object({
    widget_id: z.string(),
    key: z.string(),
    query_id: z.number().int(),
    visualization_widget_id: z.number().int(),
    position: WidgetPosition,
  })
  .openapi('ParamWidgetOutput');
export type TextWidgetOutput = z.output<typeof TextWidgetOutput>;
export type VisualizationWidgetOutput = z.output<typeof VisualizationWidgetOutput>;
export type ParamWidgetOutput = z.output<typeof ParamWidgetOutput>;

const Name = z.string().trim().min(1).max(DASHBOARD_LIMITS.name);
const Slug = z
  .string()
  .trim()
  .toLowerCase()
  .max(DASHBOARD_LIMITS.slug)
  .regex(SLUG_PATTERN, 'slug must be lowercase letters, digits and single hyphens');
const Tags = z.array(z.string().trim().min(1).max(DASHBOARD_LIMITS.tag)).max(DASHBOARD_LIMITS.tags);
const ColumnsPerRow = z.number().int().min(1).max(3);
const widgets = <T extends z.ZodType>(t: T) => z.array(t).max(DASHBOARD_LIMITS.widgets);

export const CreateDashboardRequest = z
  .object({
    name: Name,
    slug: Slug.optional().openapi({
      description: 'Strata extension; derived from the name when omitted',
    }),
    is_private: z.boolean().optional(),
    columns_per_row: ColumnsPerRow.optional().openapi({ default: 2 }),
    tags: Tags.optional(),
    max_result_age_seconds: MaxResultAgeSchema.optional(),
    visualization_ids: widgets(Id).optional(),
    text_widgets: widgets(TextWidgetInput).optional(),
  })
  .openapi('CreateDashboardCrudRequest');
export type CreateDashboardRequest = z.output<typeof CreateDashboardRequest>;

export const UpdateDashboardRequest = z
  .object({
    name: Name.optional(),
    slug: Slug.optional(),
    is_private: z.boolean().optional(),
    columns_per_row: ColumnsPerRow.optional(),
    tags: Tags.optional(),
    max_result_age_seconds: MaxResultAgeSchema.optional(),
    text_widgets: widgets(TextWidgetInput).optional(),
    visualization_widgets: widgets(VisualizationWidgetInput).optional(),
    param_widgets: widgets(ParamWidgetInput).optional(),
  })
  .openapi('UpdateDashboardCrudRequest', {
    description: 'Any subset; a widget array replaces every widget of that kind',
  });
export type UpdateDashboardRequest = z.output<typeof UpdateDashboardRequest>;
export type TextWidgetInput = z.output<typeof TextWidgetInput>;
export type VisualizationWidgetInput = z.output<typeof VisualizationWidgetInput>;
export type ParamWidgetInput = z.output<typeof ParamWidgetInput>;

export const DashboardResponse = z
  .object({
    dashboard_id: z.number().int(),
    dashboard_url: z.string().openapi({ example: 'http://localhost:8080/alice/token-volume' }),
    name: z.string(),
    slug: z.string(),
    is_private: z.boolean(),
    tags: z.array(z.string()),
    text_widgets: z.array(TextWidgetOutput),
    visualization_widgets: z.array(VisualizationWidgetOutput),
    param_widgets: z.array(ParamWidgetOutput),
    // Strata extensions
    owner_handle: z.string(),
    columns_per_row: z.number().int(),
    max_result_age_seconds: z.number().int().nullable(),
    is_archived: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    version: z.number().int().openapi({
      description: 'Strata addition: bumped by every change; send it as If-Match to PATCH.',
    }),
  })
  .openapi('DashboardCrudResponse');
export type DashboardResponse = z.output<typeof DashboardResponse>;

export const ArchiveDashboardResponse = z
  .object({ dashboard_id: z.number().int(), ok: z.boolean() })
  .openapi('ArchiveDashboardCrudResponse');

export const ListDashboardsResponse = z
  .object({ dashboards: z.array(DashboardResponse), total: z.number().int() })
  .openapi('ListDashboardsResponse');
export type ListDashboardsResponse = z.output<typeof ListDashboardsResponse>;

/** What the dashboard page needs about each visualization widget (Strata extension). */
export const DashboardVisualization = z
  .object({
    visualization_id: z.number().int(),
    visualization: GetVisualizationResponse.nullable(),
    query: z
      .object({
        query_id: z.number().int(),
        name: z.string(),
        owner: z.string(),
        parameters: z.array(ParameterDef),
        max_result_age_seconds: z.number().int().nullable().openapi({
          description:
            "Strata extension: the query's own maximum result age (the dashboard's, when set, governs)",
        }),
      })
      .nullable(),
    error: z.string().nullable().openapi({
      description: 'Why the visualization or its query cannot be shown to this viewer',
    }),
  })
  .openapi('DashboardVisualization');
export type DashboardVisualization = z.output<typeof DashboardVisualization>;

export const DashboardVisualizationsResponse = z
  .object({ visualizations: z.array(DashboardVisualization) })
  .openapi('DashboardVisualizationsResponse');
export type DashboardVisualizationsResponse = z.output<typeof DashboardVisualizationsResponse>;

/**
 * A dashboard visualization's result (GET /dashboards/{id}/visualizations/{vid}/results): a
 * results answer, and the values its run was made with, so a widget says what it shows.
 */
export const DashboardResult = ExecutionResultSchema.extend({
  query_parameters: z
    .record(z.string(), z.union([z.string(), z.array(z.string())]))
    .optional()
    .openapi({
      description:
        "Strata extension: the parameter values this result's run was made with (a multiselect's as a list; defaults included), by name. Empty for a query without parameters.",
      example: { chain: 'base', days: '7' },
    }),
}).openapi('DashboardVisualizationResult');
export type DashboardResult = z.output<typeof DashboardResult>;

/** Rows of each query's latest result a bundle carries unless `limit` says otherwise. */
export const BUNDLE_PAGE_ROWS = 10_000;

export const DashboardBundleParams = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .openapi({
      description: `Rows of each latest result (default ${BUNDLE_PAGE_ROWS}); clamped as a /results page is.`,
    }),
});

/**
 * A dashboard with everything its page draws, in one answer (Strata extension): the dashboard,
 * its visualizations (as GET /dashboards/{id}/visualizations) and the first page of the latest
 * result of each query the viewer may read that has one.
 */
export const DashboardBundleResponse = z
  .object({
    dashboard: DashboardResponse,
    visualizations: z.array(DashboardVisualization),
    latest_results: z
      .array(z.object({ query_id: z.number().int(), result: DashboardResult }))
      .openapi({
        description:
          'One entry per readable query with a result: its latest result (no parameter values given: the latest run of any values, which `query_parameters` names) as GET /dashboards/{id}/visualizations/{visualization_id}/results answers it, first page. A query with no result yet, or one the viewer may not read, has no entry.',
      }),
  })
  .openapi('DashboardBundleResponse');
export type DashboardBundleResponse = z.output<typeof DashboardBundleResponse>;
