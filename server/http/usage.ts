import { createRoute, z } from '@hono/zod-openapi';
import { requireScope } from './principal.js';
import type { Deps } from '../deps.js';
import type { Usage } from '../usage/usage-service.js';
import { SECURED, answers, jsonBody, newRouter, optionalJsonBody } from './router.js';

const DateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'not a date');

const RunCount = z.object({ executions: z.number().int(), credits_used: z.number() });

const UsageRequest = z
  .object({ start_date: DateText.optional(), end_date: DateText.optional() })
  .openapi('GetUsageRequest');
const UsageResponse = z
  .object({
    billing_periods: z.array(
      z.object({
        start_date: z.string(),
        end_date: z.string(),
        credits_included: z.number(),
        credits_used: z.number(),
        runs: z.object({ scheduled: RunCount, interactive: RunCount }).openapi({
          description:
            'Strata addition: executions submitted in the period and their credits, apart: `scheduled` (source `schedule`: scheduled refreshes of queries and dashboards, scheduled materialized view refreshes) and `interactive` (every other: the app, the API, pipelines)',
        }),
      }),
    ),
    bytes_used: z.number().int().openapi({
      description:
        'Bytes the plan counts: uploaded tables, materialized views and saved query versions.',
    }),
    bytes_allowed: z.number().int(),
    storage: z
      .object({
        tables_bytes: z.number().int(),
        query_versions_bytes: z.number().int(),
        results_bytes: z.number().int(),
        results_bytes_allowed: z.number().int(),
      })
      .openapi({
        description:
          'Strata addition: where the bytes are. Results have their own allowance (RESULT_STORAGE_BYTES); the oldest are dropped to make room for new ones.',
      }),
    private_queries: z.number().int(),
    private_dashboards: z.number().int(),
  })
  .openapi('GetUsageResponse');

const day = (d: Date) => d.toISOString().slice(0, 10);
const date = (text: string | undefined) => (text ? new Date(`${text}T00:00:00Z`) : undefined);

function toUsageResponse(u: Usage): z.output<typeof UsageResponse> {
  return {
    billing_periods: u.periods.map((p) => ({
      start_date: day(p.start),
      end_date: day(new Date(p.end.getTime() - 86_400_000)),
      credits_included: p.creditsIncluded,
      credits_used: p.creditsUsed,
      runs: {
        scheduled: {
          executions: p.runs.scheduled.executions,
          credits_used: p.runs.scheduled.credits,
        },
        interactive: {
          executions: p.runs.interactive.executions,
          credits_used: p.runs.interactive.credits,
        },
      },
    })),
    bytes_used: u.planBytesUsed,
    bytes_allowed: u.planBytesAllowed,
    storage: {
      tables_bytes: u.storage.tables,
      query_versions_bytes: u.storage.queryVersions,
      results_bytes: u.storage.results,
      results_bytes_allowed: u.resultBytesAllowed,
    },
    private_queries: u.privateQueries,
    private_dashboards: u.privateDashboards,
  };
}

/** Usage of the caller's context for the dates asked (default: the current billing period). */
async function usage(deps: Deps, contextId: number, q: z.output<typeof UsageRequest>) {
  return toUsageResponse(await deps.usage.of(contextId, date(q.start_date), date(q.end_date)));
}

/** POST /usage (the hosted form, body optional) and GET /usage?start_date&end_date. */
export function usageRoutes(deps: Deps) {
  const r = newRouter();
  const responses = answers(UsageResponse, 'Usage', 400, 401);
  r.openapi(
    createRoute({
      method: 'post',
      path: '/usage',
      tags: ['usage'],
      summary: 'Usage per billing period (free)',
      security: SECURED,
      request: {
        body: jsonBody(UsageRequest, false),
      },
      responses,
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const body = await optionalJsonBody(c, UsageRequest);
      return c.json(await usage(deps, p.context.id, body), 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'get',
      path: '/usage',
      tags: ['usage'],
      summary: 'Usage per billing period (free)',
      security: SECURED,
      request: { query: UsageRequest },
      responses,
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      return c.json(await usage(deps, p.context.id, c.req.valid('query')), 200);
    },
  );
  return r;
}
