import { ALERT_LIMITS } from '../../contract/rules/limits.js';
import type { AlertState } from '../../contract/rules/enums.js';
import type { Caller } from '../auth/caller.js';
import { STATES, TERMINAL } from '../executions/execution-record.js';
import { nowIso } from '../store/db.js';
import { evaluate, failedOutcome, type Outcome } from '../../shared/alerts/alert-condition.js';
import { deliver } from './alert-delivery.js';
import { AlertHistoryRepo } from './alert-history-repo.js';
import { buildMessage } from './alert-message.js';
import type { AlertRun, AlertsDeps } from './alerts-ports.js';
import type { AlertRecord, AlertsRepo } from './alerts-repo.js';

/** A running evaluation left with no run this long is taken as lost (its process stopped). */
const LOST_AFTER_MS = 5 * 60_000;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Why an ended run gave no result to evaluate. */
function runEnd(e: AlertRun): string {
  if (e.state === STATES.failed) return `the run failed: ${e.error?.message ?? 'no reason given'}`;
  if (e.state === STATES.cancelled)
    return 'the run was cancelled (by someone, or by a stop of the service)';
  return `the run has no result (${e.state})`;
}

/** Whether an evaluation that moved the state `from` → `to` sends its message. */
export function shouldNotify(
  notify: AlertRecord['notify'],
  from: AlertState,
  to: Outcome['state'],
): boolean {
  if (notify === 'every_run') return true;
  // The first evaluation tells of trouble, not that all is well.
  return from !== to && !(from === 'unknown' && to === 'ok');
}

/**
 * Evaluates alerts: an evaluation is a row ('running') and a run of the query as the alert's
 * owner; when the run ends, the condition is checked on its result, the evaluation ends with
 * the state found (a compare-and-set from 'running', so an evaluation ends once even when two
 * nodes or a restarted process see its run end), the alert's state moves, and its destinations
 * are told when shouldNotify says so. Deliveries of one evaluation run concurrently, and no
 * evaluation waits for another's.
 */
