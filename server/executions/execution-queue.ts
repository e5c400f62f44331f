import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { ulid } from 'ulid';
import type { Dialect } from '../../contract/rules/enums.js';
import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import type { Lake } from '../lake/lake.js';
import { SqlError } from '../engine/sql-errors.js';
import type { SandboxPool } from '../engine/sandbox-pool.js';
import { creditsFor, type TierName } from '../engine/tiers.js';
import { namesTextOf } from '../engine/named-tables.js';
import { resetSpillRoot, spillRoot } from '../engine/sandbox-instances.js';
import { STATES, type ExecutionError, type ExecutionRecord } from './execution-record.js';
import type { ExecutionsRepo } from './executions-repo.js';
import { contextLimit, pickNext } from './fair-slots.js';
import { resultCap, tooLargeMessage, watchFileSize } from './result-cap.js';
import { runError } from './run-error.js';
import type { ResultFiles } from './result-files.js';
import type { ReferencedResult } from '../engine/sandbox.js';
import { engineRun } from './execution-input.js';
import { recordedValues, type ReferencePlan } from './query-references.js';
import type { ReferenceRuns } from './reference-runs.js';

/** The result file of a finished run; `declaredNames` are the column names before dedupe. */
export type ResultHandoff = {
  file: string;
  rowCount: number;
  columns: { name: string; type: string }[];
  declaredNames: string[];
};

/** A recorded execution waiting for an engine slot. */
export type QueuedRun = {
  id: string;
  contextId: number;
  tier: TierName;
  /** When it was recorded (its `submitted_at`), for the time it waited. */
  submittedAt: number;
  /** The SQL as run: parameters substituted and, in DuneSQL, rewritten for DuckDB. */
  sql: string;
  /** The dialect it is written in (the sandbox is set up for it). */
  dialect: Dialect;
  /** Maps offsets in the SQL as run back to the SQL as written, for error positions. */
  toOriginal: (offset: number) => number;
  originalSql: string;
  /** DuneSQL the rewrite refused (execution-input.ts, engineRun): the run fails with it. */
  refused?: SqlError;
  /**
   * Awaited after the run and before the execution completes (a materialized view stores the
   * result here); if it throws, the execution fails with the error's message instead.
   */
  onResult?: (r: ResultHandoff) => Promise<void>;
};

export type Job = QueuedRun & {
  cancelled: boolean;
  timedOut: boolean;
  /** Its result passed the tier's cap while it was written. */
  tooLarge?: boolean;
  interrupt?: () => void;
  startedAt?: number;
  /** The run is storing its result: too late to cancel. */
  committing?: boolean;
  /** Its final state is recorded (it may still be unwinding). */
  ended?: boolean;
  /** Already recorded as executing (a cluster claim does that). */
  claimed?: boolean;
  /** Interrupted because the server stops: cancelled, uncharged, saying why (STOPPED). */
  stopped?: boolean;
  /** A referenced query run inside another run: what it reads in turn, already planned. */
  plans?: ReferencePlan[];
};

/**
 * What a run the server's stop cancelled records (a drain's grace ran out, or a second signal):
 * an operator's cancel, not the user's, so it is not charged (execution-queue.ts, `stop`).
 */
export const STOPPED: ExecutionError = {
  type: 'FAILED_TYPE_CANCELLED',
  message:
    'The server was stopped for maintenance before this execution finished; it was not charged. Run it again.',
};

export type QueueDeps = {
  config: Config;
  lake: Lake;
  repo: ExecutionsRepo;
  results: ResultFiles;
  sandboxes: SandboxPool;
  /** The saved queries' results runs read as `query_<id>` (reference-runs.ts). */
  references: ReferenceRuns;
  log: Logger;
};

/**
 * Runs recorded executions: a FIFO queue with a per-context concurrency limit and a process-wide
 * number of engine slots (fair-slots.ts); each run happens in its own sandbox (engine/sandbox.ts)
 * and leaves a Parquet result. Every state it records is guarded by the state it leaves.
 */
export class ExecutionQueue {
  private readonly pending: Job[] = [];
  protected readonly running = new Map<string, Job>();
  /** Pending ones taken off the queue whose cancellation is being recorded. */
  protected readonly cancelling = new Map<string, Job>();
  private readonly runningByContext = new Map<number, number>();
  protected readonly waiters = new Map<string, (() => void)[]>();
  protected readonly runs = new Set<Promise<void>>();
  protected stopped = false;
  /** Draining (the server stops): nothing new starts, the running runs may finish. */
  protected draining = false;
  /**
   * Runs start outside whatever store transaction their submission was part of: a run writes
   * its own states and awaits the engine, which no transaction may wait for.
   */
  protected readonly detached = AsyncLocalStorage.snapshot();
  /** The node runs are recorded on (a cluster's; null on one process). */
  protected runnerNode: string | null = null;

