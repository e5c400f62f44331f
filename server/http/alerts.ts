import { createRoute, z } from '@hono/zod-openapi';
import {
  ALERT_LIMITS,
  AlertCreateRequest,
  AlertDeleteResponse,
  AlertDestinationTypesResponse,
  Alert,
  AlertHistoryResponse,
  AlertPatchRequest,
  AlertRunResponse,
  AlertsListResponse,
} from '../../contract/alerts.js';
import { callerOf } from '../auth/caller.js';
import { alertWire, evaluationWire } from '../alerts/alerts-wire.js';
import type { Deps } from '../deps.js';
import { Id } from './path-params.js';
import { requireScope } from './principal.js';
import { SECURED, answers, jsonBody, needs, newRouter } from './router.js';

const AlertIdParams = z.object({ alert_id: Id });

const page = (max: number, fallback: number) => ({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(fallback)
    .transform((n) => Math.min(n, max))
    .openapi({ description: `Default ${fallback}; over ${max} is taken as ${max}` }),
  offset: z.coerce.number().int().min(0).max(1e9).default(0),
});

const ListParams = z.object({
  ...page(ALERT_LIMITS.listMax, ALERT_LIMITS.listDefault),
  query_id: z.coerce.number().int().positive().optional().openapi({
    description: 'Only the alerts on this query',
  }),
});
const HistoryParams = z.object(page(ALERT_LIMITS.history, ALERT_LIMITS.historyDefault));

const RULES =
  'An alert belongs to the context that created it: only that context sees or changes it ' +
  '(another context’s alert is 404), and its runs are charged to it. Its query must be readable ' +
  'by the context (its own, or public; another context’s private query is 404), saved and not ' +
  'archived (403). States: `unknown` (never evaluated), `ok`, `triggered`, `failed` (the run ' +
  'failed or the condition could not be evaluated). See docs/alerts.md.';

const tags = ['alerts'];

