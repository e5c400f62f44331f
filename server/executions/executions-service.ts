import { ulid } from 'ulid';
import type { Caller } from '../auth/caller.js';
import type { Scope } from '../auth/keys.js';
import type { Config } from '../config.js';
import type { TrustedDuck } from '../engine/duck.js';
import type { SandboxPool } from '../engine/sandbox-pool.js';
import type { Lake } from '../lake/lake.js';
import type { Logger } from '../log.js';
import { forbidden, invalid, notFound, overLimit } from '../errors.js';
import type { QueryRecord } from '../queries/queries-repo.js';
import type { QueriesService } from '../queries/queries-service.js';
import { refusalError } from '../queries/runnable.js';
import type { Store } from '../store/store.js';
import { DEFAULT_TIER } from '../engine/tiers.js';
import { billingPeriod } from './billing-period.js';
import { checkExecutionId, mayReadExecution } from './execution-access.js';
import {
  adHocSubmission,
  renderSubmission,
  savedSubmission,
  type AdHocSql,
  type ExecuteInput,
  type Submission,
} from './execution-input.js';
import { ExecutionQueue, type ResultHandoff } from './execution-queue.js';
import { ClusterQueue, type ClusterLink } from './cluster-queue.js';
import type { Signal } from '../cluster/signals.js';
import {
  STATES,
  type ExecutionRecord,
  type ExecutionSource,
  type ExecutionState,
} from './execution-record.js';
import { ExecutionResults } from './execution-results.js';
import { ExecutionsRepo } from './executions-repo.js';
import { LatestRuns } from './latest-runs.js';
import { ResultFiles } from './result-files.js';
import { adoption, type SavedQuery } from './run-adoption.js';
import { planReferences } from './query-references.js';
import { ReferenceRuns } from './reference-runs.js';

/** What a drain left (ExecutionsService.drain). */
export type DrainLeft = { running: number; stranded: number; handedBack: number };

/** What the queue says of an execution besides its record (status answers). */
export type LiveStatus = { queuePosition?: number; maxInflight: number; inflightReached: number };

/** A run of a saved query as runSaved started it: the query as it ran, and the execution. */
export type SavedRun = { query: QueryRecord; executionId: string };

type ServiceDeps = {
  config: Config;
  store: Store;
  lake: Lake;
  duck: TrustedDuck;
  queries: Pick<QueriesService, 'get' | 'runnable'>;
  /** Where runs happen (the server's sandbox thread). */
  sandboxes: SandboxPool;
  /** Set when nodes share a PostgreSQL store: the queue is the executions table. */
  cluster?: ClusterLink & { nodeId: string };
  log: Logger;
};

export const RESTART_MESSAGE =
  'The service stopped while this execution was pending or running; nothing was kept. Run it again.';

const EXECUTION_NOT_FOUND = 'Execution not found';

/**
 * Executions: submitting runs (parameters, billing limit), who may read, wait for and cancel
 * them, their results, and the queue that runs them (execution-queue.ts).
 */
