import fs from 'node:fs';
import path from 'node:path';
import { ulid } from 'ulid';
import type { Parameter, ParameterValue } from '../../contract/parameters.js';
import type { Config } from '../config.js';
import type { Db } from '../store/db.js';
import { overLimit } from '../errors.js';
import {
  STATES,
  TERMINAL,
  type ExecutionRecord,
  type ExecutionsRepo,
} from '../store/executions-repo.js';
import type { Lake } from '../lake/lake.js';
import { parameterKey, renderSql, resolveParameterValues } from './parameters.js';
import { SandboxInstances, SqlError, runInSandbox } from './sandbox.js';
import { contextLimit, pickNext } from './fair-slots.js';
import { resultCap, tooLargeMessage, watchFileSize } from './result-cap.js';
import { storageOf } from '../usage/storage.js';
import { isDiskFull, withoutServerPaths } from '../disk-full.js';
import { lineColumn } from './sql-errors.js';
import { TIERS, creditsFor, type TierName } from './tiers.js';

export type Submission = {
  contextId: number;
  userId: number | null;
  apiKeyId: string | null;
  queryId: number;
  queryVersion: number | null;
  /** The SQL as written, with `{{name}}` placeholders. */
  sql: string;
  parameters: Parameter[];
  values: Record<string, ParameterValue | null | undefined>;
  performance: TierName;
  source: 'api' | 'app' | 'schedule' | 'pipeline';
  /**
   * Awaited after the run and before the execution completes (a materialized view stores the
   * result here); if it throws, the execution fails with the error's message instead.
   */
  onResult?: (r: ResultHandoff) => Promise<void>;
};

/** The result file of a finished run; `declaredNames` are the column names before dedupe. */
export type ResultHandoff = {
  file: string;
  rowCount: number;
  columns: { name: string; type: string }[];
  declaredNames: string[];
};

type Job = {
  id: string;
  contextId: number;
  tier: TierName;
  sql: string;
  /** Maps offsets in the SQL as run back to the SQL as written, for error positions. */
  toOriginal: (offset: number) => number;
  originalSql: string;
  cancelled: boolean;
  timedOut: boolean;
  /** Its result passed the tier's cap while it was written. */
  tooLarge?: boolean;
  onResult?: (r: ResultHandoff) => Promise<void>;
  interrupt?: () => void;
  startedAt?: number;
  /** The run is storing its result: too late to cancel. */
  committing?: boolean;
};

export const RESTART_MESSAGE =
  'The service stopped while this execution was pending or running; nothing was kept. Run it again.';

/** Month-long billing periods in UTC; the one containing `at`. */
export function billingPeriod(at: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end };
}

/**
 * Runs executions: a FIFO queue with a per-context concurrency limit and a process-wide number
 * of engine slots; each run happens in its own sandbox (sandbox.ts) and leaves a Parquet result.
 */
export class Executions {
  private readonly pending: Job[] = [];
  private readonly running = new Map<string, Job>();
  private readonly runningByContext = new Map<number, number>();
  private readonly waiters = new Map<string, (() => void)[]>();
  readonly resultsDir: string;
  private readonly instances = new SandboxInstances();
  private sweeper: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly runs = new Set<Promise<void>>();

  constructor(private readonly deps: { config: Config; db: Db; lake: Lake; repo: ExecutionsRepo }) {
    this.resultsDir = path.join(deps.config.dataDir, 'results');
    fs.mkdirSync(this.resultsDir, { recursive: true });
  }

  /** Marks what a previous process left pending or running as failed, and starts expiry. */
  start(): void {
    for (const e of this.deps.repo.failInterrupted(RESTART_MESSAGE)) {
      fs.rmSync(path.join(this.resultsDir, `${e.id}.parquet`), { force: true });
    }
    this.sweepExpired();
    this.sweeper = setInterval(() => this.sweepExpired(), 60_000);
    this.sweeper.unref();
  }

