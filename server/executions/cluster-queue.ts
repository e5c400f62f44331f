import type { Signal } from '../cluster/signals.js';
import type { SqlMark } from '../../shared/sql/offsets.js';
import { creditsFor, type TierName } from '../engine/tiers.js';
import { parseJson } from '../store/db.js';
import { isStoreUnavailable } from '../store/store-unavailable.js';
import type { ClaimedRow, ClusterClaims } from './cluster-claims.js';
import {
  ExecutionQueue,
  STOPPED,
  type Job,
  type QueueDeps,
  type QueuedRun,
} from './execution-queue.js';
import { engineRun } from './execution-input.js';
import { STATES, TERMINAL } from './execution-record.js';

/** The queue of a node sharing a PostgreSQL store with others. */
export type ClusterLink = {
  claims: ClusterClaims;
  /** Tells every node of an execution event (cluster/signals.ts). */
  send: (signal: Signal, id: string) => Promise<void>;
};

/** What a run of a node taken for dead records (docs/deploy.md). */
export const nodeLostMessage = (leaseMs: number) =>
  `The node running this execution stopped (no sign of it for ${leaseMs / 1000} s); nothing was kept. Run it again.`;

/**
 * A claimed row as a run, as the node that submitted it made it (engineRun): the SQL as written
 * and its placeholder marks place error positions.
 */
function runOf(row: ClaimedRow): QueuedRun {
  return {
    id: row.id,
    contextId: row.context_id,
    tier: row.performance as TierName,
    submittedAt: Date.parse(row.submitted_at),
    dialect: row.dialect,
    originalSql: row.written_sql ?? row.sql,
    ...engineRun({ sql: row.sql, marks: parseJson<SqlMark[]>(row.sql_marks, []) }, row.dialect),
  };
}

/**
 * The queue of one node of a cluster (docs/deploy.md): the pending executions are the rows of
 * the executions table, claimed by whichever node has a free engine slot under the fairness
 * rules counted across the cluster (cluster-claims.ts). Runs, their states and their results are
 * the base queue's. Other nodes learn of queued, ended and cancelled runs by notification
 * (cluster/signals.ts) and, should one be lost, on the next lease beat (`beat`).
 */
export class ClusterQueue extends ExecutionQueue {
  /** Runs submitted on this node and not started here yet (a pinned one keeps its callback). */
  private readonly submitted = new Map<string, Job>();
  private claiming: Promise<void> | undefined;
  private claimAgain = false;

  constructor(
    deps: QueueDeps,
    private readonly link: ClusterLink & { nodeId: string },
  ) {
    super(deps);
    this.runnerNode = link.nodeId;
  }

  override add(run: QueuedRun): void {
    this.submitted.set(run.id, { ...run, cancelled: false, timedOut: false });
    // Sent with the submission's transaction, if any: the other nodes hear of it once it commits.
    this.send('new', run.id);
    queueMicrotask(() => this.detached(() => this.pump()));
  }

  /** An event another node (or this one) sent. */
  onSignal(signal: Signal, id: string): void {
    if (signal === 'cancel') {
      const job = this.running.get(id);
      if (job && !job.ended && !job.committing) {
        job.cancelled = true;
        job.interrupt?.();
      }
      return;
    }
    if (signal === 'done') {
      this.submitted.delete(id);
      this.settle(id);
    }
    // A queued run, or a slot freed somewhere that lets a context at its limit run here.
    this.pump();
  }

  /**
   * The lease beat's work: fails what nodes taken for dead had, answers waiters and forgets
   * submitted runs whose end a lost notification did not tell, and claims what waits.
   */
  async beat(): Promise<void> {
    const lost = nodeLostMessage(this.deps.config.nodeLeaseMs);
    const failed = await this.deps.repo.failInterrupted(lost, 'dead nodes');
    for (const { id } of failed) {
      this.deps.results.discard(id);
      this.send('done', id);
    }
    if (failed.length)
      this.deps.log.warn(
        { event: 'dead_node_runs_failed', executions: failed.map((e) => e.id) },
        `failed ${failed.length} execution(s) of nodes taken for dead`,
      );
    const watched = [...new Set([...this.waiters.keys(), ...this.submitted.keys()])];
    if (watched.length) {
      const states = await this.deps.repo.states(watched);
      for (const id of watched) {
        const state = states.get(id);
        if (state !== STATES.pending) this.submitted.delete(id);
        if (!state || TERMINAL.has(state)) this.settle(id);
      }
    }
    this.pump();
  }

