import { createRoute, z } from '@hono/zod-openapi';
import {
  CreateDashboardScheduleRequest,
  CreateQueryScheduleRequest,
  DashboardSchedule,
  DashboardSchedulesResponse,
  DeleteScheduleResponse,
  QuerySchedule,
  QuerySchedulesResponse,
  SCHEDULE_LIMITS,
  ScheduleRunsResponse,
  UpdateDashboardScheduleRequest,
  UpdateQueryScheduleRequest,
  type DashboardScheduleValue,
  type ScheduleValue,
} from '../../contract/schedules.js';
import { callerOf } from '../auth/caller.js';
import type { Deps } from '../deps.js';
import type { ScheduleRunView, ScheduleView } from '../schedules/schedules-service.js';
import type { ScheduleTarget } from '../schedules/schedules-repo.js';
import { requireScope } from './principal.js';
import { Id } from './path-params.js';
import { SECURED, answers, jsonBody, needs, newRouter } from './router.js';
import type { Router } from './app-env.js';

const rulesOf = (noun: string) =>
  `Strata extension. Schedules are kept in the owner context of the ${noun}: another context's ${noun} answers 404 (public or not), and changes need a read_write key (403 with a read key). ` +
  `At most ${SCHEDULE_LIMITS.perTarget} schedules per ${noun} and ${SCHEDULE_LIMITS.perContext} per context (409 beyond); a second schedule with the same cron, values and tier is 409. ` +
  'A cron closer than the minimum interval (MATVIEW_MIN_INTERVAL_MINUTES) is 400. ' +
  "Each run is an execution in the owner context with source `schedule` (charged there; the usage answer counts it apart) that becomes the latest result for its values (`GET /query/{query_id}/results?params.<key>=...`). A slot whose runs cannot start (an archived query or dashboard, values the query no longer takes, the credit limit) is consumed and recorded: `last_state` failed, `last_error` says why. A slot that comes while the previous slot's runs still run is skipped. Missed slots (no server running) are caught up by one run; no slot runs twice, across restarts and nodes.";

const DASHBOARD_RUNS =
  ' A dashboard schedule runs each distinct query of its visualization widgets once per slot, with the values the dashboard opens with: the schedule’s value for a parameter widget (by query and key), else the parameter’s default. Another context’s public query on the dashboard is run too, charged to the dashboard’s owner; one made private is skipped and recorded.';

type Kind = ScheduleTarget['kind'];

const KINDS = {
  query: {
    noun: 'query',
    base: '/query/{query_id}/schedules',
    idName: 'query_id',
    tags: ['queries'],
    Item: QuerySchedule,
    List: QuerySchedulesResponse,
    Create: CreateQueryScheduleRequest,
    Update: UpdateQueryScheduleRequest,
    extra: '',
  },
  dashboard: {
    noun: 'dashboard',
    base: '/dashboards/{dashboard_id}/schedules',
    idName: 'dashboard_id',
    tags: ['dashboards'],
    Item: DashboardSchedule,
    List: DashboardSchedulesResponse,
    Create: CreateDashboardScheduleRequest,
    Update: UpdateDashboardScheduleRequest,
    extra: DASHBOARD_RUNS,
  },
} as const;

/** A schedule as the wire shows it (contract/schedules.ts). */
export function toScheduleResponse(s: ScheduleView) {
  const common = {
    schedule_id: s.id,
    cron_expression: s.cronExpression,
    performance: s.performance,
    enabled: s.enabled,
    next_run_at: s.nextRunAt,
    last_run_at: s.lastRunAt,
    last_execution_id: s.lastExecutionIds[0] ?? null,
    last_execution_ids: s.lastExecutionIds,
    last_state: s.lastState,
    last_error: s.lastProblem,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
  return s.target.kind === 'query'
    ? {
        ...common,
        query_id: s.target.id,
        parameters: s.parameters as Record<string, ScheduleValue>,
      }
    : {
        ...common,
        dashboard_id: s.target.id,
        parameters: s.parameters as DashboardScheduleValue[],
      };
}

/** A run of a schedule's history as the wire shows it. */
const toRunResponse = (r: ScheduleRunView) => ({
  run_at: r.runAt,
  state: r.state,
  error: r.error,
  executions: r.executions.map((e) => ({
    execution_id: e.executionId,
    query_id: e.queryId,
    state: e.state,
  })),
});

const RunsQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(SCHEDULE_LIMITS.runsKept)
    .default(SCHEDULE_LIMITS.runsPage)
    .openapi({
      description: `Default ${SCHEDULE_LIMITS.runsPage}, at most ${SCHEDULE_LIMITS.runsKept}`,
    }),
  offset: z.coerce.number().int().min(0).max(SCHEDULE_LIMITS.runsKept).default(0),
});