  /**
   * Interrupts running executions and resolves once each has written its final state, so the
   * metadata database can be closed after it. Pending ones stay pending; the next start fails them.
   * Everyone waiting on an execution (long polls) is answered. Calling it again is harmless.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweeper) clearInterval(this.sweeper);
    for (const job of this.running.values()) {
      job.cancelled = true;
      job.interrupt?.();
    }
    await Promise.allSettled([...this.runs]);
    for (const id of [...this.waiters.keys()]) this.settle(id);
    this.instances.close();
  }

  /** Validates parameters (400s), checks the billing limit (402), records and queues the run. */
  submit(s: Submission): ExecutionRecord {
    const values = resolveParameterValues(s.parameters, s.values);
    const rendered = renderSql(s.sql, values);
    const { start, end } = billingPeriod(new Date());
    if (this.deps.repo.creditsUsed(s.contextId, start, end) >= this.deps.config.plan.creditsLimit) {
      throw overLimit();
    }
    const id = ulid();
    const record = this.deps.repo.insert({
      id,
      query_id: s.queryId,
      query_version: s.queryVersion,
      context_id: s.contextId,
      user_id: s.userId,
      api_key_id: s.apiKeyId,
      source: s.source,
      sql: rendered.sql,
      parameters: Object.fromEntries(
        Object.entries(values).map(([k, v]) => [
          k,
          v.def.isMultiselect ? v.values : (v.values[0] ?? ''),
        ]),
      ),
      params_key: parameterKey(values),
      performance: s.performance,
    });
    this.pending.push({
      id,
      contextId: s.contextId,
      tier: s.performance,
      sql: rendered.sql,
      toOriginal: rendered.toOriginal,
      originalSql: s.sql,
      cancelled: false,
      timedOut: false,
      onResult: s.onResult,
    });
    queueMicrotask(() => this.pump());
    return record;
  }

  /** 1-based place in the context's queue while pending, else undefined. */
  queuePosition(id: string): number | undefined {
    const job = this.pending.find((j) => j.id === id);
    if (!job) return undefined;
    return this.pending.filter((j) => j.contextId === job.contextId).indexOf(job) + 1;
  }

  /** Executions one context may run at once (fair-slots.ts). */
  get contextLimit(): number {
    return contextLimit(this.deps.config);
  }

  /** Executions the context runs now, when it is at its limit (0 otherwise). */
  inflightReached(contextId: number): number {
    const n = this.runningByContext.get(contextId) ?? 0;
    return n >= this.contextLimit ? n : 0;
  }

  /**
   * Cancels a pending or running execution; false if it had already finished or is storing its
   * result. The cancellation is recorded before this returns (a status read right after says
   * CANCELLED with `cancelled_at`); the engine is interrupted and unwinds after, and its own end
   * cannot overwrite the state, since every later update is guarded by the state it leaves.
   */
  cancel(id: string): boolean {
    const record = this.deps.repo.get(id);
    if (!record || (record.state !== STATES.pending && record.state !== STATES.executing))
      return false;
    const at = this.pending.findIndex((j) => j.id === id);
    if (at !== -1) {
      this.pending.splice(at, 1);
      this.deps.repo.markCancelled(id, { cancelledAt: new Date(), executionMs: null, credits: 0 });
      this.settle(id);
      queueMicrotask(() => this.pump());
      return true;
    }
    const job = this.running.get(id);
    if (!job || job.committing) return false;
    job.cancelled = true;
    const ms = Date.now() - (job.startedAt ?? Date.now());
    this.deps.repo.markCancelled(id, {
      cancelledAt: new Date(),
      executionMs: ms,
      credits: creditsFor(TIERS[job.tier], ms),
    });
    job.interrupt?.();
    this.settle(id);
    return true;
  }

  /** Resolves when the execution reaches a terminal state (for tests, pipelines, schedules). */
  settled(id: string): Promise<void> {
    const record = this.deps.repo.get(id);
    if (
      this.stopped ||
      !record ||
      TERMINAL.has(record.state) ||
      (!this.running.has(id) && !this.pending.some((j) => j.id === id))
    )
      return Promise.resolve();
    return new Promise((resolve) =>
      this.waiters.set(id, [...(this.waiters.get(id) ?? []), resolve]),
    );
  }

  private settle(id: string) {
    for (const resolve of this.waiters.get(id) ?? []) resolve();
    this.waiters.delete(id);
  }

  /** Starts pending executions while the fairness rules (fair-slots.ts) allow one to start. */
  private pump() {
    if (this.stopped) return;
    for (;;) {
      const at = pickNext(this.pending, this.runningByContext, this.deps.config);
      if (at === -1) return;
      const job = this.pending.splice(at, 1)[0]!;
      this.running.set(job.id, job);
      this.runningByContext.set(job.contextId, (this.runningByContext.get(job.contextId) ?? 0) + 1);
      const run = this.run(job)
        // Only the final state write can fail here (a full disk): the state stays EXECUTING, and
        // the next start marks it failed, as after a crash.
        .catch((err: unknown) =>
          console.error(`execution ${job.id}: could not record its end`, err),
        )
        .finally(() => {
          this.running.delete(job.id);
          this.runs.delete(run);
          this.runningByContext.set(
            job.contextId,
            (this.runningByContext.get(job.contextId) ?? 1) - 1,
          );
          this.settle(job.id);
          this.pump();
        });
      this.runs.add(run);
    }
  }