  /** Runs submitted here that wait in the table for any node: they stay there for the others. */
  override get handedBack(): number {
    return [...this.submitted.values()].filter((j) => !j.onResult).length;
  }

  override get stranded(): number {
    return [...this.submitted.values()].filter((j) => j.onResult).length;
  }

  protected override async idle(): Promise<void> {
    await this.claiming;
  }

  /**
   * Pending runs stay in the table for the other nodes, except those pinned here (a callback of
   * this process stores their result): nobody else can run them, so they are cancelled, uncharged.
   */
  override async stop(): Promise<void> {
    this.stopped = true;
    await this.claiming;
    const pinned = [...this.submitted.values()].filter((j) => j.onResult);
    this.submitted.clear();
    await Promise.allSettled(
      pinned.map(async ({ id }) => {
        const done = await this.deps.repo.markCancelled(id, {
          cancelledAt: new Date(),
          executionMs: null,
          credits: 0,
          error: STOPPED,
        });
        if (done) this.send('done', id);
      }),
    );
    await super.stop();
  }

  override async queuePosition(id: string): Promise<number | undefined> {
    return this.link.claims.queuePosition(id);
  }

  protected override runningOf(contextId: number): Promise<number> {
    return this.link.claims.runningOf(contextId);
  }

  override async cancel(id: string): Promise<boolean> {
    if (this.running.has(id)) {
      const done = await super.cancel(id);
      if (done) this.send('done', id);
      return done;
    }
    this.submitted.delete(id);
    const e = await this.deps.repo.get(id);
    if (!e || (e.state !== STATES.pending && e.state !== STATES.executing)) return false;
    const started = e.started_at ? Date.parse(e.started_at) : undefined;
    const ms = started === undefined ? null : Math.max(0, Date.now() - started);
    const tier = this.deps.config.tiers[e.performance as TierName];
    const done = await this.deps.repo.markCancelled(id, {
      cancelledAt: new Date(),
      executionMs: ms,
      credits: ms === null || !tier ? 0 : creditsFor(tier, ms),
    });
    if (!done) return (await this.deps.repo.states([id])).get(id) === STATES.cancelled;
    // Whichever node claimed it (perhaps just now) interrupts it; its end cannot overwrite this.
    this.send('cancel', id);
    this.send('done', id);
    this.settle(id);
    return true;
  }

  override settled(id: string): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const job = this.running.get(id) ?? this.cancelling.get(id);
    if (job?.ended) return Promise.resolve();
    const settled = new Promise<void>((resolve) =>
      this.waiters.set(id, [...(this.waiters.get(id) ?? []), resolve]),
    );
    if (!job) {
      // Running elsewhere or already over: the table says which (read after the waiter is set,
      // so an end between the two is not missed).
      void this.deps.repo.states([id]).then(
        (states) => {
          const state = states.get(id);
          if (!state || TERMINAL.has(state)) this.settle(id);
        },
        () => {},
      );
    }
    return settled;
  }

  protected override ended(id: string): void {
    this.send('done', id);
    this.pump();
  }

  /** Claims what this node's free slots may run, once at a time (asked again while at it: again). */
  protected override pump(): void {
    if (this.stopped || this.draining) return;
    if (this.claiming) {
      this.claimAgain = true;
      return;
    }
    this.claiming = this.claimWhileFree().finally(() => (this.claiming = undefined));
  }

  private async claimWhileFree(): Promise<void> {
    try {
      do {
        this.claimAgain = false;
        const free = this.deps.config.engineSlots - this.running.size;
        if (free <= 0 || this.stopped || this.draining) return;
        for (const row of await this.link.claims.claim(free, this.deps.config)) {
          const job = this.submitted.get(row.id) ?? {
            ...runOf(row),
            cancelled: false,
            timedOut: false,
          };
          this.submitted.delete(row.id);
          job.claimed = true;
          // Claimed as the node began to stop: back to the queue, for another node.
          if (this.stopped || this.draining)
            await this.link.claims.release(row.id, job.onResult !== undefined);
          else this.start(job);
        }
      } while (this.claimAgain);
    } catch (err) {
      // PostgreSQL away (the node logs the outage once): the next notification or beat tries again.
      this.deps.log[isStoreUnavailable(err) ? 'debug' : 'warn']({ err }, 'execution claim failed');
    }
  }

  private send(signal: Signal, id: string): void {
    this.link.send(signal, id).catch((err: unknown) => {
      this.deps.log[isStoreUnavailable(err) ? 'debug' : 'warn'](
        { err, signal, execution_id: id },
        'cluster signal not sent',
      );
    });
  }
}