  constructor(protected readonly deps: QueueDeps) {
    resetSpillRoot(deps.config.scratchDir);
  }

  /** Queues a recorded (pending) execution; it starts when the fairness rules let it. */
  add(run: QueuedRun): void {
    this.pending.push({ ...run, cancelled: false, timedOut: false });
    queueMicrotask(() => this.detached(() => this.pump()));
  }

  /** Draining or stopped: the server is on its way out. */
  get stopping(): boolean {
    return this.draining || this.stopped;
  }

  /** Runs executing on this process now. */
  get runningCount(): number {
    return this.running.size;
  }

  /** Runs submitted here that wait for another node to claim them (none on one process). */
  get handedBack(): number {
    return 0;
  }

  /** Runs waiting here that no other process can run: `stop` cancels them, uncharged. */
  get stranded(): number {
    return this.pending.length;
  }

  /**
   * The first step of a stop: starts nothing more (on a node of a cluster: claims nothing more,
   * so other nodes take what waits), and resolves once the running runs have ended or
   * `graceMs` has passed, whichever comes first. `stop` then ends what still runs.
   */
  async drain(graceMs: number): Promise<void> {
    this.draining = true;
    await this.idle();
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([grace, Promise.allSettled([...this.runs])]);
    clearTimeout(timer);
  }

  /** Resolves once no run can start any more (a claim in progress has ended). */
  protected async idle(): Promise<void> {}

  /**
   * Interrupts running executions and resolves once each has written its final state, so the
   * metadata store can be closed after it; those and the pending ones are recorded CANCELLED,
   * uncharged, saying why (STOPPED), since an operator stopped them, not their user. Everyone
   * waiting on an execution (long polls) is answered. Calling it again is harmless.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const job of this.running.values()) {
      job.stopped = true;
      job.cancelled = true;
      job.interrupt?.();
    }
    const pending = this.pending.splice(0);
    await Promise.allSettled([
      ...this.runs,
      ...pending.map((job) =>
        this.deps.repo.markCancelled(job.id, {
          cancelledAt: new Date(),
          executionMs: null,
          credits: 0,
          error: STOPPED,
        }),
      ),
    ]);
    for (const id of [...this.waiters.keys()]) this.settle(id);
  }

  /** 1-based place in the context's queue while pending, else undefined. */
  async queuePosition(id: string): Promise<number | undefined> {
    const job = this.pending.find((j) => j.id === id);
    if (!job) return undefined;
    return this.pending.filter((j) => j.contextId === job.contextId).indexOf(job) + 1;
  }

  /** Executions one context may run at once (fair-slots.ts). */
  get contextLimit(): number {
    return contextLimit(this.deps.config);
  }

  /** Executions the context runs now, when it is at its limit (0 otherwise). */
  async inflightReached(contextId: number): Promise<number> {
    const n = await this.runningOf(contextId);
    return n >= this.contextLimit ? n : 0;
  }

  /**
   * Cancels a pending or running execution; false if it had already finished or is storing its
   * result. The decision is taken on the queue at once (a run cannot start or commit after it),
   * and the cancellation is recorded before this resolves (a status read right after says
   * CANCELLED with `cancelled_at`); the engine is interrupted and unwinds after, and its own end
   * cannot overwrite the state, since every later update is guarded by the state it leaves.
   */
  async cancel(id: string): Promise<boolean> {
    const at = this.pending.findIndex((j) => j.id === id);
    if (at !== -1) {
      const job = this.pending.splice(at, 1)[0]!;
      this.cancelling.set(id, job);
      try {
        return await this.deps.repo.markCancelled(id, {
          cancelledAt: new Date(),
          executionMs: null,
          credits: 0,
        });
      } finally {
        this.cancelling.delete(id);
        this.settle(id);
        queueMicrotask(() => this.detached(() => this.pump()));
      }
    }
    const job = this.running.get(id);
    if (!job || job.committing || job.cancelled || job.ended) return false;
    job.cancelled = true;
    const ms = Date.now() - (job.startedAt ?? Date.now());
    const done = await this.deps.repo.markCancelled(id, {
      cancelledAt: new Date(),
      executionMs: ms,
      credits: creditsFor(this.deps.config.tiers[job.tier], ms),
    });
    job.interrupt?.();
    if (!done) {
      // The run recorded its end first: its own CANCELLED (it saw the flag), or a failure.
      return (await this.deps.repo.states([id])).get(id) === STATES.cancelled;
    }
    job.ended = true;
    this.settle(id);
    return true;
  }

