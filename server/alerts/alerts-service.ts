import type { AlertCreateInput, AlertPatchInput } from '../../contract/alerts.js';
import { ALERT_LIMITS } from '../../contract/rules/limits.js';
import type { Caller } from '../auth/caller.js';
import { conflict, forbidden, notFound } from '../errors.js';
import { QUERY_NOT_FOUND, canReadQuery } from '../queries/readable.js';
import { checkFields } from './alert-input.js';
import type { EvaluationRecord } from './alert-history-repo.js';
import { AlertRunner } from './alert-runner.js';
import type { AlertQuery, AlertsDeps } from './alerts-ports.js';
import { AlertsRepo, type AlertRecord } from './alerts-repo.js';

const ALERT_NOT_FOUND = 'Alert not found';

/** An alert as the API shows it: with its query's name and its latest finished evaluation. */
export type AlertView = {
  alert: AlertRecord;
  queryName: string;
  last: EvaluationRecord | undefined;
};

/** An alert's fields in the shape of a create request (what a change is merged into). */
const asInput = (a: AlertRecord): AlertCreateInput => ({
  name: a.name,
  query_id: a.queryId,
  condition: a.condition,
  cron_expression: a.cronExpression,
  query_parameters: a.parameters,
  performance: a.performance,
  notify: a.notify,
  destinations: a.destinations,
  is_paused: a.isPaused,
});

/**
 * Alerts on saved queries (docs/alerts.md). An alert belongs to the context that made it: only
 * that context sees it (another context's alert is not found) and it runs as that context. Its
 * query must be one the context may read (own, or public), saved and not archived.
 */
export class AlertsService {
  readonly repo: AlertsRepo;
  readonly runner: AlertRunner;

  constructor(private readonly deps: AlertsDeps) {
    this.repo = new AlertsRepo(deps.store);
    this.runner = new AlertRunner(deps, this.repo);
  }

  /** The context's own alert; anything else is not_found. */
  async owned(contextId: number, id: number): Promise<AlertRecord> {
    const a = await this.repo.byId(id);
    if (!a || a.ownerId !== contextId) throw notFound(ALERT_NOT_FOUND);
    return a;
  }

  async get(contextId: number, id: number): Promise<AlertView> {
    return this.view(await this.owned(contextId, id));
  }

  async list(contextId: number, limit: number, offset: number, queryId?: number) {
    const page = await this.repo.list(contextId, limit, offset, queryId);
    return { alerts: await Promise.all(page.alerts.map((a) => this.view(a))), more: page.more };
  }

  async create(caller: Caller, input: AlertCreateInput): Promise<AlertView> {
    const query = await this.query(input.query_id, caller.contextId);
    if ((await this.repo.countOwned(caller.contextId)) >= ALERT_LIMITS.perContext)
      throw conflict(
        `a context may have at most ${ALERT_LIMITS.perContext} alerts; delete one to make another`,
      );
    const fields = await checkFields(input, query, caller.contextId, this.deps);
    const alert = await this.repo.insert({
      ...fields,
      ownerId: caller.contextId,
      createdBy: caller.userId,
    });
    return this.view(alert);
  }

  /**
   * Changes an alert. A change of its query, parameter values or condition needs a query the
   * context may run (as a creation does); other changes (pause, rename, schedule, destinations)
   * are taken even while the query is archived or unreadable, so such an alert can be paused.
   */
  async update(contextId: number, id: number, patch: AlertPatchInput): Promise<AlertView> {
    const existing = await this.owned(contextId, id);
    const changes = definedOf(patch);
    const input = { ...asInput(existing), ...changes };
    const query =
      'query_id' in changes || 'query_parameters' in changes || 'condition' in changes
        ? await this.query(input.query_id, contextId)
        : ((await this.findQuery(input.query_id, contextId)) ?? undefined);
    const fields = await checkFields(input, query, contextId, this.deps, existing);
    return this.view(await this.repo.update(id, fields));
  }

  async remove(contextId: number, id: number): Promise<AlertRecord> {
    const a = await this.owned(contextId, id);
    await this.repo.delete(a.id);
    return a;
  }

  async history(contextId: number, id: number, limit: number, offset: number) {
    const a = await this.owned(contextId, id);
    return this.runner.history.history(a.id, limit, offset);
  }

  /** Evaluates now (paused or not), as `caller`; over_limit when the context has no credits. */
  async run(caller: Caller, id: number) {
    const a = await this.owned(caller.contextId, id);
    await this.deps.executions.checkCredits(a.ownerId);
    return this.runner.start(a, 'manual', { userId: caller.userId, apiKeyId: caller.apiKeyId });
  }

  /**
   * A query the context may run (QueriesService.runnable) and that is saved, as an alert needs;
   * else null.
   */
  private async findQuery(id: number, contextId: number): Promise<AlertQuery | null> {
    const { query } = await this.deps.queries.runnable(id, contextId);
    return query && !query.is_temp ? query : null;
  }

  /** A query the context may run for an alert: not_found, or forbidden if archived or unsaved. */
  private async query(id: number, contextId: number): Promise<AlertQuery> {
    const r = await this.deps.queries.runnable(id, contextId);
    if (r.refusal === 'not_found') throw notFound(QUERY_NOT_FOUND);
    if (r.refusal === 'archived' || r.query.is_temp)
      throw forbidden(`Query ${id} is archived or unsaved; an alert needs a saved query`);
    return r.query;
  }

  private async view(alert: AlertRecord): Promise<AlertView> {
    const [query, last] = await Promise.all([
      this.deps.queries.get(alert.queryId),
      this.runner.history.lastFinished(alert.id),
    ]);
    const readable = query && canReadQuery(query, alert.ownerId);
    return { alert, queryName: readable ? query.name : '', last };
  }
}

/** The fields a change gives (absent ones keep their value). */
function definedOf(patch: AlertPatchInput): Partial<AlertCreateInput> {
  return Object.fromEntries(
    Object.entries(patch).filter(([, v]) => v !== undefined),
  ) as Partial<AlertCreateInput>;
}