export class ExecutionsService {
  private readonly repo: ExecutionsRepo;
  private readonly files: ResultFiles;
  private readonly queue: ExecutionQueue;
  private readonly references: ReferenceRuns;
  /** Reading pages of results (JSON, CSV). */
  readonly results: ExecutionResults;
  /** The latest run of a saved query with a result (latest-runs.ts). */
  readonly latest: LatestRuns;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly deps: ServiceDeps) {
    this.repo = new ExecutionsRepo(deps.store);
    this.files = new ResultFiles({ config: deps.config, repo: this.repo, duck: deps.duck });
    this.references = new ReferenceRuns({
      queries: deps.queries,
      repo: this.repo,
      results: this.files,
    });
    const queueDeps = {
      ...deps,
      repo: this.repo,
      results: this.files,
      references: this.references,
    };
    this.queue = deps.cluster
      ? new ClusterQueue(queueDeps, deps.cluster)
      : new ExecutionQueue(queueDeps);
    this.results = new ExecutionResults(deps, this.files);
    this.latest = new LatestRuns({
      repo: this.repo,
      queries: deps.queries,
      start: (reader, queryId, values) =>
        this.runSaved(reader, reader.source, queryId, { values, tier: DEFAULT_TIER }),
    });
  }

  get resultsDir(): string {
    return this.files.dir;
  }

  /**
   * Marks what a previous process left pending or running as failed (unless other nodes of a
   * cluster are running: they own what is theirs, and a dead node's runs fail by its lease),
   * and starts expiry.
   */
  async start(opts: { recover: boolean } = { recover: true }): Promise<void> {
    if (opts.recover)
      for (const e of await this.repo.failInterrupted(RESTART_MESSAGE)) this.files.discard(e.id);
    await this.references.sweepLeftovers();
    await this.sweepExpired();
    this.sweeper = setInterval(() => {
      this.sweepExpired().catch((err: unknown) =>
        this.deps.log.error({ err }, 'result expiry failed'),
      );
    }, 60_000);
    this.sweeper.unref();
  }

  /**
   * The first step of a stop: starts (claims) nothing more and waits up to `graceMs` for the
   * running executions to finish (execution-queue.ts, `drain`). Returns what it left: runs still
   * running and queued runs no other node can run (the stop cancels both, uncharged), and runs
   * submitted here that wait for another node.
   */
  async drain(graceMs: number): Promise<DrainLeft> {
    await this.queue.drain(graceMs);
    return this.left();
  }

  /** What a stop now would cancel, and what it leaves to other nodes. */
  left(): DrainLeft {
    return {
      running: this.queue.runningCount,
      stranded: this.queue.stranded,
      handedBack: this.queue.handedBack,
    };
  }

  /** The server is stopping (a drain began): health checks say so (http/meta.ts). */
  get stopping(): boolean {
    return this.queue.stopping;
  }

  /** Executions running on this process now. */
  get running(): number {
    return this.queue.runningCount;
  }

  /**
   * Interrupts running executions and resolves once each has recorded its end, cancelled and
   * uncharged (execution-queue.ts).
   */
  async stop(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await this.queue.stop();
    this.results.close();
  }

  /**
   * Validates parameters (invalid) and the saved queries the SQL reads as `query_<id>`
   * (query-references.ts: not_found, invalid), checks the billing limit (over_limit), records
   * and queues the run.
   */
  async submit(s: Submission): Promise<ExecutionRecord> {
    const { execution, rendered, run } = await this.prepare(s);
    await this.checkCredits(s.contextId);
    const record = await this.repo.insert(execution, {
      // A run whose result a callback stores runs on this node, the one holding the callback.
      runnerNode: s.onResult && this.deps.cluster ? this.deps.cluster.nodeId : null,
      writtenSql: s.sql,
      marks: rendered.marks,
    });
    this.queue.add({
      id: record.id,
      contextId: s.contextId,
      tier: s.performance,
      submittedAt: Date.parse(record.submitted_at),
      dialect: s.dialect,
      ...run,
      originalSql: s.sql,
      onResult: s.onResult,
    });
    return record;
  }

  /**
   * What a submission is refused for before anything is recorded (its values, the saved queries
   * it reads as `query_<id>`: query-references.ts), and the rendered run.
   */
  private async prepare(s: Submission) {
    const prepared = renderSubmission(s, ulid());
    const { rendered, run } = prepared;
    if (!run.refused)
      await planReferences(this.deps.queries, s.contextId, rendered.sql, {
        marks: rendered.marks,
        rootId: s.queryId,
      });
    return prepared;
  }

  /**
   * Refuses, as runSaved would and with the same error, a run of saved query `queryId` as
   * `caller` with `input`, without recording anything: what a feature checks before it saves
   * something whose first step is that run (a materialized view's upsert).
   */
  async checkSaved(caller: Caller, queryId: number, input: ExecuteInput): Promise<void> {
    const { query, refusal } = await this.deps.queries.runnable(queryId, caller.contextId);
    if (refusal !== null) throw refusalError(refusal);
    await this.prepare(savedSubmission(caller, 'api', query, input));
  }

  /**
   * Runs saved query `queryId` as `caller`: the one way a saved query runs, for a request
   * (execute) and for every feature that runs one on someone's behalf (alerts, schedules,
   * pipelines, views, the demo data). A query the caller may not run is refused by
   * QueriesService.runnable (not_found, or forbidden when archived), with the same message
   * whoever asked. `input` (or the function giving it, called once the query is known to be
   * runnable) is checked as any submission: values (invalid), credits (over_limit). `onResult`
   * gets the result before the execution completes, with the query as it ran.
   */
  async runSaved(
    caller: Caller,
    source: ExecutionSource,
    queryId: number,
    input: ExecuteInput | (() => Promise<ExecuteInput>),
    onResult?: (r: ResultHandoff, run: SavedRun) => Promise<void>,
  ): Promise<ExecutionRecord> {
    const { query, refusal } = await this.deps.queries.runnable(queryId, caller.contextId);
    if (refusal !== null) throw refusalError(refusal);
    const given = typeof input === 'function' ? await input() : input;
    // The result may only be handed over once the execution has its id.
    let named!: (id: string) => void;
    const executionId = new Promise<string>((resolve) => (named = resolve));
    const record = await this.submit({
      ...savedSubmission(caller, source, query, given),
      onResult: onResult && (async (r) => onResult(r, { query, executionId: await executionId })),
    });
    named(record.id);
    return record;
  }

  /** Runs ad-hoc SQL (`query_id` 0); placeholders without a definition are text. */
  executeSql(caller: Caller, source: 'app' | 'api', req: AdHocSql): Promise<ExecutionRecord> {
    return this.submit(adHocSubmission(caller, source, req));
  }

  /** The execution if `contextId` may read it (execution-access.ts); else not_found. */
  async readable(contextId: number, rawId: string): Promise<ExecutionRecord> {
    const e = await this.repo.get(checkExecutionId(rawId));
    if (e && e.context_id === contextId) return e;
    const query = e && e.query_id > 0 ? await this.deps.queries.get(e.query_id) : undefined;
    if (e && mayReadExecution(e, contextId, query)) return e;
    throw notFound(EXECUTION_NOT_FOUND);
  }

  /** An execution of the caller's context; another context's → not_found. */
  async own(contextId: number, rawId: string): Promise<ExecutionRecord> {
    const e = await this.repo.get(checkExecutionId(rawId));
    if (!e || e.context_id !== contextId) throw notFound(EXECUTION_NOT_FOUND);
    return e;
  }

  /**
   * A readable execution and what the queue says of it. With `waitMs`, an unfinished one is
   * waited for up to that long (a long poll) and read again.
   */
  async status(
    contextId: number,
    rawId: string,
    waitMs?: number,
  ): Promise<{ execution: ExecutionRecord; live: LiveStatus }> {
    let e = await this.readable(contextId, rawId);
    if (waitMs && (e.state === STATES.pending || e.state === STATES.executing)) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.queue.settled(e.id),
        new Promise((resolve) => (timer = setTimeout(resolve, waitMs))),
      ]);
      clearTimeout(timer);
      e = await this.readable(contextId, e.id);
    }
    const live = {
      queuePosition: e.state === STATES.pending ? await this.queue.queuePosition(e.id) : undefined,
      maxInflight: this.queue.contextLimit,
      inflightReached: await this.queue.inflightReached(e.context_id),
    };
    return { execution: e, live };
  }

  /**
   * Cancels an execution of the caller's context. A key of scope read may stop what it started,
   * never what other keys or people run (README, key scopes).
   */
  async cancelAsCaller(caller: Caller, scope: Scope, rawId: string): Promise<boolean> {
    const e = await this.own(caller.contextId, rawId);
    if (scope === 'read' && e.api_key_id !== caller.apiKeyId)
      throw forbidden('a key of scope read may cancel only the executions it started');
    return this.queue.cancel(e.id);
  }

  /** Cancels a pending or running execution (execution-queue.ts); no access check. */
  cancel(id: string): Promise<boolean> {
    return this.queue.cancel(id);
  }

  /** An execution event from a node of the cluster (cluster/signals.ts). */
  onSignal(signal: Signal, id: string): void {
    if (this.queue instanceof ClusterQueue) this.queue.onSignal(signal, id);
  }

  /** The cluster lease beat's work for executions (cluster-queue.ts). */
  async beat(): Promise<void> {
    if (this.queue instanceof ClusterQueue) await this.queue.beat();
  }

  /** Resolves when the execution reaches a terminal state (for pipelines, schedules, tests). */
  settled(id: string): Promise<void> {
    return this.queue.settled(id);
  }

  /** An execution by id, whoever ran it (for the services that started it). */
  get(id: string): Promise<ExecutionRecord | undefined> {
    return this.repo.get(id);
  }

  /** The states of executions by id, in one statement. */
  states(ids: string[]): Promise<Map<string, ExecutionState>> {
    return this.repo.states(ids);
  }

  /** Makes execution `id` a run of the saved query `q` (run-adoption.ts), or invalid saying why not. */
  async adopt(q: SavedQuery, id: string): Promise<void> {
    const verdict = adoption(await this.repo.get(id), q);
    if (!verdict.ok) throw invalid(verdict.problem);
    await this.repo.adopt(id, verdict.changes);
  }

  /** Credits the context's executions used between `from` and `to`. */
  creditsUsed(contextId: number, from: Date, to: Date): Promise<number> {
    return this.repo.creditsUsed(contextId, from, to);
  }

  /** over_limit once the context has used its plan's credits of the current billing period. */
  async checkCredits(contextId: number): Promise<void> {
    const { start, end } = billingPeriod(new Date());
    if ((await this.repo.creditsUsed(contextId, start, end)) >= this.deps.config.plan.creditsLimit)
      throw overLimit();
  }

  /** Deletes results past their expiry; their executions become QUERY_STATE_EXPIRED. */
  sweepExpired(now = new Date()): Promise<number> {
    return this.files.sweepExpired(now);
  }
}
