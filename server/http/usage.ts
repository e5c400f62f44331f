import { createRoute, z } from '@hono/zod-openapi';
import { requireScope } from './principal.js';
import type { Deps } from '../deps.js';
import { billingPeriod } from '../executions/billing-period.js';
import { planStorage, storageOf } from '../usage/storage.js';
import { invalid } from '../errors.js';
import { SECURED, errorResponses, newRouter, optionalJsonBody } from './router.js';

const DateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'not a date');

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
const MAX_PERIODS = 120;

/** Usage of the caller's context: monthly billing periods, storage and private objects. */
export async function usageOf(deps: Deps, contextId: number, startDate?: string, endDate?: string) {
  const from = startDate ? new Date(`${startDate}T00:00:00Z`) : new Date();
  const to = endDate ? new Date(`${endDate}T00:00:00Z`) : from;
  if (to < from) throw invalid('end_date is before start_date');
  const periods = [];
  for (let p = billingPeriod(from); p.start <= to; p = billingPeriod(p.end)) {
    if (periods.length >= MAX_PERIODS)
      throw invalid(`at most ${MAX_PERIODS} billing periods at once`);
    const used = await deps.executions.creditsUsed(contextId, p.start, p.end);
    periods.push({
      start_date: day(p.start),
      end_date: day(new Date(p.end.getTime() - 86_400_000)),
      credits_included: deps.config.plan.creditsIncluded,
      credits_used: Math.round(used * 1000) / 1000,
    });
  }
  const count = (sql: string) => deps.db.prepare(sql).pluck().get(contextId) as number;
  const hasDashboards = deps.db
    .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'dashboards'`)
    .get();
  const storage = storageOf(deps.db, contextId);
  return {
    billing_periods: periods,
    bytes_used: planStorage(storage),
    bytes_allowed: deps.config.plan.storageBytes,
    storage: {
      tables_bytes: storage.tables,
      query_versions_bytes: storage.queryVersions,
      results_bytes: storage.results,
      results_bytes_allowed: deps.config.resultStorageBytes,
    },
    private_queries: count(
      'SELECT count(*) FROM queries WHERE owner_id = ? AND is_private = 1 AND is_archived = 0 AND is_temp = 0',
    ),
    private_dashboards: hasDashboards
      ? count('SELECT count(*) FROM dashboards WHERE owner_id = ? AND is_private = 1')
      : 0,
  };
}

/** POST /usage (the hosted form, body optional) and GET /usage?start_date&end_date. */
export function usageRoutes(deps: Deps) {
  const r = newRouter();
  const responses = {
    200: { description: 'Usage', content: { 'application/json': { schema: UsageResponse } } },
    ...errorResponses(400, 401),
  };
  r.openapi(
    createRoute({
      method: 'post',
      path: '/usage',
      tags: ['usage'],
      summary: 'Usage per billing period (free)',
      security: SECURED,
      request: {
        body: { content: { 'application/json': { schema: UsageRequest } }, required: false },
      },
      responses,
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const body = await optionalJsonBody(c, UsageRequest);
      return c.json(await usageOf(deps, p.context.id, body.start_date, body.end_date), 200);
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
      const q = c.req.valid('query');
      return c.json(await usageOf(deps, p.context.id, q.start_date, q.end_date), 200);
    },
  );
  return r;
}