/** The schedule routes of one kind of target: list, create, read, change, delete, run now. */
function targetRoutes(r: Router, deps: Deps, kind: Kind) {
  const k = KINDS[kind];
  const rules = rulesOf(k.noun) + k.extra;
  const Params = z.object({ [k.idName]: Id });
  const ItemParams = z.object({ [k.idName]: Id, schedule_id: Id });
  const item = `${k.base}/{schedule_id}`;
  const target = (p: Record<string, number>): ScheduleTarget => ({ kind, id: p[k.idName]! });
  /** The schedule a path names: its target and its id. */
  const named = (p: Record<string, number>) => [target(p), p.schedule_id!] as const;
  /** A schedule as this kind's answer. */
  const answer = (s: ScheduleView) => toScheduleResponse(s) as z.output<typeof k.Item>;
  const { schedules } = deps;
  const common = { tags: [...k.tags], security: SECURED };

  r.openapi(
    createRoute({
      ...common,
      method: 'get',
      path: k.base,
      summary: `The schedules of a ${k.noun}, oldest first (Strata extension)`,
      description: rules,
      middleware: [needs('read')],
      request: { params: Params },
      responses: answers(k.List, 'Schedules', 400, 401, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const list = await schedules.list(p.context.id, target(c.req.valid('param')));
      const body = { schedules: list.map(toScheduleResponse) } as z.output<typeof k.List>;
      return c.json(body, 200);
    },
  );

  r.openapi(
    createRoute({
      ...common,
      method: 'post',
      path: k.base,
      summary: `Schedule refreshes of a ${k.noun} (Strata extension)`,
      description: `${rules} An archived ${k.noun} cannot be scheduled (403).`,
      middleware: [needs('read_write')],
      request: { params: Params, body: jsonBody(k.Create) },
      responses: answers(k.Item, 'The new schedule', 400, 401, 403, 404, 409),
    }),
    async (c) => {
      const p = requireScope(c, 'read_write');
      const s = await schedules.create(
        callerOf(p),
        target(c.req.valid('param')),
        c.req.valid('json'),
      );
      return c.json(answer(s), 200);
    },
  );

  r.openapi(
    createRoute({
      ...common,
      method: 'get',
      path: item,
      summary: `One schedule of a ${k.noun} (Strata extension)`,
      description: rules,
      middleware: [needs('read')],
      request: { params: ItemParams },
      responses: answers(k.Item, 'The schedule', 400, 401, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const s = await schedules.get(p.context.id, ...named(c.req.valid('param')));
      return c.json(answer(s), 200);
    },
  );

  r.openapi(
    createRoute({
      ...common,
      method: 'get',
      path: `${item}/runs`,
      summary: `The recent runs of a schedule of a ${k.noun}, newest first (Strata extension)`,
      description: `${rules} Each run (a slot, or run now): when it fired, its state (as \`last_state\` is read), why (part of) it could not start, and the executions it started with their queries and states (open one at \`GET /execution/{execution_id}/results\`); \`next_offset\` is present when older runs follow. The last ${SCHEDULE_LIMITS.runsKept} runs of a schedule are kept.`,
      middleware: [needs('read')],
      request: { params: ItemParams, query: RunsQuery },
      responses: answers(ScheduleRunsResponse, 'Runs', 400, 401, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const [of, id] = named(c.req.valid('param'));
      const page = c.req.valid('query');
      const { runs, more } = await schedules.runs(p.context.id, of, id, page);
      return c.json(
        {
          schedule_id: id,
          runs: runs.map(toRunResponse),
          ...(more ? { next_offset: page.offset + page.limit } : {}),
        },
        200,
      );
    },
  );

  r.openapi(
    createRoute({
      ...common,
      method: 'patch',
      path: item,
      summary: `Change a schedule of a ${k.noun} (Strata extension)`,
      description: `${rules} Any subset of fields; nothing given is 400. A new cron_expression, or enabling a disabled schedule, moves next_run_at to the first slot after now; disabling clears it.`,
      middleware: [needs('read_write')],
      request: { params: ItemParams, body: jsonBody(k.Update) },
      responses: answers(k.Item, 'The schedule', 400, 401, 403, 404, 409),
    }),
    async (c) => {
      const p = requireScope(c, 'read_write');
      const s = await schedules.update(
        callerOf(p),
        ...named(c.req.valid('param')),
        c.req.valid('json'),
      );
      return c.json(answer(s), 200);
    },
  );

  r.openapi(
    createRoute({
      ...common,
      method: 'delete',
      path: item,
      summary: `Delete a schedule of a ${k.noun} (Strata extension)`,
      description: `${rules} Runs it started keep running.`,
      middleware: [needs('read_write')],
      request: { params: ItemParams },
      responses: answers(DeleteScheduleResponse, 'Deleted', 400, 401, 403, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read_write');
      const [of, id] = named(c.req.valid('param'));
      await schedules.remove(callerOf(p), of, id);
      return c.json({ schedule_id: id, ok: true }, 200);
    },
  );

  r.openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${item}/run`,
      summary: `Run a schedule of a ${k.noun} now (Strata extension)`,
      description: `${rules} Runs the schedule once now exactly as a slot would (its values and tier, source \`schedule\`, recorded as its last run); next_run_at stays. While the last run is still pending or running nothing new starts. The answer is the schedule after the run started (or could not start: last_state failed).`,
      middleware: [needs('read_write')],
      request: { params: ItemParams },
      responses: answers(k.Item, 'The schedule', 400, 401, 403, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read_write');
      const s = await schedules.runNow(callerOf(p), ...named(c.req.valid('param')));
      return c.json(answer(s), 200);
    },
  );
}

/** Scheduled refreshes of saved queries and of dashboards (Strata extension). */
export function scheduleRoutes(deps: Deps) {
  const r = newRouter();
  targetRoutes(r, deps, 'query');
  targetRoutes(r, deps, 'dashboard');
  return r;
}