  private async run(job: Job) {
    const tier = TIERS[job.tier];
    const started = new Date();
    job.startedAt = started.getTime();
    this.deps.repo.markExecuting(job.id, started);
    const file = path.join(this.resultsDir, `${job.id}.parquet`);
    const timer = setTimeout(() => {
      job.timedOut = true;
      job.interrupt?.();
    }, tier.timeoutMs);
    const cap = resultCap(this.deps.config, tier);
    const stopWatching = watchFileSize(file, cap, () => {
      job.tooLarge = true;
      job.interrupt?.();
    });
    const elapsed = () => Date.now() - started.getTime();
    try {
      const out = await runInSandbox({
        sql: job.sql,
        tables: await this.deps.lake.visibleTo(job.contextId),
        lakeRoot: this.deps.lake.root,
        resultFile: file,
        tier,
        instances: this.instances,
        onStart: (interrupt) => {
          job.interrupt = interrupt;
          if (job.cancelled || job.timedOut || job.tooLarge) interrupt();
        },
      });
      job.interrupt = undefined; // the sandbox is gone: nothing left to interrupt
      stopWatching();
      if (job.cancelled) throw new SqlError('FAILED_TYPE_CANCELLED', 'cancelled');
      if (out.resultBytes > cap) job.tooLarge = true;
      if (job.tooLarge) throw new SqlError('FAILED_TYPE_EXECUTION_FAILED', 'too large');
      job.committing = true;
      this.makeRoomForResult(job.contextId, out.resultBytes);
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
      this.deps.repo.markCompleted(job.id, {
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
    } catch (err) {
      fs.rmSync(file, { force: true });
      const ms = elapsed();
      const credits = creditsFor(tier, ms);
      if (job.cancelled) {
        this.deps.repo.markCancelled(job.id, { cancelledAt: new Date(), executionMs: ms, credits });
      } else if (job.timedOut || job.tooLarge) {
        const message = job.timedOut
          ? `the execution took longer than the ${tier.name} tier allows (${tier.timeoutMs / 60_000} minutes)`
          : tooLargeMessage(tier, cap);
        const error = { type: 'FAILED_TYPE_EXECUTION_FAILED', message };
        this.deps.repo.markFailed(job.id, error, { endedAt: new Date(), executionMs: ms, credits });
      } else {
        this.deps.repo.markFailed(job.id, this.toError(job, err), {
          endedAt: new Date(),
          executionMs: ms,
          credits,
        });
      }
    } finally {
      clearTimeout(timer);
      stopWatching();
    }
  }

  /**
   * Results are a cache with a budget per context (RESULT_STORAGE_BYTES): before a new result is
   * kept, the context's oldest results expire early until it fits.
   */
  private makeRoomForResult(contextId: number, bytes: number) {
    const budget = this.deps.config.resultStorageBytes;
    let used = storageOf(this.deps.db, contextId).results;
    for (const old of this.deps.repo.resultsOldestFirst(contextId)) {
      if (used + bytes <= budget) return;
      this.expire(old);
      used -= old.result_bytes ?? 0;
    }
  }

  private expire(e: ExecutionRecord) {
    if (e.result_file) fs.rmSync(path.join(this.resultsDir, e.result_file), { force: true });
    this.deps.repo.markExpired(e.id);
  }

  private toError(job: Job, err: unknown) {
    if (isDiskFull(err))
      return {
        type: 'FAILED_TYPE_EXECUTION_FAILED',
        message: 'the server ran out of disk space while running this query; run it again later',
      };
    if (!(err instanceof SqlError)) {
      console.error(err);
      return {
        type: 'FAILED_TYPE_EXECUTION_FAILED',
        message: 'the engine failed unexpectedly; see the server log',
      };
    }
    const message = withoutServerPaths(err.message, this.deps.config.dataDir);
    if (err.offset === undefined) return { type: err.type, message };
    const { line, column } = lineColumn(job.originalSql, job.toOriginal(err.offset));
    return { type: err.type, message, metadata: { line, column } };
  }

  /** Deletes results past their expiry; their executions become QUERY_STATE_EXPIRED. */
  sweepExpired(now = new Date()): number {
    const due = this.deps.repo.dueForExpiry(now);
    for (const e of due) this.expire(e);
    return due.length;
  }
}