  /** Resolves when the execution reaches a terminal state (for tests, pipelines, schedules). */
  settled(id: string): Promise<void> {
    const job =
      this.running.get(id) ?? this.cancelling.get(id) ?? this.pending.find((j) => j.id === id);
    if (this.stopped || !job || job.ended) return Promise.resolve();
    return new Promise((resolve) =>
      this.waiters.set(id, [...(this.waiters.get(id) ?? []), resolve]),
    );
  }

  /** Executions the context runs now. */
  protected async runningOf(contextId: number): Promise<number> {
    return this.runningByContext.get(contextId) ?? 0;
  }

  protected settle(id: string) {
    for (const resolve of this.waiters.get(id) ?? []) resolve();
    this.waiters.delete(id);
  }

  /** Starts pending executions while the fairness rules (fair-slots.ts) allow one to start. */
  protected pump() {
    if (this.stopped || this.draining) return;
    for (;;) {
      const at = pickNext(this.pending, this.runningByContext, this.deps.config);
      if (at === -1) return;
      this.start(this.pending.splice(at, 1)[0]!);
    }
  }

  /** Runs a job taken off the queue; when it ends, its waiters answer and the queue moves. */
  protected start(job: Job) {
    this.running.set(job.id, job);
    this.runningByContext.set(job.contextId, (this.runningByContext.get(job.contextId) ?? 0) + 1);
    const run = this.run(job)
      // Only a state write can fail here (a full disk): the state stays EXECUTING, and the
      // next start marks it failed, as after a crash.
      .catch((err: unknown) =>
        this.deps.log.error({ err, execution_id: job.id }, 'could not record the end of a run'),
      )
      .finally(() => {
        this.running.delete(job.id);
        this.runs.delete(run);
        this.runningByContext.set(
          job.contextId,
          (this.runningByContext.get(job.contextId) ?? 1) - 1,
        );
        this.settle(job.id);
        this.ended(job.id);
      });
    this.runs.add(run);
  }

  /** After a run's end is recorded (or could not be). */
  protected ended(_id: string) {
    this.pump();
  }

