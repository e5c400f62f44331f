import type { NodeStatus } from '../../contract/pipelines.js';
import { isCompletedState, type ExecutionState } from '../../contract/rules/enums.js';
import { isTierName, type TierName } from '../engine/tiers.js';
import { dependantsOf, readyNodes } from './graph.js';
import type { NodeRecord, PipelineRecord, PipelinesRepo } from './pipelines-repo.js';
import type { PipelinesDeps } from './ports.js';

export type RunnerDeps = Pick<PipelinesDeps, 'executions' | 'matviews'> & {
  repo: PipelinesRepo;
  /** True once the service is closing: nothing more is written. */
  stopped: () => boolean;
  /** Where a write that failed is reported. */
  log: (message: string) => void;
};

const CANCELLED: ExecutionState = 'QUERY_STATE_CANCELLED';

/** How a node is named in messages: `node 2 (query 14)`, `node 3 (dune.alice.result_a)`. */
export const nodeLabel = (n: Pick<NodeRecord, 'node_id' | 'kind' | 'query_id' | 'matview_name'>) =>
  n.kind === 'query_execution'
    ? `node ${n.node_id} (query ${n.query_id})`
    : `node ${n.node_id} (${n.matview_name})`;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
const tier = (p: string): TierName => (isTierName(p) ? p : 'medium');

/**
 * Runs one pipeline execution: every node whose dependencies have all completed is submitted
 * at once (the execution queue applies the context's concurrency limit), each outcome is stored
 * as it comes, a failed or cancelled node skips its dependants (independent branches go on), and
 * the pipeline ends completed, failed (with the first failure's error) or cancelled.
 * What happens is decided in memory at once; the store writes follow in that order, one at a
 * time, and the pipeline counts as ended once they are all stored.
 */
export class PipelineRunner {
  private readonly status = new Map<number, NodeStatus>();
  private readonly inflight = new Map<number, string>();
  private running = 0;
  private started = false;
  private cancelled = false;
  private firstError: string | null = null;
  private writes: Promise<void> = Promise.resolve();
  private resolveDone!: () => void;
  /** Resolves once the pipeline has ended (or the service stopped). */
  readonly done = new Promise<void>((resolve) => (this.resolveDone = resolve));

  constructor(
    private readonly d: RunnerDeps,
    private readonly pipeline: PipelineRecord,
    private readonly nodes: NodeRecord[],
  ) {
    for (const n of nodes) this.status.set(n.node_id, n.status);
  }

  get id(): string {
    return this.pipeline.id;
  }

  start(): void {
    this.advance();
  }

  /** Resolves once every write decided so far is stored. */
  flushed(): Promise<void> {
    return this.writes;
  }

  /** Cancels running node executions and the nodes not started; resolves when it has ended. */
  async cancel(maxWaitMs = 5_000): Promise<void> {
    if (this.cancelled) return this.done;
    this.cancelled = true;
    for (const n of this.nodes) {
      if (this.status.get(n.node_id) === 'pending')
        this.end(n, 'cancelled', 'the pipeline was cancelled');
    }
    await Promise.all([...this.inflight.values()].map((id) => this.d.executions.cancel(id)));
    this.advance();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.done, new Promise((r) => (timer = setTimeout(r, maxWaitMs)))]);
    clearTimeout(timer);
    this.write(() => this.d.repo.finish(this.id, 'cancelled', null));
    await this.writes;
  }

  /** Queues a store write after those decided before it; none once the service stops. */
  private write(fn: () => Promise<unknown>): void {
    if (this.d.stopped()) return;
    this.writes = this.writes.then(fn).then(
      () => undefined,
      (err: unknown) =>
        this.d.log(`pipeline ${this.id}: a change was not stored: ${errorText(err)}`),
    );
  }

  /** The pipeline has ended (or the service stopped): `done` resolves once its writes are stored. */
  private settle() {
    void this.writes.then(() => this.resolveDone());
  }

  private graph() {
    return this.nodes.map((n) => ({ id: n.node_id, dependencies: n.dependencies }));
  }

  /** Submits what is ready; ends the pipeline when nothing runs and nothing can start. */
  private advance() {
    if (this.d.stopped()) return this.settle();
    if (!this.cancelled) {
      const ready = readyNodes(this.graph(), (id) => this.status.get(id) ?? 'pending');
      for (const g of ready) void this.launch(this.nodes.find((n) => n.node_id === g.id)!);
    }
    if (this.running > 0) return;
    const status = this.cancelled ? 'cancelled' : this.firstError ? 'failed' : 'completed';
    this.write(() =>
      this.d.repo.finish(this.id, status, status === 'failed' ? this.firstError : null),
    );
    this.settle();
  }

  private async launch(n: NodeRecord) {
    this.status.set(n.node_id, 'executing');
    this.running++;
    try {
      let executionId: string;
      try {
        executionId = await this.submit(n);
      } catch (err) {
        if (this.d.stopped()) return;
        this.failed(n, 'failed', errorText(err));
        return;
      }
      if (this.d.stopped()) return;
      this.write(() => this.d.repo.nodeSubmitted(this.id, n.node_id, executionId));
      if (!this.started) {
        this.started = true;
        this.write(() => this.d.repo.markStarted(this.id));
      }
      this.inflight.set(n.node_id, executionId);
      if (this.cancelled) await this.d.executions.cancel(executionId);
      await this.d.executions.settled(executionId);
      if (this.d.stopped()) return;
      this.inflight.delete(n.node_id);
      const e = await this.d.executions.get(executionId);
      if (this.d.stopped()) return;
      if (isCompletedState(e?.state)) {
        this.end(n, 'completed', null);
      } else if (e?.state === CANCELLED) {
        this.failed(n, 'cancelled', 'the execution was cancelled');
      } else {
        this.failed(n, 'failed', e?.error?.message ?? `the execution ended as ${e?.state}`);
      }
    } finally {
      this.running--;
      this.advance();
    }
  }

  private async submit(n: NodeRecord): Promise<string> {
    const base = {
      contextId: this.pipeline.context_id,
      userId: this.pipeline.user_id,
      apiKeyId: this.pipeline.api_key_id,
    };
    if (n.kind === 'materialized_view_refresh') {
      const matviews = this.d.matviews;
      if (!matviews) throw new Error('materialized views are not available');
      const out = await matviews.refresh({
        ...base,
        name: n.matview_name!,
        performance: tier(n.performance),
        trigger: 'pipeline',
      });
      return out.executionId;
    }
    const e = await this.d.executions.runSaved(base, 'pipeline', n.query_id!, {
      values: n.parameters,
      tier: tier(n.performance),
    });
    return e.id;
  }

  /** A node failed or was cancelled: its dependants are skipped, saying why. */
  private failed(n: NodeRecord, status: 'failed' | 'cancelled', error: string) {
    this.end(n, status, error);
    if (this.cancelled) return;
    const what = status === 'failed' ? 'failed' : 'was cancelled';
    this.firstError ??= `${nodeLabel(n)} ${what}${status === 'failed' ? `: ${error}` : ''}`;
    for (const id of dependantsOf(this.graph(), n.node_id)) {
      if (this.status.get(id) !== 'pending') continue;
      this.end(
        this.nodes.find((x) => x.node_id === id)!,
        'skipped',
        `not run: ${nodeLabel(n)} ${what}`,
      );
    }
  }

  private end(n: NodeRecord, status: NodeStatus, error: string | null) {
    this.status.set(n.node_id, status);
    this.write(() => this.d.repo.nodeEnded(this.id, n.node_id, status, error));
  }
}