/** Alerts on saved queries (a Strata extension, docs/alerts.md). */
export function alertRoutes(deps: Deps) {
  const r = newRouter();
  const { alerts } = deps;

  r.openapi(
    createRoute({
      method: 'post',
      path: '/alerts',
      tags,
      summary: 'Create an alert on a saved query (Strata extension)',
      description:
        'A condition on the first row of the query’s result (`column` `op` `value`) or on its rows (`any_rows`, `no_rows`), ' +
        'a cron schedule in UTC, the parameter values and tier of the run, and destinations (webhooks, email). ' +
        'A condition on a column the query’s latest result lacks is 400. Webhooks on private, loopback or link-local addresses are 400 ' +
        `unless ALERT_ALLOW_PRIVATE_WEBHOOKS. At most ${ALERT_LIMITS.perContext} alerts per context (409 beyond). ${RULES}`,
      security: SECURED,
      middleware: [needs('read_write')],
      request: { body: jsonBody(AlertCreateRequest) },
      responses: answers(Alert, 'Created', 400, 401, 403, 404, 409),
    }),
    async (c) => {
      const p = requireScope(c, 'read_write');
      const view = await alerts.create(callerOf(p), c.req.valid('json'));
      return c.json(alertWire(view), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/alerts',
      tags,
      summary: 'The caller’s context’s alerts (Strata extension)',
      description: `Oldest first; \`next_offset\` is present when more follow. ${RULES}`,
      security: SECURED,
      middleware: [needs('read')],
      request: { query: ListParams },
      responses: answers(AlertsListResponse, 'Alerts', 400, 401),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const { limit, offset, query_id } = c.req.valid('query');
      const list = await alerts.list(p.context.id, limit, offset, query_id);
      return c.json(
        {
          alerts: list.alerts.map(alertWire),
          ...(list.more ? { next_offset: offset + limit } : {}),
        },
        200,
      );
    },
  );

  // Before /alerts/{alert_id}, which would read "destinations" as an id.
  r.openapi(
    createRoute({
      method: 'get',
      path: '/alerts/destinations',
      tags,
      summary: 'The destination types this server can deliver to (Strata extension)',
      description:
        'Email needs an SMTP server (SMTP_HOST); without one, email destinations are refused (400), so the app does not offer them.',
      security: SECURED,
      middleware: [needs('read')],
      responses: answers(AlertDestinationTypesResponse, 'Destination types', 401),
    }),
    (c) => {
      requireScope(c, 'read');
      return c.json({ webhook: true, email: deps.config.smtp !== undefined }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/alerts/{alert_id}',
      tags,
      summary: 'An alert, with its state and latest value (Strata extension)',
      description: RULES,
      security: SECURED,
      middleware: [needs('read')],
      request: { params: AlertIdParams },
      responses: answers(Alert, 'The alert', 400, 401, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      return c.json(alertWire(await alerts.get(p.context.id, c.req.valid('param').alert_id)), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'patch',
      path: '/alerts/{alert_id}',
      tags,
      summary: 'Change an alert (Strata extension)',
      description: `Any subset of the fields of a create; the rest keep their value and everything is checked again. The next slot stays unless the schedule changes or the alert is paused or resumed. ${RULES}`,
      security: SECURED,
      middleware: [needs('read_write')],
      request: { params: AlertIdParams, body: jsonBody(AlertPatchRequest) },
      responses: answers(Alert, 'Changed', 400, 401, 403, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read_write');
      const id = c.req.valid('param').alert_id;
      const view = await alerts.update(p.context.id, id, c.req.valid('json'));
      return c.json(alertWire(view), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'delete',
      path: '/alerts/{alert_id}',
      tags,
      summary: 'Delete an alert and its history (Strata extension)',
      description: RULES,
      security: SECURED,
      middleware: [needs('read_write')],
      request: { params: AlertIdParams },
      responses: answers(AlertDeleteResponse, 'Deleted', 400, 401, 403, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read_write');
      const a = await alerts.remove(p.context.id, c.req.valid('param').alert_id);
      return c.json({ message: `Alert ${a.id} deleted` }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/alerts/{alert_id}/history',
      tags,
      summary: 'An alert’s evaluations and deliveries, newest first (Strata extension)',
      description: `Each evaluation: its trigger (schedule, manual), run, the state it found (\`running\` until its run ends), the value it looked at, its error, and each delivery it made (destination, ok, attempts, error). The last ${ALERT_LIMITS.history} evaluations are kept. ${RULES}`,
      security: SECURED,
      middleware: [needs('read')],
      request: { params: AlertIdParams, query: HistoryParams },
      responses: answers(AlertHistoryResponse, 'Evaluations', 400, 401, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const { limit, offset } = c.req.valid('query');
      const id = c.req.valid('param').alert_id;
      const h = await alerts.history(p.context.id, id, limit, offset);
      return c.json(
        {
          evaluations: h.evaluations.map(evaluationWire),
          ...(h.more ? { next_offset: offset + limit } : {}),
        },
        200,
      );
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/alerts/{alert_id}/run',
      tags,
      summary: 'Evaluate an alert now (Strata extension)',
      description: `Runs the query as the schedule would (paused or not) and evaluates the condition when it ends; destinations are told by the same rule as scheduled evaluations. The answer comes at once: \`running\` with the run’s \`execution_id\`, or \`failed\` when no run could start (an archived query...; the history says why). 402 when the context has used its credits. ${RULES}`,
      security: SECURED,
      middleware: [needs('read_write')],
      request: { params: AlertIdParams },
      responses: answers(AlertRunResponse, 'Started', 400, 401, 402, 403, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read_write');
      const r = await alerts.run(callerOf(p), c.req.valid('param').alert_id);
      return c.json(
        {
          evaluation_id: r.evaluationId,
          execution_id: r.executionId,
          state: r.executionId ? ('running' as const) : ('failed' as const),
        },
        200,
      );
    },
  );

  return r;
}