  private async run(job: Job) {
    const tier = this.deps.config.tiers[job.tier];
    const started = new Date();
    job.startedAt = started.getTime();
    if (!job.claimed)
      await this.deps.repo.markExecuting(job.id, started, started.getTime() - job.submittedAt);
    const file = this.deps.results.fileOf(job.id);
    const timer = setTimeout(() => {
      job.timedOut = true;
      job.interrupt?.();
    }, tier.timeoutMs);
    const cap = resultCap(this.deps.config, tier);
    let stopWatching = () => {};
    /** The time referenced queries ran inside this run: charged to their own executions. */
    let referencedMs = 0;
    const elapsed = () => Date.now() - started.getTime() - referencedMs;
    try {
      if (job.refused) throw job.refused;
      const bindStarted = Date.now();
      const references = await this.bindReferences(job);
      referencedMs = Date.now() - bindStarted;
      if (job.cancelled) throw new SqlError('FAILED_TYPE_CANCELLED', 'cancelled');
      const out = await this.deps.sandboxes.run(
        {
          sql: job.sql,
          references,
          dialect: job.dialect,
          contextId: job.contextId,
          lakeRoot: this.deps.lake.root,
          resultFile: file,
          tier,
          spill: {
            root: spillRoot(this.deps.config.scratchDir),
            maxBytes: this.deps.config.maxSpillBytes,
          },
        },
        await this.deps.lake.visibleTo(job.contextId, namesTextOf(job.sql)),
        (interrupt, writing) => {
          job.interrupt = interrupt;
          stopWatching = watchFileSize(writing, cap, () => {
            job.tooLarge = true;
            job.interrupt?.();
          });
          if (job.cancelled || job.timedOut || job.tooLarge) interrupt();
        },
      );
      job.interrupt = undefined; // the sandbox is gone: nothing left to interrupt
      stopWatching();
      if (job.cancelled) throw new SqlError('FAILED_TYPE_CANCELLED', 'cancelled');
      if (out.resultBytes > cap) job.tooLarge = true;
      if (job.tooLarge) throw new SqlError('FAILED_TYPE_EXECUTION_FAILED', 'too large');
      job.committing = true;
      await this.deps.results.makeRoom(job.contextId, out.resultBytes);
      if (job.onResult) {
        const { columns, rowCount, declaredNames } = out;
        await job.onResult({ file, rowCount, columns, declaredNames }).catch((err: unknown) => {
          throw new SqlError(
            'FAILED_TYPE_EXECUTION_FAILED',
            err instanceof Error ? err.message : String(err),
          );
        });
      }
      const ms = elapsed();
      const kept = await this.deps.repo.markCompleted(job.id, {
        endedAt: new Date(),
        expiresAt: new Date(Date.now() + this.deps.config.resultTtlMs),
        columnNames: out.columns.map((c) => c.name),
        columnTypes: out.columns.map((c) => c.type),
        rowCount: out.rowCount,
        resultBytes: out.resultBytes,
        resultFile: path.basename(file),
        executionMs: ms,
        credits: creditsFor(tier, ms),
      });
      // Cancelled from another node, or failed by one that took this node for dead.
      if (!kept) this.deps.results.discard(job.id);
      else
        this.deps.results.written(job.id, {
          file,
          columnNames: out.columns.map((c) => c.name),
          columnTypes: out.columns.map((c) => c.type),
          rowCount: out.rowCount,
          resultBytes: out.resultBytes,
        });
    } catch (err) {
      this.deps.results.discard(job.id);
      const ms = elapsed();
      const credits = creditsFor(tier, ms);
      if (job.cancelled) {
        await this.deps.repo.markCancelled(job.id, {
          cancelledAt: new Date(),
          executionMs: ms,
          ...(job.stopped ? { credits: 0, error: STOPPED } : { credits }),
        });
      } else {
        const { dataDir, maxSpillBytes } = this.deps.config;
        const message = job.timedOut
          ? `the execution took longer than the ${tier.name} tier allows (${tier.timeoutMs / 60_000} minutes)`
          : job.tooLarge && tooLargeMessage(tier, cap);
        const error = message
          ? { type: 'FAILED_TYPE_EXECUTION_FAILED', message }
          : runError(err, job, { dataDir, tier, maxSpillBytes }, this.deps.log);
        await this.deps.repo.markFailed(job.id, error, {
          endedAt: new Date(),
          executionMs: ms,
          credits,
        });
      }
    } finally {
      clearTimeout(timer);
      stopWatching();
      this.deps.references.release(job.id);
    }
    job.ended = true;
  }

  /** The results the run reads as `query_<id>` (reference-runs.ts); none for most runs. */
  private async bindReferences(job: Job): Promise<ReferencedResult[]> {
    const plans = job.plans ?? (await this.deps.references.plan(job.contextId, job.sql));
    if (!plans.length) return [];
    return this.deps.references.bind(job.id, job.contextId, plans, (plan) =>
      this.runReferenced(plan, job),
    );
  }

  /**
   * Runs a referenced query inside `reader`'s run (in its slot and under its timer: a queued run
   * could wait for a slot its reader holds), recorded as an execution of that query by the
   * reader's context, user and key, at the reader's tier, charged for its own time. The
   * reader's cancel, timeout or stop reaches it.
   */
  private async runReferenced(plan: ReferencePlan, reader: Job): Promise<ExecutionRecord> {
    const by = await this.deps.repo.get(reader.id);
    const id = ulid();
    const started = new Date();
    const { query, rendered } = plan;
    await this.deps.repo.insert(
      {
        id,
        query_id: query.id,
        query_version: query.version,
        context_id: reader.contextId,
        user_id: by?.user_id ?? null,
        api_key_id: by?.api_key_id ?? null,
        source: 'reference',
        sql: rendered.sql,
        dialect: query.dialect,
        parameters: recordedValues(plan.values),
        params_key: plan.paramsKey,
        performance: reader.tier,
      },
      {
        runnerNode: this.runnerNode,
        writtenSql: query.query_sql,
        marks: rendered.marks,
        startedAt: started,
      },
    );
    const child: Job = {
      id,
      contextId: reader.contextId,
      tier: reader.tier,
      submittedAt: started.getTime(),
      dialect: query.dialect,
      ...engineRun(rendered, query.dialect),
      originalSql: query.query_sql,
      plans: plan.refs,
      cancelled: false,
      timedOut: false,
      claimed: true,
    };
    reader.interrupt = () => {
      child.timedOut ||= reader.timedOut;
      child.stopped ||= reader.stopped;
      child.cancelled ||= reader.cancelled && !reader.timedOut;
      child.interrupt?.();
    };
    try {
      await this.run(child);
    } finally {
      reader.interrupt = undefined;
    }
    return (await this.deps.repo.get(id))!;
  }
}