export class AlertRunner {
  readonly history: AlertHistoryRepo;
  /** Evaluations this process is finishing, by id. */
  private readonly inFlight = new Map<number, Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly deps: AlertsDeps,
    private readonly repo: AlertsRepo,
  ) {
    this.history = new AlertHistoryRepo(deps.store);
  }

  /**
   * Starts an evaluation of `alert`. A run that cannot start (runSaved refuses the query as
   * anyone's run is refused: gone, private to another context or archived; or parameter values
   * that no longer fit, no credits left) ends the evaluation at once as failed, visibly.
   */
  async start(
    alert: AlertRecord,
    trigger: 'schedule' | 'manual',
    by: Omit<Caller, 'contextId'> = { userId: null, apiKeyId: null },
  ): Promise<{ evaluationId: number; executionId: string | null }> {
    const evaluationId = await this.history.addEvaluation({
      alertId: alert.id,
      trigger,
      condition: alert.condition,
      startedAt: nowIso(),
    });
    let executionId: string;
    try {
      const e = await this.deps.executions.runSaved(
        { contextId: alert.ownerId, ...by },
        trigger === 'schedule' ? 'schedule' : 'api',
        alert.queryId,
        { values: alert.parameters, tier: alert.performance },
      );
      executionId = e.id;
      await this.history.setExecution(evaluationId, executionId);
    } catch (err) {
      this.track(evaluationId, () =>
        this.conclude(alert.id, evaluationId, null, failedOutcome(errorText(err))),
      );
      return { evaluationId, executionId: null };
    }
    this.track(evaluationId, async () => {
      await this.deps.executions.settled(executionId);
      await this.finish(evaluationId);
    });
    return { evaluationId, executionId };
  }

  /** Resolves once this process has finished the evaluation (at once if it is not finishing it). */
  settled(evaluationId: number): Promise<void> {
    return this.inFlight.get(evaluationId) ?? Promise.resolve();
  }

  /**
   * Finishes running evaluations whose run has ended that no one here is finishing: those of a
   * previous process (its runs were failed at start-up) or of another node.
   */
  async sweep(now = new Date()): Promise<void> {
    for (const ev of await this.history.running()) {
      if (this.inFlight.has(ev.id)) continue;
      const lost = now.getTime() - Date.parse(ev.startedAt) > LOST_AFTER_MS;
      if (ev.executionId || lost) this.track(ev.id, () => this.finish(ev.id));
    }
  }

  /**
   * No evaluation ends and no delivery attempt starts any more (the runs a stop interrupts are
   * evaluated at the next start); resolves once what this process was finishing has ended.
   */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.inFlight.values()]);
  }

  private track(evaluationId: number, work: () => Promise<void>): void {
    const done = work()
      .catch((err: unknown) =>
        this.deps.log?.(`alert evaluation ${evaluationId} failed: ${errorText(err)}`),
      )
      .finally(() => this.inFlight.delete(evaluationId));
    this.inFlight.set(evaluationId, done);
  }

  /** Checks the condition on the evaluation's ended run; nothing while the run goes on. */
  private async finish(evaluationId: number): Promise<void> {
    if (this.stopping.signal.aborted) return;
    const ev = await this.history.evaluation(evaluationId);
    if (!ev || ev.state !== 'running') return;
    const alert = await this.repo.byId(ev.alertId);
    if (!alert) return;
    let outcome: Outcome;
    const e = ev.executionId ? await this.deps.executions.get(ev.executionId) : undefined;
    if (!ev.executionId) outcome = failedOutcome('the service stopped before the run started');
    else if (!e) outcome = failedOutcome(`the run ${ev.executionId} is gone`);
    else if (!TERMINAL.has(e.state)) return;
    else if (e.state === STATES.completed || e.state === STATES.partial) {
      try {
        const firstRow = await this.deps.executions.results.firstRow(e);
        const head = { columns: e.column_names ?? [], rowCount: e.row_count ?? 0, firstRow };
        outcome = evaluate(alert.condition, head);
      } catch (err) {
        outcome = failedOutcome(`the result could not be read: ${errorText(err)}`);
      }
    } else outcome = failedOutcome(runEnd(e));
    await this.conclude(alert.id, evaluationId, ev.executionId, outcome);
  }

  /** Ends the evaluation with `outcome` (once), moves the alert's state and notifies. */
  private async conclude(
    alertId: number,
    evaluationId: number,
    executionId: string | null,
    outcome: Outcome,
  ): Promise<void> {
    const at = nowIso();
    const previous = await this.deps.store.transaction(async () => {
      if (!(await this.history.finishEvaluation(evaluationId, outcome, at))) return undefined;
      for (;;) {
        const a = await this.repo.byId(alertId);
        if (!a) return undefined;
        if (await this.repo.setState(alertId, a.state, outcome.state, at)) return a.state;
      }
    });
    if (previous === undefined) return;
    const alert = await this.repo.byId(alertId);
    if (alert?.destinations.length && shouldNotify(alert.notify, previous, outcome.state))
      await this.notify(alert, evaluationId, executionId, outcome, previous, at);
    await this.history.prune(alertId, ALERT_LIMITS.history);
  }

  private async notify(
    alert: AlertRecord,
    evaluationId: number,
    executionId: string | null,
    outcome: Outcome,
    previous: AlertState,
    evaluatedAt: string,
  ): Promise<void> {
    const { config } = this.deps;
    const query = await this.deps.queries.get(alert.queryId);
    const message = buildMessage({
      alert,
      query: { id: alert.queryId, name: query?.name ?? `query ${alert.queryId}` },
      context: (await this.deps.accounts.byId(alert.ownerId))?.handle ?? String(alert.ownerId),
      outcome,
      previous,
      executionId,
      evaluatedAt,
      baseUrl: config.publicUrl ?? `http://${config.host}:${config.port}`,
    });
    const deps = { config, lookup: this.deps.lookup, signal: this.stopping.signal };
    await Promise.all(
      alert.destinations.map(async (d) =>
        this.history.addDelivery(evaluationId, await deliver(d, message, deps)),
      ),
    );
    await this.history.markNotified(evaluationId);
  }
}
